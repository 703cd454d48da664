// Which users a user may know about (zulip/zulip zerver/lib/users.py
// check_user_can_access_all_users, get_accessible_user_ids): everyone, unless the user
// is a guest outside the realm's can_access_all_users_group; such a guest knows
// themselves, the active subscribers of their channels, the people of their
// direct-message conversations (deactivated users included) and every bot.
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { isUserInSetting } from './groups.ts';
import { isGuest } from './users.ts';

export function canAccessAllUsers(store: Store, viewer: User, nowMs: number): boolean {
  return !isGuest(viewer) || isUserInSetting(store, store.realm.can_access_all_users_group, viewer.user_id, nowMs);
}

/** The users (bots aside) a guest restricted by can_access_all_users_group may know. */
export function accessibleUserIds(store: Store, viewer: User): Set<number> {
  const out = new Set<number>([viewer.user_id]);
  // Fellow subscribers who are active (is_user_active), then everyone of the guest's
  // direct-message conversations, deactivated or not.
  for (const streamId of store.subscribedChannelIds(viewer.user_id)) for (const id of store.subscribers(streamId)) out.add(id);
  const { ids } = store.userMessageRows(viewer.user_id);
  for (let i = 0; i < ids.length; i++) {
    const m = store.message(ids[i] as number);
    // A channel message's dm_user_ids is empty: only direct messages add anyone.
    if (m) for (const id of m.dm_user_ids) out.add(id);
  }
  return out;
}

/** May the viewer know this user? `accessible`: the viewer's accessibleUserIds, when the caller keeps them for many targets. */
export function canAccessUser(store: Store, viewer: User, target: User, nowMs: number, accessible?: () => ReadonlySet<number>): boolean {
  if (target.is_bot || canAccessAllUsers(store, viewer, nowMs)) return true;
  return (accessible ? accessible() : accessibleUserIds(store, viewer)).has(target.user_id);
}

/**
 * get_user_ids_who_can_access_user: the active users who may know this one (everyone
 * active, unless the realm restricts guests).
 */
export function userIdsWhoCanAccess(store: Store, target: User, nowMs: number): number[] {
  const out: number[] = [];
  for (const u of store.realmUsers()) {
    if (!u.is_active) continue;
    if (!isGuest(u) || canAccessUser(store, u, target, nowMs)) out.push(u.user_id);
  }
  return out;
}
