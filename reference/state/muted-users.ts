// Muted users (zulip/zulip zerver/models/muted_users.py MutedUser): who muted whom, and
// when. Found by the muting user (their list) and by the muted one (who gets a new
// message of theirs already read).
import { defineTable } from './table.ts';

export interface MutedUserRecord {
  id: number;
  /** Who muted. */
  user_id: number;
  muted_user_id: number;
  /** UNIX seconds (date_muted). */
  date_muted: number;
}

export const MUTED_USERS = defineTable<MutedUserRecord>('muted_users', {
  indexes: { owner: (m) => m.user_id, muted: (m) => m.muted_user_id },
});
