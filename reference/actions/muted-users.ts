// Muting and unmuting users (zulip/zulip zerver/views/muted_users.py mute_user,
// unmute_user; zerver/actions/muted_users.py do_mute_user, do_unmute_user;
// zerver/actions/message_flags.py do_mark_muted_user_messages_as_read). The muting
// user's unread messages from the muted one become read; the whole new list goes to the
// muting user alone.
import { mutedUsersOf } from '../domain/muted-users.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { BadRequest } from '../errors.ts';
import { MUTED_USERS, type MutedUserRecord } from '../state/muted-users.ts';
import { FLAG, type User } from '../state/types.ts';
import type { World } from '../world.ts';
import { notifyRemoval } from './push-notify.ts';

/**
 * access_user_by_id_including_cross_realm(allow_bots, allow_deactivated, for_admin=False):
 * any user of the realm or a system bot, if the actor may know them (a guest limited by
 * can_access_all_users_group may not mute or unmute those they cannot see).
 */
function accessMutedUser(world: World, actor: User, userId: number): User {
  const target = world.store.user(userId);
  if (target === undefined) throw new BadRequest('No such user');
  if (!canAccessUser(world.store, actor, target, world.nowMs())) throw new BadRequest('Insufficient permission');
  return target;
}

export function checkMuteUser(world: World, actor: User, mutedUserId: number): User {
  if (actor.user_id === mutedUserId) throw new BadRequest('Cannot mute self');
  const target = accessMutedUser(world, actor, mutedUserId);
  if (findMute(world, actor.user_id, target.user_id) !== undefined) throw new BadRequest('User already muted');
  return target;
}

export function doMuteUser(world: World, actor: User, target: User): void {
  const table = world.store.table(MUTED_USERS);
  table.put({ id: table.nextId(), user_id: actor.user_id, muted_user_id: target.user_id, date_muted: world.nowSeconds() });
  markMutedUserMessagesRead(world, actor, target);
  emitList(world, actor);
}

export function checkUnmuteUser(world: World, actor: User, mutedUserId: number): MutedUserRecord {
  const target = accessMutedUser(world, actor, mutedUserId);
  const mute = findMute(world, actor.user_id, target.user_id);
  if (mute === undefined) throw new BadRequest('User is not muted');
  return mute;
}

export function doUnmuteUser(world: World, actor: User, mute: MutedUserRecord): void {
  world.store.table(MUTED_USERS).delete(mute.id);
  emitList(world, actor);
}

function findMute(world: World, userId: number, mutedUserId: number): MutedUserRecord | undefined {
  return world.store.table(MUTED_USERS).find('owner', userId).find((m) => m.muted_user_id === mutedUserId);
}

function emitList(world: World, actor: User): void {
  world.store.emit([actor.user_id], { type: 'muted_users', muted_users: mutedUsersOf(world.store, actor.user_id) });
}

/**
 * do_mark_muted_user_messages_as_read: through the sender's index, the user's unread
 * messages from the muted user; one read event naming them; their mobile notifications
 * withdrawn from the user's devices.
 */
function markMutedUserMessagesRead(world: World, actor: User, target: User): void {
  const store = world.store;
  const ids: number[] = [];
  for (const id of store.senderMessageIds(target.user_id)) {
    const flags = store.userMessageFlags(actor.user_id, id);
    if (flags === undefined || flags & FLAG.read) continue;
    store.setUserMessageFlags(actor.user_id, id, flags | FLAG.read);
    ids.push(id);
  }
  if (ids.length === 0) return;
  store.emit([actor.user_id], { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: ids, all: false });
  notifyRemoval(world, ids, actor.user_id);
}
