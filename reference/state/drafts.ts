// Drafts (zulip/zulip zerver/models/drafts.py): a user's unsent messages, kept so that
// their clients can synchronize them. Only their owner ever sees them.
import { defineTable } from './table.ts';

export interface DraftRecord {
  id: number;
  /** The owner. */
  user_id: number;
  /** '' for an unaddressed draft. */
  type: '' | 'stream' | 'private';
  /** Channel drafts only. */
  stream_id: number | null;
  /** Direct drafts: every participant, the owner included, ascending. */
  dm_user_ids: number[];
  /** "" unless a channel draft. */
  topic: string;
  content: string;
  /** UNIX seconds, with up to six decimals (last_edit_time). */
  last_edit_time: number;
}

export const DRAFTS = defineTable<DraftRecord>('drafts', { indexes: { owner: (d) => d.user_id } });
