// User status (zulip/zulip zerver/models/presence.py UserStatus): a user's status text
// and emoji. The row's id is its user's id; a user who never set a status has none.
import { defineTable } from './table.ts';

export interface UserStatusRecord {
  /** The user's id. */
  id: number;
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  /** When it was last set, milliseconds since the epoch. */
  timestamp_ms: number;
}

export const USER_STATUS = defineTable<UserStatusRecord>('user_status', { indexes: {} });
