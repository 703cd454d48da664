// Legacy (unencrypted) push registrations: POST / DELETE /users/me/apns_device_token and
// /users/me/android_gcm_reg_id (zulip/zulip zerver/views/push_notifications.py,
// zerver/lib/push_notifications.py add_push_device_token, remove_push_device_token), and the
// test-control surface's way to add one.
import { LEGACY_PUSH, type LegacyPushRegistration } from '../state/legacy-push.ts';
import type { PushTokenKind } from '../state/devices.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { BadRequest } from '../errors.ts';

/** The Apple kind (state/devices.ts: kind_b is APNs). */
const APNS: PushTokenKind = 'kind_b';

export function addLegacyRegistration(world: World, user: User, token: string, kind: PushTokenKind, iosAppId: string | null): LegacyPushRegistration {
  const table = world.store.table(LEGACY_PUSH);
  const row = { id: table.nextId(), user_id: user.user_id, token_kind: kind, token, ios_app_id: iosAppId };
  table.put(row);
  return row;
}

/** validate_token: a token of 1 to 4,096 characters; an APNs token in hex. */
export function checkLegacyToken(token: string, kind: PushTokenKind): void {
  if (token === '' || token.length > 4096) throw new BadRequest('Empty or invalid length token');
  // bytes.fromhex: pairs of hex digits, whitespace between bytes allowed.
  if (kind === APNS && !/^\s*(?:[0-9A-Fa-f]{2}\s*)*$/.test(token)) throw new BadRequest('Invalid APNS token');
}

/**
 * add_push_device_token: one row per user, kind and token (a repeat is no change, as
 * bulk_create(ignore_conflicts=True)).
 * NOTE: approximation: with a push bouncer configured the real server also registers the token
 * there; Understudy's legacy registrations only stand for that row.
 */
export function doAddLegacyToken(world: World, user: User, token: string, kind: PushTokenKind, iosAppId: string | null): void {
  const table = world.store.table(LEGACY_PUSH);
  if (table.find('owner', user.user_id).some((r) => r.token_kind === kind && r.token === token)) return;
  addLegacyRegistration(world, user, token, kind, iosAppId);
}

/** remove_push_device_token: APNs tokens compare case-insensitively; an unknown token is an error. */
export function doRemoveLegacyToken(world: World, user: User, token: string, kind: PushTokenKind): void {
  const table = world.store.table(LEGACY_PUSH);
  const same = (r: LegacyPushRegistration) => r.token_kind === kind && (kind === APNS ? r.token.toLowerCase() === token.toLowerCase() : r.token === token);
  const row = table.find('owner', user.user_id).find(same);
  if (!row) throw new BadRequest('Token does not exist');
  table.delete(row.id);
}
