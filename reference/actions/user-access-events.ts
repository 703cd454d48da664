// realm_user events when subscriptions change who may know whom, on a realm whose guests
// may not know everyone (can_access_all_users_group is not role:everyone): zulip/zulip
// zerver/actions/streams.py send_user_creation_events_on_adding_subscriptions and
// send_user_remove_events_on_removing_subscriptions. The rule is upstream's set
// arithmetic, bots included: the subscribers of the channels joined or left, less the
// non-guests, the people the user shares a channel or group DM with, their DM partners
// and the user.
import { systemGroupId } from '../domain/groups.ts';
import { accessibleUserIds } from '../domain/user-access.ts';
import { canSeeDeliveryEmail, formatUser, isGuest } from '../domain/users.ts';
import type { Store } from '../state/store.ts';
import type { Channel, User } from '../state/types.ts';
import type { World } from '../world.ts';

/** !all_users_accessible_by_everyone_in_realm. */
export function accessRestricted(store: Store): boolean {
  return store.realm.can_access_all_users_group !== systemGroupId(store, 'role:everyone');
}

/**
 * Whom each user already shares a channel, a group DM or a DM with (themselves
 * included): get_subscribers_of_target_user_subscriptions and
 * get_users_involved_in_dms_with_target_users, as the caller needs them before a change.
 */
export function sharedWith(store: Store, userIds: Iterable<number>): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const id of userIds) {
    const u = store.user(id);
    if (u) out.set(id, accessibleUserIds(store, u));
  }
  return out;
}

/** The active subscribers of the channels. */
function subscribersOf(store: Store, channels: readonly Channel[]): Set<number> {
  const out = new Set<number>();
  for (const c of channels) for (const id of store.subscribers(c.stream_id)) out.add(id);
  return out;
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** notify_created_user(user, ids): realm_user add, with the delivery email for those who may see it. */
function notifyCreated(store: Store, user: User, ids: number[]): void {
  const viewers = ids.map((id) => store.user(id)).filter((u): u is User => u !== undefined && u.is_active);
  const person = formatUser(store, null, user, { clientGravatar: false, includeCustomProfileFields: false });
  const withEmail = viewers.filter((v) => canSeeDeliveryEmail(v, user)).map((v) => v.user_id);
  const without = viewers.filter((v) => !canSeeDeliveryEmail(v, user)).map((v) => v.user_id);
  if (withEmail.length > 0) store.emit(withEmail, { type: 'realm_user', op: 'add', person: { ...person, delivery_email: user.delivery_email } });
  if (without.length > 0) store.emit(without, { type: 'realm_user', op: 'add', person });
}

/**
 * After the subscription add events: the guests among the new channels' subscribers who
 * shared nothing with a newly subscribed user learn of that user; a newly subscribed
 * guest learns of the subscribers it shared nothing with. `before`: sharedWith, taken
 * before the subscriptions were added.
 */
export function emitAccessGained(world: World, byUser: ReadonlyMap<number, readonly Channel[]>, before: ReadonlyMap<number, ReadonlySet<number>>): void {
  const store = world.store;
  for (const [userId, channels] of byUser) {
    const user = store.user(userId);
    const known = before.get(userId);
    if (!user || !known) continue;
    const reached = subscribersOf(store, channels);
    const guests = sorted(reached).filter((id) => !known.has(id) && isGuest(store.user(id) as User));
    if (guests.length > 0) notifyCreated(store, user, guests);
    if (isGuest(user)) {
      for (const id of sorted(reached)) if (!known.has(id)) notifyCreated(store, store.user(id) as User, [userId]);
    }
  }
}

/**
 * After the peer_remove events: the guests among the left channels' remaining subscribers
 * who now share nothing with the user that left get realm_user remove; a guest that left
 * gets one for each remaining subscriber it now shares nothing with.
 */
export function emitAccessLost(world: World, byUser: ReadonlyMap<User, readonly Channel[]>): void {
  const store = world.store;
  for (const [user, channels] of byUser) {
    const known = accessibleUserIds(store, user);
    const reached = subscribersOf(store, channels);
    const guests = sorted(reached).filter((id) => !known.has(id) && isGuest(store.user(id) as User));
    const removal = (id: number) => ({ type: 'realm_user' as const, op: 'remove' as const, person: { user_id: id, full_name: 'Unknown user' } });
    if (guests.length > 0) store.emit(guests, removal(user.user_id));
    if (isGuest(user)) {
      for (const id of sorted(reached)) if (!known.has(id)) store.emit([user.user_id], removal(id));
    }
  }
}
