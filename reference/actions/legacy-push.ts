// A legacy (unencrypted) push registration, for tests: the real server makes these
// through POST /users/me/apns_device_token and /users/me/android_gcm_reg_id, which
// Understudy does not serve (see state/legacy-push.ts).
import { LEGACY_PUSH, type LegacyPushRegistration } from '../state/legacy-push.ts';
import type { PushTokenKind } from '../state/devices.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

export function addLegacyRegistration(world: World, user: User, token: string, kind: PushTokenKind, iosAppId: string | null): LegacyPushRegistration {
  const table = world.store.table(LEGACY_PUSH);
  const row = { id: table.nextId(), user_id: user.user_id, token_kind: kind, token, ios_app_id: iosAppId };
  table.put(row);
  return row;
}
