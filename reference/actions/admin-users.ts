// Administering users over the API: creating one (POST /users), changing another's name and
// role (PATCH /users/{user_id}), reactivating one (POST /users/{user_id}/reactivate).
// zulip/zulip zerver/views/users.py (create_user_backend, update_user_backend,
// reactivate_user_backend, check_last_owner), zerver/lib/users.py (check_full_name,
// access_user_by_id, access_user_common), zerver/actions/users.py (do_change_user_role,
// send_stream_events_for_role_update), zerver/actions/user_settings.py (do_change_full_name)
// and zerver/actions/create_user.py (do_reactivate_user).
import { hasMetadataAccess } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isDirectSystemMember } from '../domain/groups.ts';
import { hasPermission, REALM_SETTINGS } from '../domain/permissions.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { isAdmin } from '../domain/users.ts';
import { BadRequest, RoleRequired } from '../errors.ts';
import type { Store } from '../state/store.ts';
import { BOT_TYPE, EMAIL_VISIBILITY, ROLE, type Channel, type Role, type User } from '../state/types.ts';
import type { World } from '../world.ts';
import { activeUserIds, channelDict, emitPeerEvents, emitStreamDelete } from './channel-events.ts';
import { checkCreateUser, doCreateUser } from './create-user.ts';
import { doSubscribe } from './subscribe.ts';
import { applyProfileData, type ProfileDataPlan } from './custom-profile-fields.ts';

const NAME_MAX_LENGTH = 100;
const NAME_INVALID_CHARS = ['*', '`', '\\', '>', '"', '@'];
const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 100;

/** is_character_printable: no control characters, surrogates or Unicode non-characters. */
function isPrintable(ch: string): boolean {
  if (/[\p{Cc}\p{Cs}]/u.test(ch)) return false;
  const cp = ch.codePointAt(0) as number;
  if (cp >= 0xfdd0 && cp < 0xfdf0) return false;
  return (cp & 0xfffe) !== 0xfffe;
}

/**
 * check_full_name: stripped, 1 to 100 characters, printable, none of * ` \ > " @, not ending
 * in |digits (which the mention syntax would misread).
 * NOTE: approximation: the realm setting require_unique_names (off by default) is not modelled.
 */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if ([...name].length > NAME_MAX_LENGTH) throw new BadRequest('Name too long!');
  if (name.length === 0) throw new BadRequest('Name must not be empty!');
  if ([...name].some((c) => !isPrintable(c)) || NAME_INVALID_CHARS.some((c) => name.includes(c))) {
    throw new BadRequest('Invalid characters in name!');
  }
  if (/\|\d+$/.test(raw)) throw new BadRequest('Invalid format!');
  return name;
}

