// The encrypted push notifications the server would have handed to FCM and APNs, for
// tests to read (GET /_understudy/push/outbox) and decrypt with the key they
// registered. A test record, like the email outbox: reset empties it and snapshots
// keep it. Bounded: only the newest OUTBOX_LIMIT stay, so memory does not grow with history.
import type { PushTokenKind } from './devices.ts';
import { defineTable } from './table.ts';

export const OUTBOX_LIMIT = 1000;

/** An FCM message (kind_a): data values are strings, as FCM requires. */
export interface FcmRequest {
  token: string;
  data: { push_key_id: string; encrypted_data: string };
  android: { priority: 'high' | 'normal' };
}

/** An APNs request (kind_b): the app id is the topic. */
export interface ApnsRequest {
  device_token: string;
  topic: string;
  priority: 10 | 5;
  push_type: 'alert' | 'background';
  payload: { push_key_id: number; encrypted_data: string; aps: { 'mutable-content': 1; alert: { title: string } } };
}

export interface PushNotification {
  id: number;
  user_id: number;
  device_id: number;
  token_kind: PushTokenKind;
  token_id: string;
  push_key_id: number;
  /** Standard Base64 of nonce(24) ‖ tag(16) ‖ ciphertext: the secret box of the JSON payload under the device's push key. */
  encrypted_data: string;
  /** What goes to the provider, in its format. */
  request: FcmRequest | ApnsRequest;
}

export const PUSH_OUTBOX = defineTable<PushNotification>('push_outbox');
