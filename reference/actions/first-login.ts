// A user's first login. For users created through the API (or imported), date_joined is
// the creation time until they first log in, and that login's time afterwards, since
// feature level 475 (zulip.com/api/changelog; zulip.com/api/get-users): the users who can
// access the user hear of it in a realm_user update `{user_id, date_joined}`.
// NOTE: approximation: Understudy has no web login; fetching an API key (by password or
// JSON Web Token) is the login that counts.
import { atLeast } from '../domain/feature-levels.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { isoDate } from '../domain/users.ts';
import { AWAITING_FIRST_LOGIN } from '../state/first-logins.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

/** Remember that an API-created user has yet to log in. */
export function awaitFirstLogin(world: World, user: User): void {
  world.store.table(AWAITING_FIRST_LOGIN).put({ id: user.user_id });
}

/** A login: the first one of an API-created user rewrites date_joined (from level 475). */
export function recordLogin(world: World, user: User): void {
  const store = world.store;
  const table = store.table(AWAITING_FIRST_LOGIN);
  if (table.get(user.user_id) === undefined) return;
  table.delete(user.user_id);
  if (!atLeast(store, 'date_joined_first_login')) return;
  const updated: User = { ...user, date_joined: world.nowMs() };
  store.putUser(updated);
  const now = world.nowMs();
  const audience = store
    .realmUsers()
    .filter((u) => u.is_active && canAccessUser(store, u, updated, now))
    .map((u) => u.user_id);
  store.emit(audience, { type: 'realm_user', op: 'update', person: { user_id: user.user_id, date_joined: isoDate(updated.date_joined) } });
}
