// Push registrations of the legacy, unencrypted kind (zulip/zulip zerver/models
// PushDeviceToken, made by POST /users/me/apns_device_token and
// /users/me/android_gcm_reg_id): kept only so that an encrypted registration of the
// same token can remove them (feature level 483). The legacy endpoints add and remove them
// (actions/legacy-push.ts); the test-control surface adds and lists them too.
import type { PushTokenKind } from './devices.ts';
import { defineTable } from './table.ts';

export interface LegacyPushRegistration {
  id: number;
  user_id: number;
  token_kind: PushTokenKind;
  token: string;
  ios_app_id: string | null;
}

export const LEGACY_PUSH = defineTable<LegacyPushRegistration>('legacy_push_registrations', { indexes: { owner: (r) => r.user_id } });
