// Client devices (zulip/zulip zerver/models/devices.py Device): one row per logged-in
// mobile client, owned by the user who registered it, with the end-to-end encrypted
// push registration it may carry. Token ids are kept in canonical form (Base64 of the
// signed 64-bit integer's 8 bytes, as the real server re-encodes its BigInteger column).
import { defineTable } from './table.ts';

/**
 * The two push providers under the names the API specification Understudy follows
 * gives them: kind_a is Firebase Cloud Messaging (the real server's "fcm"), kind_b is
 * Apple Push Notification service ("apns", the kind whose tokens are hex and whose
 * registrations carry an ios_app_id).
 */
export const PUSH_TOKEN_KINDS = ['kind_a', 'kind_b'] as const;
export type PushTokenKind = (typeof PUSH_TOKEN_KINDS)[number];

/** What the push bouncer holds for a device's registered token: where its notifications go. */
export interface BouncerRegistration {
  token: string;
  token_kind: PushTokenKind;
  ios_app_id: string | null;
}

export interface Device {
  id: number;
  user_id: number;
  /** Base64 of 0x31 ‖ the 32-byte secret-box key, as the client sent it. */
  push_key: string | null;
  push_key_id: number | null;
  push_token_id: string | null;
  pending_push_token_id: string | null;
  /** UNIX seconds. */
  push_token_last_updated_timestamp: number | null;
  /** Set by a full registration only (a token rotation leaves it, as upstream does). */
  push_token_kind: PushTokenKind | null;
  push_registration_error_code: string | null;
  /** The bouncer's record for push_token_id; null until a registration succeeds. */
  registration: BouncerRegistration | null;
}

export const DEVICES = defineTable<Device>('devices', { indexes: { owner: (d) => d.user_id } });

export function newDevice(id: number, userId: number): Device {
  return {
    id,
    user_id: userId,
    push_key: null,
    push_key_id: null,
    push_token_id: null,
    pending_push_token_id: null,
    push_token_last_updated_timestamp: null,
    push_token_kind: null,
    push_registration_error_code: null,
    registration: null,
  };
}
