// Who gets a mobile push notification for a new message, and why
// (zulip/zulip zerver/lib/notification_data.py UserMessageNotificationsData and
// get_push_notification_trigger; zerver/actions/message_send.py get_recipient_info;
// zerver/lib/stream_subscription.py user_allows_notifications_in_StreamTopic).
// The first trigger that holds wins, in this order: a direct message, a mention, a
// wildcard mention in a followed topic (topic, then channel wildcard), a wildcard
// mention, a followed topic, the channel's push setting. Never the sender, never a bot.
// Mentions and direct messages notify in muted channels and topics; the channel
// setting and wildcard mentions do not.
import { mutingUserIds } from './muted-users.ts';
import type { Store } from '../state/store.ts';
import { FLAG, type Message, type Subscription, type User } from '../state/types.ts';
import { userSetting } from './user-settings.ts';
import { devicesOf } from './devices.ts';
import { DEVICES, type Device } from '../state/devices.ts';

/** NotificationTriggers (zerver/models/scheduled_jobs.py), in priority order. */
export type PushTrigger =
  | 'private_message'
  | 'mentioned'
  | 'topic_wildcard_mentioned_in_followed_topic'
  | 'stream_wildcard_mentioned_in_followed_topic'
  | 'topic_wildcard_mentioned'
  | 'stream_wildcard_mentioned'
  | 'followed_topic_push_notify'
  | 'stream_push_notify';

/** The user settings that decide mobile pushes. */
export interface PushSettings {
  enable_offline_push_notifications: boolean;
  enable_stream_push_notifications: boolean;
  wildcard_mentions_notify: boolean;
  enable_followed_topic_push_notifications: boolean;
  enable_followed_topic_wildcard_mentions_notify: boolean;
}
const PUSH_SETTING_NAMES = [
  'enable_offline_push_notifications',
  'enable_stream_push_notifications',
  'wildcard_mentions_notify',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
] as const;

/**
 * The user's values (domain/user-settings.ts userSetting: the stored ones, else the real
 * server's defaults), each settable with PATCH /settings. The subscription's
 * push_notifications and wildcard_mentions_notify, muting and followed topics are the user's own.
 */
export function pushSettings(user: User): PushSettings {
  const out = {} as PushSettings;
  for (const name of PUSH_SETTING_NAMES) out[name] = userSetting(user, name) === true;
  return out;
}

const VISIBILITY = { muted: 1, unmuted: 2, followed: 3 } as const;

export interface PushRecipient {
  user_id: number;
  trigger: PushTrigger;
  /** The devices the notification goes to: those with a registered token. */
  devices: Device[];
}

/**
 * A device that can be sent to: its token registered at the bouncer, under a key. The
 * bouncer's record is set only with push_token_id (register-push.ts bouncerStep), and a
 * token is registered only under a key (push_key and push_key_id are always set together),
 * so the record alone says it.
 */
export function isRegistered(d: Device): boolean {
  return d.registration !== null;
}

/**
 * The users to notify of a new message and their devices, ascending by user id.
 * `flags` are the message's UserMessage rows (user id → flag bits).
 * Who muted the sender gets none (UserMessageNotificationsData.sender_is_muted).
 * NOTE: approximation: everyone counts as idle (presence is not consulted), and
 * disable_external_notifications is never set.
 */
export function pushRecipients(store: Store, message: Message, flags: ReadonlyMap<number, number>): PushRecipient[] {
  const out: PushRecipient[] = [];
  const registered = registeredUsers(store);
  const muting = registered.length > 0 ? mutingUserIds(store, message.sender_id) : new Set<number>();
  for (const userId of registered) {
    const bits = flags.get(userId);
    if (bits === undefined || userId === message.sender_id || muting.has(userId)) continue;
    const user = store.user(userId);
    if (!user || user.is_bot || !user.is_active) continue;
    const trigger = pushTrigger(store, userId, message, bits);
    if (trigger !== null) out.push({ user_id: userId, trigger, devices: devicesOf(store, userId).filter(isRegistered) });
  }
  return out;
}

/** Owners of at least one registered device, ascending: usually few, and none costs nothing. */
function registeredUsers(store: Store): number[] {
  const table = store.table(DEVICES);
  if (table.size === 0) return [];
  const owners = new Set<number>();
  for (const d of table.all()) if (isRegistered(d)) owners.add(d.user_id);
  return [...owners].sort((a, b) => a - b);
}

/** Why this user gets a push for the message, or null. */
export function pushTrigger(store: Store, userId: number, message: Message, bits: number): PushTrigger | null {
  const settings = pushSettings(store.user(userId) as User); // a recipient: users are never removed
  const offline = settings.enable_offline_push_notifications;
  if (message.stream_id === null) return offline ? 'private_message' : null;
  const sub = store.subscription(userId, message.stream_id);
  if (!sub) return null;
  if (bits & FLAG.mentioned && offline) return 'mentioned';
  const policy = store.topicPolicy(userId, message.stream_id, message.topic);
  const followed = policy === VISIBILITY.followed;
  const topicWildcard = (bits & FLAG.topic_wildcard_mentioned) !== 0 && offline;
  const streamWildcard = (bits & FLAG.stream_wildcard_mentioned) !== 0 && offline;
  if (followed && settings.enable_followed_topic_wildcard_mentions_notify) {
    if (topicWildcard) return 'topic_wildcard_mentioned_in_followed_topic';
    if (streamWildcard) return 'stream_wildcard_mentioned_in_followed_topic';
  }
  const wildcardNotify = allows(sub, policy, sub.wildcard_mentions_notify, settings.wildcard_mentions_notify);
  if (topicWildcard && wildcardNotify) return 'topic_wildcard_mentioned';
  if (streamWildcard && wildcardNotify) return 'stream_wildcard_mentioned';
  if (followed && settings.enable_followed_topic_push_notifications) return 'followed_topic_push_notify';
  if (allows(sub, policy, sub.push_notifications, settings.enable_stream_push_notifications)) return 'stream_push_notify';
  return null;
}

/**
 * user_allows_notifications_in_StreamTopic: muting first (a muted channel unless the topic
 * is unmuted; a muted topic), then the subscription's setting, then the user's.
 */
function allows(sub: Subscription, policy: number, subscriptionSetting: boolean | null, userSetting: boolean): boolean {
  if (sub.is_muted && policy !== VISIBILITY.unmuted) return false;
  if (policy === VISIBILITY.muted) return false;
  return subscriptionSetting ?? userSetting;
}
