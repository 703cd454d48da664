// Muted users as the API lists them (zulip/zulip zerver/lib/muted_users.py
// get_user_mutes, get_muting_users).
import { MUTED_USERS } from '../state/muted-users.ts';
import type { Store } from '../state/store.ts';

/** get_user_mutes: [{id, timestamp}] in the order they were muted. */
export function mutedUsersOf(store: Store, userId: number): Array<{ id: number; timestamp: number }> {
  return store.table(MUTED_USERS).find('owner', userId).map((m) => ({ id: m.muted_user_id, timestamp: m.date_muted }));
}

/** get_muting_users: who muted this user (deactivated users too). */
export function mutingUserIds(store: Store, mutedUserId: number): Set<number> {
  return new Set(store.table(MUTED_USERS).find('muted', mutedUserId).map((m) => m.user_id));
}
