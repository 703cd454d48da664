// Saved snippets (zulip/zulip zerver/models/saved_snippets.py): text a user keeps to
// insert into messages. Only their owner ever sees them.
import { defineTable } from './table.ts';

export interface SavedSnippetRecord {
  id: number;
  /** The owner. */
  user_id: number;
  title: string;
  content: string;
  /** UNIX seconds. */
  date_created: number;
}

export const SAVED_SNIPPETS = defineTable<SavedSnippetRecord>('saved_snippets', { indexes: { owner: (s) => s.user_id } });
