// Sending encrypted mobile push notifications (zulip/zulip zerver/lib/push_notifications.py
// handle_push_notification, handle_remove_push_notification; zilencer sends them on to
// FCM and APNs): each registered device of each user to notify gets the payload
// encrypted with its current push key (libsodium secret box, a fresh nonce from the
// seeded random), wrapped with its push_key_id in its provider's format, into the outbox.
// NOTE: approximation: the real server sends from a queue worker after the request; here it happens within it, after the message events.
// NOTE: approximation: removal notifications are wrapped like message ones (the real priority and APNs fields for them were not confirmed).
import { base64 } from '../crypto/encoding.ts';
import { parsePushKey } from '../crypto/push-key.ts';
import { secretboxSeal } from '../crypto/secretbox.ts';
import { devicesOf } from '../domain/devices.ts';
import { isRegistered, pushRecipients } from '../domain/push.ts';
import { messagePayload, removalPayload, type PushPayload } from '../domain/push-payload.ts';
import { ACTIVE_PUSH } from '../state/active-push.ts';
import type { Device } from '../state/devices.ts';
import { OUTBOX_LIMIT, PUSH_OUTBOX, type PushNotification } from '../state/push-outbox.ts';
import type { Message, User } from '../state/types.ts';
import type { World } from '../world.ts';

/** A new message: notify whoever it triggers a push for (domain/push.ts). */
export function notifyNewMessage(world: World, message: Message, flags: ReadonlyMap<number, number>): void {
  const store = world.store;
  const active = store.table(ACTIVE_PUSH);
  // Every recipient has a device to send to: pushRecipients takes only owners of a registered device.
  for (const r of pushRecipients(store, message, flags)) {
    const payload = messagePayload(store, store.user(r.user_id) as User, message, r.trigger, world.nowMs());
    for (const device of r.devices) send(world, device, payload);
    active.put({ id: active.nextId(), user_id: r.user_id, message_id: message.id });
  }
}

/**
 * Messages gone (deleted): their notifications leave the devices of the users who got them;
 * with `onlyUser`, only that user's (do_clear_mobile_push_notifications_for_ids for one user:
 * messages read because their sender was muted).
 */
export function notifyRemoval(world: World, messageIds: readonly number[], onlyUser?: number): void {
  const store = world.store;
  const active = store.table(ACTIVE_PUSH);
  const byUser = new Map<number, number[]>();
  for (const messageId of messageIds) {
    for (const row of active.find('message', messageId)) {
      if (onlyUser !== undefined && row.user_id !== onlyUser) continue;
      active.delete(row.id);
      const ids = byUser.get(row.user_id) ?? [];
      byUser.set(row.user_id, [...ids, messageId]);
    }
  }
  for (const [userId, ids] of [...byUser].sort(([a], [b]) => a - b)) {
    const payload = removalPayload(store, userId, ids);
    for (const device of devicesOf(store, userId).filter(isRegistered)) send(world, device, payload);
  }
}

function send(world: World, device: Device, payload: PushPayload): void {
  const key = parsePushKey(device.push_key as string) as Uint8Array;
  const sealed = secretboxSeal(key, world.random.bytes(24), new TextEncoder().encode(JSON.stringify(payload)));
  const encrypted_data = base64.encode(sealed);
  const registration = device.registration!;
  const push_key_id = device.push_key_id as number;
  const request: PushNotification['request'] =
    registration.token_kind === 'kind_a'
      ? { token: registration.token, data: { push_key_id: String(push_key_id), encrypted_data }, android: { priority: 'high' } }
      : {
          device_token: registration.token,
          topic: registration.ios_app_id ?? '',
          priority: 10,
          push_type: 'alert',
          payload: { push_key_id, encrypted_data, aps: { 'mutable-content': 1, alert: { title: 'New notification' } } },
        };
  const outbox = world.store.table(PUSH_OUTBOX);
  const id = outbox.nextId();
  outbox.put({
    id,
    user_id: device.user_id,
    device_id: device.id,
    token_kind: registration.token_kind,
    token_id: device.push_token_id as string,
    push_key_id,
    encrypted_data,
    request,
  });
  outbox.delete(id - OUTBOX_LIMIT);
}
