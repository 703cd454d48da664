// Deactivating a user: zulip/zulip zerver/views/users.py (deactivate_user_backend,
// check_last_owner), zerver/lib/users.py (access_user_by_id, access_user_common),
// zerver/actions/users.py (do_deactivate_user, send_events_for_user_deactivation) and
// zerver/actions/message_delete.py (DeactivateUserActions, delete_deactivated_user_messages).
// checkDeactivateUser refuses before anything changes; doDeactivateUser deactivates the
// user's bots, then the user, then applies the requested actions to the bots and then
// the user, then records the notification email.
import type { RealmUserEvent } from '../state/events.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isDirectSystemMember, systemGroupId } from '../domain/groups.ts';
import { avatarUrl, isAdmin, isGuest } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest, RoleRequired } from '../errors.ts';
import type { Store } from '../state/store.ts';
import { ROLE, type Channel, type Message, type User } from '../state/types.ts';
import { activeUserIds, emitPeerEvents } from './channel-events.ts';
import { doDeleteMessage } from './delete-message.ts';

export interface DeactivateUserActions {
  delete_profile: boolean;
  delete_public_channel_messages: boolean;
  delete_private_channel_messages: boolean;
  delete_direct_messages: boolean;
}

/**
 * Deactivation sends peer_remove from feature level 377 (and from 428, for archived
 * channels too: domain/feature-levels.ts). a ~2024 zerver/actions/users.py do_deactivate_user sent none;
 * the API documentation of the peer_remove event ("Before Zulip 10.0 (feature level
 * 377), this event was not sent on user deactivation"; FL 428 for archived channels)
 * and a newer send_events_for_user_deactivation (peer_remove before the realm_user
 * update) show the modern server sends it, so this follows the newer sources.
 */
const DELETED_USER_NAME = 'Deleted user';
const DEACTIVATED_BOT_NAME = 'Deactivated bot';