/** Django's EmailValidator, in outline: one @, a local part without spaces, a dotted domain. */
function isValidEmail(email: string): boolean {
  return /^[^\s@"(),:;<>[\]\\]+@([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9-]{2,63}$/.test(email) && email.length <= 254;
}

// ---- POST /users ---------------------------------------------------------------------------

export interface CreateUserRequest {
  email: string;
  password: string;
  full_name: string;
}

/** create_user_backend after @require_realm_admin: its checks in order. */
export function checkCreateUserByAdmin(world: World, me: User, req: CreateUserRequest): CreateUserRequest {
  if (me.can_create_users !== true) throw new BadRequest('User not authorized to create users');
  const fullName = checkFullName(req.full_name);
  if (!isValidEmail(req.email)) throw new BadRequest('Bad name or username');
  // NOTE: approximation: the realm's domain restrictions and disposable-address list are not modelled.
  if (world.store.userByEmail(req.email)) throw new BadRequest('Email is already in use.');
  // NOTE: approximation: check_password_strength also asks zxcvbn for at least 10,000
  // guesses (PASSWORD_MIN_GUESSES); only the length bounds are applied here.
  if ([...req.password].length < PASSWORD_MIN_LENGTH || [...req.password].length > PASSWORD_MAX_LENGTH) {
    throw new BadRequest('The password is too weak.');
  }
  return { ...req, full_name: fullName };
}

/**
 * do_create_user through the shared creation action (the realm_user add event and the system
 * groups' add_members), then process_new_human_user's subscriptions to the organization's
 * default channels (bulk_add_subscriptions: subscription add, peer_add; no notices).
 * NOTE: approximation: the real server also sends Welcome Bot's messages to the new user and
 * the signup announcement; Understudy's API-created users receive neither.
 */
export function doCreateUserByAdmin(world: World, req: CreateUserRequest): User {
  const spec = {
    email: req.email,
    full_name: req.full_name,
    role: ROLE.member,
    password: req.password,
    bot_type: null,
    bot_owner_id: null,
    is_active: true,
    // The realm's default for new users; Understudy's is the real server's default, everyone (1).
    email_address_visibility: EMAIL_VISIBILITY.everyone,
  };
  checkCreateUser(world, spec);
  const user = doCreateUser(world, spec);
  const defaults = world.store.channels().filter((c) => c.is_default && !c.is_archived);
  if (defaults.length > 0) {
    doSubscribe(world, {
      actor: user,
      toCreate: [],
      targets: defaults.map((c) => ({ existing: c })),
      unauthorized: null,
      subscribers: [user],
      colors: new Map(),
      announce: false,
      sendNewSubscriptionMessages: false,
    });
  }
  return world.store.user(user.user_id) as User;
}

// ---- PATCH /users/{user_id} ------------------------------------------------------------------

/** access_user_by_id(allow_deactivated=True, allow_bots=True, for_admin=True). */
export function accessUserForAdmin(store: Store, me: User, targetId: number): User {
  const target = store.user(targetId);
  if (!target || target.is_system_bot) throw new BadRequest('No such user');
  // can_admin_user: an administrator, or a bot's owner.
  if (!isAdmin(me) && !(target.is_bot && target.bot_owner_id === me.user_id)) throw new BadRequest('Insufficient permission');
  return target;
}

/** check_last_owner: the target is the realm's only active human owner. */
export function isLastOwner(store: Store, target: User): boolean {
  if (target.role !== ROLE.owner || target.is_bot) return false;
  return store.realmUsers().filter((u) => u.is_active && !u.is_bot && u.role === ROLE.owner).length === 1;
}

export interface UpdateUserRequest {
  full_name?: string | undefined;
  role?: Role | undefined;
  new_email?: string | undefined;
}

export interface UpdateUserPlan {
  target: User;
  role?: Role;
  full_name?: string;
}

/** update_user_backend's checks, in its order (new_email, role, full name). */
export function checkUpdateUser(world: World, me: User, targetId: number, req: UpdateUserRequest): UpdateUserPlan {
  const store = world.store;
  const target = accessUserForAdmin(store, me, targetId);
  // can_change_user_emails is a server administrator's grant that Understudy gives no one.
  if (req.new_email !== undefined) throw new BadRequest('User not authorized to change user emails');
  const plan: UpdateUserPlan = { target };
  if (req.role !== undefined && req.role !== target.role) {
    if ((req.role === ROLE.owner || target.role === ROLE.owner) && me.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
    if (!isAdmin(me)) throw new RoleRequired('Must be an organization administrator');
    if (isLastOwner(store, target)) throw new BadRequest('The owner permission cannot be removed from the only organization owner.');
    plan.role = req.role;
  }
  if (req.full_name !== undefined && req.full_name !== target.full_name && req.full_name.trim() !== '') {
    const name = checkFullName(req.full_name);
    if (name !== target.full_name) plan.full_name = name;
  }
  return plan;
}

/** Active users who may see the target (get_user_ids_who_can_access_user). */
function whoCanAccess(world: World, target: User): number[] {
  const store = world.store;
  const now = world.nowMs();
  return activeUserIds(store).filter((id) => canAccessUser(store, store.user(id) as User, target, now));
}

export function doUpdateUser(world: World, plan: UpdateUserPlan, profile?: ProfileDataPlan): void {
  if (plan.role !== undefined) doChangeRole(world, plan.target.user_id, plan.role);
  if (plan.full_name !== undefined) {
    const store = world.store;
    const user = store.user(plan.target.user_id) as User;
    store.putUser({ ...user, full_name: plan.full_name });
    const person = { user_id: user.user_id, full_name: plan.full_name };
    store.emit(whoCanAccess(world, user), { type: 'realm_user', op: 'update', person });
    // Below feature level 474 only: from it the realm_user update says it (slim_bot_dicts).
    if (user.is_bot && !atLeast(store, 'slim_bot_dicts')) store.emit(botOwnerIds(store, user), { type: 'realm_bot', op: 'update', bot: person });
  }
  if (profile !== undefined) applyProfileData(world, profile, world.store.user(plan.target.user_id) as User);
}

/** bot_owner_user_ids: the realm's human administrators and the bot's owner. */
function botOwnerIds(store: Store, bot: User): number[] {
  const to = new Set(store.realmUsers().filter((u) => u.is_active && !u.is_bot && isAdmin(u)).map((u) => u.user_id));
  if (bot.bot_owner_id !== null) to.add(bot.bot_owner_id);
  return [...to].sort((a, b) => a - b);
}

/** The system groups the user is a direct member of, by role (role:fullmembers too, for a full member). */
function directSystemGroups(store: Store, user: User, nowMs: number): number[] {
  return store
    .groups()
    .filter((g) => g.is_system_group && isDirectSystemMember(store, g.name, user, nowMs))
    .map((g) => g.id)
    .sort((a, b) => a - b);
}

/** Channels whose metadata the user may see (get_streams_for_user with include_all and web-public). */
function visibleChannels(world: World, user: User): Channel[] {
  const store = world.store;
  return store.channels().filter((c) => !c.is_archived && hasMetadataAccess(store, user, c, world.nowMs()));
}

/**
 * do_change_user_role: the realm_user update, the system groups' remove_members and
 * add_members, then the channels the user can now see (stream create and peer_add) or no
 * longer see (stream delete), to the user only.
 * NOTE: approximation: where the organization limits which users guests may see
 * (can_access_all_users_group), a change to or from guest does not send the realm_user add and
 * remove events by which the real server updates who knows of whom.
 */
function doChangeRole(world: World, userId: number, role: Role): void {
  const store = world.store;
  const now = world.nowMs();
  const before = store.user(userId) as User;
  const oldGroups = directSystemGroups(store, before, now);
  const oldChannels = new Set(visibleChannels(world, before).map((c) => c.stream_id));
  store.putUser({ ...before, role });
  const user = store.user(userId) as User;
  store.emit(whoCanAccess(world, user), { type: 'realm_user', op: 'update', person: { user_id: userId, role } });
  const newGroups = directSystemGroups(store, user, now);
  const everyone = activeUserIds(store);
  // The role's own group first (remove_members, then add_members), then role:fullmembers
  // (update_users_in_full_members_system_group, for changes to or from the member role).
  const full = store.groupByName('role:fullmembers')?.id;
  const emitChanges = (pick: (id: number) => boolean) => {
    for (const id of oldGroups.filter((g) => pick(g) && !newGroups.includes(g))) {
      store.emit(everyone, { type: 'user_group', op: 'remove_members', group_id: id, user_ids: [userId] });
    }
    for (const id of newGroups.filter((g) => pick(g) && !oldGroups.includes(g))) {
      store.emit(everyone, { type: 'user_group', op: 'add_members', group_id: id, user_ids: [userId] });
    }
  };
  emitChanges((id) => id !== full);
  emitChanges((id) => id === full);
  const nowVisible = visibleChannels(world, user);
  const gained = nowVisible.filter((c) => !oldChannels.has(c.stream_id));
  if (gained.length > 0) {
    store.emit([userId], { type: 'stream', op: 'create', streams: gained.map((c) => channelDict(store, c, world.nowSeconds())), for_unarchiving: false });
    for (const c of gained) {
      store.emit([userId], { type: 'subscription', op: 'peer_add', stream_ids: [c.stream_id], user_ids: store.subscribers(c.stream_id) });
    }
  }
  const visibleNow = new Set(nowVisible.map((c) => c.stream_id));
  const lost = [...oldChannels].filter((id) => !visibleNow.has(id)).map((id) => store.channel(id) as Channel);
  emitStreamDelete(store, lost, [userId]);
}

// ---- POST /users/{user_id}/reactivate ---------------------------------------------------------

/** reactivate_user_backend: an administrator (or a bot's owner); a bot needs bot-creation rights and a free name. */
export function checkReactivateUser(world: World, me: User, targetId: number): User {
  const store = world.store;
  const target = accessUserForAdmin(store, me, targetId);
  if (target.is_bot) {
    const now = world.nowMs();
    const may =
      hasPermission(store, REALM_SETTINGS.can_create_bots_group, store.realm.can_create_bots_group, me, now) ||
      (target.bot_type === BOT_TYPE.incoming_webhook &&
        hasPermission(store, REALM_SETTINGS.can_create_write_only_bots_group, store.realm.can_create_write_only_bots_group, me, now));
    if (!may) throw new BadRequest('Insufficient permission');
    const name = target.full_name.trim();
    if (store.realmUsers().some((u) => u.is_active && u.full_name === name)) {
      throw new BadRequest(
        `There is already an active bot named "${target.full_name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
      );
    }
  }
  if (target.is_mirror_dummy) throw new BadRequest('Cannot activate a placeholder account; ask the user to sign up, instead.');
  return target;
}

/**
 * do_reactivate_user: the realm_user update to those who may see the user (realm_bot update to
 * the bot's owners); a bot whose owner is deactivated passes to the reactivating administrator
 * (send_bot_owner_update_events: realm_bot update with owner_id, realm_user update with
 * bot_owner_id); then peer_add for the user's subscriptions, add_members for the user's groups.
 * NOTE: approximation: the realm_export_consent event to administrators is not sent, nor the
 * realm_bot delete to a deactivated previous owner (who has no event queue to receive it), nor
 * the update events for group settings whose anonymous groups name the user directly.
 */
export function doReactivateUser(world: World, target: User, actor: User): void {
  const store = world.store;
  const before = store.user(target.user_id) as User;
  const owner = before.is_bot && before.bot_owner_id !== null ? store.user(before.bot_owner_id) : undefined;
  const newOwner = owner !== undefined && !owner.is_active ? actor : null;
  store.putUser({ ...before, is_active: true, ...(newOwner ? { bot_owner_id: newOwner.user_id } : {}) });
  const user = store.user(target.user_id) as User;
  store.emit(whoCanAccess(world, user), { type: 'realm_user', op: 'update', person: { user_id: user.user_id, is_active: true } });
  // The realm_bot updates only below feature level 474 (slim_bot_dicts): from it the realm_user updates say it.
  const botEvents = user.is_bot && !atLeast(store, 'slim_bot_dicts');
  if (botEvents) store.emit(botOwnerIds(store, user), { type: 'realm_bot', op: 'update', bot: { user_id: user.user_id, is_active: true } });
  if (newOwner) {
    if (botEvents) store.emit(botOwnerIds(store, user), { type: 'realm_bot', op: 'update', bot: { user_id: user.user_id, owner_id: newOwner.user_id } });
    store.emit(activeUserIds(store), { type: 'realm_user', op: 'update', person: { user_id: user.user_id, bot_owner_id: newOwner.user_id } });
  }
  const altered = new Map<Channel, Set<number>>();
  for (const id of store.subscribedChannelIds(user.user_id)) {
    const c = store.channel(id);
    if (c && !c.is_archived) altered.set(c, new Set([user.user_id]));
  }
  emitPeerEvents(store, 'peer_add', altered, world.nowMs());
  const everyone = activeUserIds(store);
  const groups = store
    .groups()
    .filter((g) => (g.is_system_group ? isDirectSystemMember(store, g.name, user, world.nowMs()) : g.members.includes(user.user_id)))
    .sort((a, b) => a.id - b.id);
  for (const g of groups) store.emit(everyone, { type: 'user_group', op: 'add_members', group_id: g.id, user_ids: [user.user_id] });
}
