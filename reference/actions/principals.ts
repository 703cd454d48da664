// The `principals` of POST and DELETE /users/me/subscriptions: user ids or API emails.
// Mirrors zulip/zulip zerver/views/streams.py (bulk_principals_to_user_profiles) and
// zerver/lib/users.py (bulk_access_users_by_id / _by_email, access_user_common).
// Before feature level 208 an unusable principal was a 403 UNAUTHORIZED_PRINCIPAL
// (PrincipalError); since then it is a 400 BAD_REQUEST.
import { atLeast } from '../domain/feature-levels.ts';
import type { World } from '../world.ts';
import { BadRequest, PrincipalError } from '../errors.ts';
import { apiEmail } from '../state/store.ts';
import type { User } from '../state/types.ts';

export type Principals = string[] | number[];

/**
 * The users the principals name, in the order given, each once. Unknown ids and
 * emails (and the system bots, which live in another realm on the real server) are
 * "No such user"; deactivated users "User is deactivated"; bots are fine.
 */
export function resolvePrincipals(world: World, principals: Principals): User[] {
  const store = world.store;
  const legacy = !atLeast(store, 'principal_error_400');
  const found: User[] = [];
  for (const p of principals) {
    // By email the real server matches the API email (upper-cased), never a hidden real address.
    const u = typeof p === 'number' ? store.user(p) : store.userByEmail(p.trim());
    const visible = u && !u.is_system_bot && (typeof p === 'number' || apiEmail(u, store.realm).toUpperCase() === p.trim().toUpperCase());
    if (!visible) throw legacy ? new PrincipalError(p) : new BadRequest('No such user');
    found.push(u);
  }
  for (const u of found) {
    if (!u.is_active) throw legacy ? new PrincipalError(typeof principals[0] === 'number' ? u.user_id : apiEmail(u, store.realm)) : new BadRequest('User is deactivated');
  }
  return [...new Map(found.map((u) => [u.user_id, u])).values()];
}

/** Is the target the caller, or a bot the caller owns (user_directly_controls_user)? */
export function directlyControls(actor: User, target: User): boolean {
  return actor.user_id === target.user_id || (target.is_bot && target.bot_owner_id === actor.user_id);
}
