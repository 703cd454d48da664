// Creating a user (the test-control surface's "add user"; the real server's
// do_create_user in zerver/actions/create_user.py): check, then do, then emit.
import { hashPassword } from '../crypto/password.ts';
import { formatUser, newUser } from '../domain/users.ts';
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
    date_joined: world.nowMs(),
    api_key: spec.api_key ?? random.string(32),
    password_hash: spec.password === null ? null : hashPassword(spec.password, random.string(12)),
  });
  store.putUser(user);
  // A human created through the API has yet to log in (actions/first-login.ts).
  if (!user.is_bot) awaitFirstLogin(world, user);
  const everyone = store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id);
  store.emit(everyone, {
    type: 'realm_user',
    op: 'add',
    person: formatUser(store, null, user, { clientGravatar: false, includeCustomProfileFields: false }),
  });
  return user;
}
