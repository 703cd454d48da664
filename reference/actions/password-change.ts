// A user changing their own password (zulip/zulip zerver/views/user_settings.py
// json_change_settings: authenticate with old_password, check_password_strength,
// do_change_password).
import { hashPassword, checkPassword } from '../crypto/password.ts';
import { BadRequest } from '../errors.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

/**
 * settings.PASSWORD_MIN_LENGTH.
 * NOTE: approximation: check_password_strength also asks zxcvbn for at least
 * PASSWORD_MIN_GUESSES guesses; here only the length is checked.
 */
const PASSWORD_MIN_LENGTH = 6;

/** The new password's hash, or the real server's error: a wrong (or missing) old password, then a weak new one. */
export function checkChangePassword(world: World, actor: User, oldPassword: string | undefined, newPassword: string): string {
  // authenticate() fails alike for a wrong password, a missing one and an organization without password logins.
  if (!world.store.realm.password_auth_enabled || oldPassword === undefined || !checkPassword(oldPassword, actor.password_hash)) throw new BadRequest('Wrong password!');
  if ([...newPassword].length < PASSWORD_MIN_LENGTH) throw new BadRequest('New password is too weak!');
  return hashPassword(newPassword, world.random.string(12));
}

/** do_change_password: the new hash; sessions aside (Understudy has none), nothing else changes and no event is sent. */
export function changePassword(world: World, actor: User, passwordHash: string): void {
  const current = world.store.user(actor.user_id) ?? actor;
  world.store.putUser({ ...current, password_hash: passwordHash });
}
