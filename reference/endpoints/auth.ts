// POST /fetch_api_key and POST /jwt/fetch_api_key — zulip/zulip zerver/views/auth.py
// (api_fetch_api_key, jwt_fetch_api_key) and zproject/backends.py
// (EmailAuthBackend, common_get_active_user): deactivation is reported before the
// password is checked; these endpoints keep their own error codes.
import { z } from 'zod';
import { recordLogin } from '../actions/first-login.ts';
import { checkPassword } from '../crypto/password.ts';
import { verifyHs256 } from '../crypto/jwt.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { formatUser } from '../domain/users.ts';
import type { Ctx } from '../request/context.ts';
import { AuthenticationFailed, BadRequest, RealmDeactivated, UserDeactivated } from '../errors.ts';
import { json, str } from '../request/params.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';

/** Django's EmailValidator, in the large: something@domain.tld-ish. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** The active user with this real email, or the real server's failure. */
function activeUserByEmail(store: Store, email: string): User {
  const user = store.userByEmail(email);
  if (!user || user.is_system_bot || user.delivery_email.toLowerCase() !== email.toLowerCase()) throw new AuthenticationFailed();
  if (store.realm.deactivated) throw new RealmDeactivated();
  if (!user.is_active) throw new UserDeactivated();
  return user;
}

/** The login happened: the user as it is after it (a first login may rewrite date_joined). */
function recordLoginOf(ctx: Ctx, user: User): User {
  recordLogin(ctx.world, user);
  return ctx.store.user(user.user_id) as User;
}

export function fetchApiKey(ctx: Ctx): Record<string, unknown> {
  const { username, password } = ctx.params.read({ username: str(), password: str() });
  if (!EMAIL_SHAPE.test(username)) throw new BadRequest('Enter a valid email address.');
  if (!ctx.store.realm.password_auth_enabled) {
    throw new AuthenticationFailed('PASSWORD_AUTH_DISABLED', 'Password authentication is disabled in this organization');
  }
  const user = activeUserByEmail(ctx.store, username);
  if (password === '' || !checkPassword(password, user.password_hash)) throw new AuthenticationFailed();
  recordLogin(ctx.world, user);
  const out: Record<string, unknown> = { api_key: user.api_key, email: user.delivery_email };
  if (atLeast(ctx.store, 'fetch_api_key_user_id')) out['user_id'] = user.user_id;
  return out;
}

export function jwtFetchApiKey(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ token: str().default(''), include_profile: json(z.boolean()).default(false) });
  const { realm, config } = ctx.store;
  if (!config.jwt_enabled || realm.jwt_key === null) throw new BadRequest('JWT authentication is not enabled for this organization');
  if (p.token === '') throw new BadRequest('No JSON web token passed in request');
  const verified = verifyHs256(p.token, realm.jwt_key, ctx.nowSeconds());
  if (!verified.ok) throw new BadRequest('Bad JSON web token');
  const email = verified.claims['email'];
  if (email === undefined || email === null) throw new BadRequest('No email specified in JSON web token claims');
  const user = recordLoginOf(ctx, activeUserByEmail(ctx.store, String(email)));
  const out: Record<string, unknown> = { api_key: user.api_key, email: user.delivery_email };
  if (p.include_profile) {
    out['user'] = formatUser(ctx.store, user, user, { clientGravatar: false, includeCustomProfileFields: false });
  }
  return out;
}
