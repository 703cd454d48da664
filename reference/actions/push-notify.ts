// Sending encrypted mobile push notifications (zulip/zulip zerver/lib/push_notifications.py
// handle_push_notification, handle_remove_push_notification; zilencer sends them on to
// FCM and APNs): each registered device of each user to notify gets the payload
// encrypted with its current push key (libsodium secret box, a fresh nonce from the
// seeded random), wrapped with its push_key_id in its provider's format, into the outbox.
// NOTE: approximation: the real server sends from a queue worker after the request; here it happens within it, after the message events.
// A removal goes at low priority (send_push_notifications: FCM "normal", APNs 5 and push
// type background; a message: "high", 10 and alert), with the same aps fields.
import { base64 } from '../crypto/encoding.ts';
import { parsePushKey } from '../crypto/push-key.ts';
import { secretboxSeal } from '../crypto/secretbox.ts';
import { devicesOf } from '../domain/devices.ts';
import { isRegistered, pushRecipients, pushTrigger } from '../domain/push.ts';
import { messagePayload, removalPayload, type PushPayload } from '../domain/push-payload.ts';
import { ACTIVE_PUSH } from '../state/active-push.ts';
import type { Device } from '../state/devices.ts';
import { OUTBOX_LIMIT, PUSH_OUTBOX, type PushNotification } from '../state/push-outbox.ts';
import { FLAG, type Message, type User } from '../state/types.ts';
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
 * An edited channel message (zerver/tornado/event_queue.py
 * maybe_enqueue_notifications_for_message_update, zerver/actions/message_flags.py
 * do_update_mobile_push_notification): a push for whoever the edit newly mentions (not
 * mentioned before, and not already told of the message by their channel or
 * followed-topic push settings); the notification withdrawn from whoever it no longer
 * mentions. `flags` are the message's rows after the edit.
 */
export function notifyEdit(world: World, message: Message, flags: ReadonlyMap<number, number>, priorMentioned: ReadonlySet<number>): void {
  if (message.stream_id === null) return;
  const store = world.store;
  const active = store.table(ACTIVE_PUSH);
  const toldAnyway = (userId: number) => {
    const trigger = pushTrigger(store, userId, message, 0);
    return trigger === 'stream_push_notify' || trigger === 'followed_topic_push_notify';
  };
  for (const r of pushRecipients(store, message, flags)) {
    if (priorMentioned.has(r.user_id) || toldAnyway(r.user_id)) continue;
    const payload = messagePayload(store, store.user(r.user_id) as User, message, r.trigger, world.nowMs());
    for (const device of r.devices) send(world, device, payload);
    active.put({ id: active.nextId(), user_id: r.user_id, message_id: message.id });
  }
  for (const userId of [...priorMentioned].sort((a, b) => a - b)) {
    if (((flags.get(userId) ?? 0) & FLAG.mentioned) !== 0 || toldAnyway(userId)) continue;
    const rows = active.find('message', message.id).filter((row) => row.user_id === userId);
    if (rows.length === 0) continue;
    for (const row of rows) active.delete(row.id);
    const payload = removalPayload(store, userId, [message.id]);
    for (const device of devicesOf(store, userId).filter(isRegistered)) send(world, device, payload);
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

/**
 * Messages read by `userId` (do_clear_mobile_push_notifications_for_ids for one user):
 * the notifications of theirs that are still shown leave their devices. `ids` undefined:
 * every one of them, at most 10,000 (mark_all_as_read).
 */
export function notifyRead(world: World, userId: number, ids?: readonly number[]): void {
  const active = world.store.table(ACTIVE_PUSH);
  // The user's notifications still shown are few; the messages read may be a million.
  const mine = active.find('user', userId);
  if (mine.length === 0) return;
  const read = ids === undefined ? null : new Set(ids);
  const rows = read === null ? mine.slice(0, 10_000) : mine.filter((row) => read.has(row.message_id));
  if (rows.length === 0) return;
  for (const row of rows) active.delete(row.id);
  const payload = removalPayload(world.store, userId, rows.map((row) => row.message_id));
  for (const device of devicesOf(world.store, userId).filter(isRegistered)) send(world, device, payload);
}

function send(world: World, device: Device, payload: PushPayload): void {
  const key = parsePushKey(device.push_key as string) as Uint8Array;
  const sealed = secretboxSeal(key, world.random.bytes(24), new TextEncoder().encode(JSON.stringify(payload)));
  const encrypted_data = base64.encode(sealed);
  const registration = device.registration!;
  const push_key_id = device.push_key_id as number;
  const removal = payload['type'] === 'remove';
  const request: PushNotification['request'] =
    registration.token_kind === 'kind_a'
      ? { token: registration.token, data: { push_key_id: String(push_key_id), encrypted_data }, android: { priority: removal ? 'normal' : 'high' } }
      : {
          device_token: registration.token,
          topic: registration.ios_app_id ?? '',
          priority: removal ? 5 : 10,
          push_type: removal ? 'background' : 'alert',
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
