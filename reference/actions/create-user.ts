// Creating a user (the test-control surface's "add user"; the real server's
// do_create_user in zerver/actions/create_user.py): check, then do, then emit.
import { hashPassword } from '../crypto/password.ts';
import { directMembers } from '../domain/groups.ts';
import { canSeeDeliveryEmail, formatBot, formatUser, isAdmin, newUser } from '../domain/users.ts';
import { awaitFirstLogin } from './first-login.ts';
import type { World } from '../world.ts';
import { BadRequest } from '../errors.ts';
import { ROLE, type Role, type User } from '../state/types.ts';

export interface NewUser {
  email: string;
  full_name: string;
  role: Role;
  password: string | null;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_active: boolean;
  /** The user setting; the control surface takes it for humans only (a real bot's is always 1, "everyone"). */
  email_address_visibility: number;
  api_key?: string;
}

export function checkCreateUser(world: World, spec: NewUser): void {
  if (!/^[^\s@]+@[^\s@]+$/.test(spec.email)) throw new BadRequest('Enter a valid email address.');
  if (world.store.userByEmail(spec.email)) throw new BadRequest(`Email '${spec.email}' already in use`);
  if (spec.full_name.trim() === '') throw new BadRequest('Name too short!');
  if (spec.bot_type !== null && spec.bot_owner_id !== null && !world.store.user(spec.bot_owner_id)) {
    throw new BadRequest(`Invalid user ID: ${spec.bot_owner_id}`);
  }
  if (spec.api_key !== undefined && (!/^[A-Za-z0-9]{32}$/.test(spec.api_key) || world.store.userByApiKey(spec.api_key))) {
    throw new BadRequest('Invalid api_key');
  }
}

export function doCreateUser(world: World, spec: NewUser): User {
  const store = world.store;
  const random = world.random;
  const isBot = spec.bot_type !== null;
  const user = newUser({
    user_id: store.nextId('users'),
    delivery_email: spec.email,
    full_name: spec.full_name.trim(),
    role: isBot && spec.role === ROLE.guest ? ROLE.member : spec.role,
    is_bot: isBot,
    bot_type: spec.bot_type,
    bot_owner_id: isBot ? spec.bot_owner_id : null,
    is_active: spec.is_active,
    email_address_visibility: spec.email_address_visibility,
    date_joined: world.nowMs(),
    api_key: spec.api_key ?? random.string(32),
    password_hash: spec.password === null ? null : hashPassword(spec.password, random.string(12)),
  });
  store.putUser(user);
  // A human created through the API has yet to log in (actions/first-login.ts).
  if (!user.is_bot) awaitFirstLogin(world, user);
  notifyCreatedUser(world, user);
  if (user.is_bot) notifyCreatedBot(world, user);
  return user;
}

/** notify_created_bot: the bot, with its key, to its owner and the human administrators. */
function notifyCreatedBot(world: World, bot: User): void {
  const store = world.store;
  const to = store.realmUsers().filter((u) => u.is_active && ((!u.is_bot && isAdmin(u)) || u.user_id === bot.bot_owner_id));
  for (const viewer of to) store.emit([viewer.user_id], { type: 'realm_bot', op: 'add', bot: formatBot(store, viewer, bot) });
}

/**
 * notify_created_user, then the system groups' add_members (do_create_user): everyone
 * active hears of the new user, with the delivery email for those who may see it and
 * null for the others, then of the user joining the role's system groups.
 */
function notifyCreatedUser(world: World, user: User): void {
  const store = world.store;
  const everyone = store.realmUsers().filter((u) => u.is_active);
  const person = formatUser(store, null, user, { clientGravatar: false, includeCustomProfileFields: false });
  const withEmail = everyone.filter((viewer) => canSeeDeliveryEmail(viewer, user)).map((u) => u.user_id);
  const without = everyone.filter((viewer) => !canSeeDeliveryEmail(viewer, user)).map((u) => u.user_id);
  if (withEmail.length > 0) store.emit(withEmail, { type: 'realm_user', op: 'add', person: { ...person, delivery_email: user.delivery_email } });
  // As an anonymous viewer sees it: null, or (before feature level 163) no key at all.
  if (without.length > 0) store.emit(without, { type: 'realm_user', op: 'add', person });
  const ids = everyone.map((u) => u.user_id);
  for (const group of store.groups().filter((g) => g.is_system_group)) {
    if (directMembers(store, group, world.nowMs()).includes(user.user_id)) {
      store.emit(ids, { type: 'user_group', op: 'add_members', group_id: group.id, user_ids: [user.user_id] });
    }
  }
}