/** access_user_by_id(for_admin=True), then the owner rules of deactivate_user_backend. */
export function checkDeactivateUser(world: World, me: User, targetId: number): User {
  const store = world.store;
  const target = store.user(targetId);
  // System bots live in another realm on the real server: not found here either.
  if (!target || target.is_system_bot) throw new BadRequest('No such user');
  // Bots are deactivated through DELETE /bots/{bot_id}.
  if (target.is_bot) throw new BadRequest('No such user');
  if (!target.is_active) throw new BadRequest('User is deactivated');
  // can_admin_user: an administrator (a bot's owner too, but bots were refused above).
  if (!isAdmin(me)) throw new BadRequest('Insufficient permission');
  if (target.role === ROLE.owner && me.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
  if (isLastOwner(store, target)) throw new BadRequest('Cannot deactivate the only organization owner');
  return target;
}

/** check_last_owner: the target is the realm's only active human owner. */
function isLastOwner(store: Store, target: User): boolean {
  if (target.role !== ROLE.owner || target.is_bot) return false;
  return store.realmUsers().filter((u) => u.is_active && !u.is_bot && u.role === ROLE.owner).length === 1;
}

export function doDeactivateUser(world: World, me: User, target: User, actions: DeactivateUserActions, comment: string | undefined): void {
  const store = world.store;
  const bots = store
    .realmUsers()
    .filter((u) => u.is_bot && u.is_active && u.bot_owner_id === target.user_id)
    .sort((a, b) => a.user_id - b.user_id);
  for (const bot of bots) deactivateOne(world, bot);
  deactivateOne(world, target);
  // NOTE: approximation: `actions` came at feature level 459, after the server code at hand
  // (level 442); the documentation orders them bots first, then the user, but not against
  // the deactivations, so they run after all of them here.
  for (const u of [...bots, target]) applyActions(world, me, u.user_id, actions);
  if (comment !== undefined) sendDeactivationEmail(world, target, comment);
}

/** do_deactivate_user(_cascade=False) for one account, with its events in the real order. */
function deactivateOne(world: World, user: User): void {
  const store = world.store;
  const before = accessBefore(store, user, world.nowMs());
  store.putUser({ ...user, is_active: false });
  const deactivated = store.user(user.user_id) as User;
  if (atLeast(store, 'deactivation_peer_remove')) emitPeerRemove(world, deactivated);
  emitDeactivationEvents(world, deactivated, before);
  // Below feature level 474 only: from it the realm_user update says it (slim_bot_dicts).
  if (deactivated.is_bot && !atLeast(store, 'slim_bot_dicts')) store.emit(botOwnerUserIds(store, deactivated), { type: 'realm_bot', op: 'update', bot: { user_id: deactivated.user_id, is_active: false } });
}

/**
 * bot_owner_user_ids: the owner and the realm's human administrators (no bot here has a
 * private default channel, which would narrow it to the owner alone).
 */
function botOwnerUserIds(store: Store, bot: User): number[] {
  const to = new Set(store.realmUsers().filter((u) => u.is_active && !u.is_bot && isAdmin(u)).map((u) => u.user_id));
  if (bot.bot_owner_id !== null) to.add(bot.bot_owner_id);
  return [...to];
}

/** What send_events_for_user_deactivation needs from before the change. */
function accessBefore(store: Store, user: User, nowMs: number) {
  // System groups by role (a full member is a direct member of role:fullmembers too); never
  // asked of a system bot: checkDeactivateUser refuses them, and they own no bots.
  const directGroups = store
    .groups()
    .filter((g) => !g.deactivated && (g.is_system_group ? isDirectSystemMember(store, g.name, user, nowMs) : g.members.includes(user.user_id)))
    .map((g) => g.id)
    .sort((a, b) => a - b);
  return { directGroups };
}


/**
 * peer_remove for the channels the user was subscribed to (get_streams_for_user with
 * include_public=False), with send_peer_subscriber_events' recipients, computed after
 * the deactivation (the user is no longer a subscriber anyone is told about).
 */
function emitPeerRemove(world: World, user: User): void {
  const store = world.store;
  const withArchived = atLeast(store, 'deactivation_peer_remove_archived');
  const altered = new Map<Channel, Set<number>>();
  for (const id of store.subscribedChannelIds(user.user_id)) {
    const c = store.channel(id);
    if (c && (withArchived || !c.is_archived)) altered.set(c, new Set([user.user_id]));
  }
  emitPeerEvents(store, 'peer_remove', altered, world.nowMs());
}

/**
 * The realm_user update (and, where the realm restricts who sees whom, the remove and
 * remove_members events) of send_events_for_user_deactivation.
 */
function emitDeactivationEvents(world: World, user: User, before: { directGroups: number[] }): void {
  const store = world.store;
  const everyone = activeUserIds(store);
  const event: RealmUserEvent = { type: 'realm_user', op: 'update', person: { user_id: user.user_id, is_active: false } };
  const restricted = !user.is_bot && store.realm.can_access_all_users_group !== systemGroupId(store, 'role:everyone');
  if (!restricted) {
    store.emit(everyone, event);
    return;
  }
  const withAccess = new Set(everyone.filter((id) => !isGuest(store.user(id) as User)));
  const ids = store.userMessageIds(user.user_id);
  for (let i = 0; i < ids.length; i++) {
    const m = store.message(ids[i] as number);
    // A channel message's dm_user_ids is empty: only direct messages add anyone.
    if (m) for (const id of m.dm_user_ids) if (store.user(id)?.is_active) withAccess.add(id);
  }
  withAccess.delete(user.user_id);
  store.emit([...withAccess].sort((a, b) => a - b), event);
  const without = everyone.filter((id) => !withAccess.has(id));
  if (without.length > 0) {
    // NOTE: approximation: upstream also sends these users a realm update_dict or user_group
    // update for each realm or group setting whose anonymous group names the user
    // (send_update_events_for_anonymous_group_settings), ordered by the anonymous groups'
    // database ids; Understudy stores such values inline, without ids, and sends none.
    for (const groupId of before.directGroups) {
      store.emit(without, { type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: [user.user_id] });
    }
  }
  const peers = new Set<number>();
  for (const streamId of store.subscribedChannelIds(user.user_id)) for (const id of store.subscribers(streamId)) peers.add(id);
  const losing = [...peers].filter((id) => !withAccess.has(id) && id !== user.user_id).sort((a, b) => a - b);
  store.emit(losing, { type: 'realm_user', op: 'remove', person: { user_id: user.user_id, full_name: 'Unknown user' } });
}

function applyActions(world: World, me: User, userId: number, actions: DeactivateUserActions): void {
  const store = world.store;
  if (actions.delete_profile) deleteProfile(world, store.user(userId) as User);
  const wanted = (m: Message): boolean => {
    if (m.stream_id === null) return actions.delete_direct_messages;
    const c = store.channel(m.stream_id);
    // get_public_streams_queryset: public means not invite-only and shared history.
    const isPublic = c !== undefined && !c.invite_only && c.history_public_to_subscribers;
    return isPublic ? actions.delete_public_channel_messages : actions.delete_private_channel_messages;
  };
  if (!actions.delete_direct_messages && !actions.delete_public_channel_messages && !actions.delete_private_channel_messages) return;
  const doomed = store
    .senderMessageIds(userId)
    .map((id) => store.message(id) as Message)
    .filter(wanted);
  for (const m of doomed) doDeleteMessage(world, me, m);
}

/**
 * delete_profile (do_deactivate_user): a user is renamed "Deleted user", a bot "Deactivated
 * bot" (do_change_full_name, only when the name differs: a realm_user update for everyone
 * and, for a bot, a realm_bot update for its owner and the administrators); the avatar goes
 * back to the default (do_change_avatar_fields: the avatar update events). The account is
 * marked is_deleted (a subset of deactivated users, FL 490).
 */
function deleteProfile(world: World, user: User): void {
  const store = world.store;
  const name = user.is_bot ? DEACTIVATED_BOT_NAME : DELETED_USER_NAME;
  const everyone = activeUserIds(store);
  let next: User = { ...user, is_deleted: true };
  if (user.full_name !== name) {
    next = { ...next, full_name: name };
    store.putUser(next);
    store.emit(everyone, { type: 'realm_user', op: 'update', person: { user_id: user.user_id, full_name: name } });
    if (next.is_bot && !atLeast(store, 'slim_bot_dicts')) store.emit(botOwnerUserIds(store, next), { type: 'realm_bot', op: 'update', bot: { user_id: user.user_id, full_name: name } });
  }
  // NOTE: approximation: the profile picture is removed by resetting every avatar to the
  // default (Gravatar) one, told with a new avatar_version, also where it already was the
  // default; the real server's reset of a default avatar is not in the upstream code at hand.
  next = { ...next, avatar_source: 'G', avatar_version: user.avatar_version + 1 };
  store.putUser(next);
  const url = avatarUrl(store, null, next, false);
  // notify_avatar_url_change: the bot's owners first, then everyone.
  if (next.is_bot && !atLeast(store, 'slim_bot_dicts')) store.emit(botOwnerUserIds(store, next), { type: 'realm_bot', op: 'update', bot: { user_id: user.user_id, avatar_url: url } });
  store.emit(everyone, {
    type: 'realm_user',
    op: 'update',
    person: { user_id: user.user_id, avatar_source: 'G', avatar_url: url, avatar_url_medium: url, avatar_version: next.avatar_version },
  });
}

/**
 * The zerver/emails/deactivate email. null (omitted) sends nothing; "" sends it without
 * the administrators' comment.
 * The subject is templates/zerver/emails/deactivate.subject.txt's.
 * NOTE: approximation: the body paraphrases the real template (templates/zerver/emails/
 * deactivate.txt, not in the server code at hand, and upstream prose the project does not copy).
 */
function sendDeactivationEmail(world: World, user: User, comment: string): void {
  const realm = world.store.realm;
  const lines = [`Your account on ${realm.name} (${realm.url}) has been deactivated, and you will no longer be able to log in.`];
  if (comment !== '') lines.push('', 'The administrators provided the following comment:', '', comment);
  world.store.sendEmail({
    to: user.delivery_email,
    subject: `Notification of account deactivation on ${realm.name}`,
    body: lines.join('\n'),
    timestamp: world.nowSeconds(),
  });
}
