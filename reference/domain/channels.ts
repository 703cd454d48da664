// Channel access and the Channel / Subscription objects of SPEC.md.
// Mirrors zulip/zulip zerver/lib/streams.py (has_metadata_access_to_channel,
// has_content_access, get_streams_for_user, stream_to_dict) and
// zerver/lib/subscription_info.py (build_stream_dict_for_sub).
import type { Store } from '../state/store.ts';
import { CHANNEL_GROUP_SETTINGS, type Channel, type GroupSettingValue, type Subscription, type User } from '../state/types.ts';
import { isUserInSetting, systemGroupId } from './groups.ts';
import { isAdmin, isGuest } from './users.ts';

export function isSubscribed(store: Store, userId: number, streamId: number): boolean {
  return store.subscription(userId, streamId) !== undefined;
}

/** May the user read the channel's messages? */
export function hasContentAccess(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (isSubscribed(store, user.user_id, channel.stream_id)) return true;
  if (channel.is_web_public) return true;
  if (isGuest(user)) return false;
  if (!channel.invite_only) return true;
  // Newer servers: members of the add-subscribers and subscribe groups may read a
  // private channel with shared history without being subscribed.
  if (!channel.history_public_to_subscribers) return false;
  return (
    isUserInSetting(store, channel.can_add_subscribers_group, user.user_id, nowMs) ||
    isUserInSetting(store, channel.can_subscribe_group, user.user_id, nowMs)
  );
}

/** May the user know the channel exists: its name, description, settings, subscribers? */
export function hasMetadataAccess(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (hasContentAccess(store, user, channel, nowMs)) return true;
  if (isAdmin(user)) return true;
  return (
    isUserInSetting(store, channel.can_administer_channel_group, user.user_id, nowMs) ||
    isUserInSetting(store, channel.can_add_subscribers_group, user.user_id, nowMs) ||
    isUserInSetting(store, channel.can_subscribe_group, user.user_id, nowMs)
  );
}

/** The deprecated stream_post_policy, derived from can_send_message_group. */
export function streamPostPolicy(store: Store, value: GroupSettingValue): number {
  if (typeof value !== 'number') return 1;
  if (value === systemGroupId(store, 'role:administrators')) return 2;
  if (value === systemGroupId(store, 'role:fullmembers')) return 3;
  if (value === systemGroupId(store, 'role:moderators')) return 4;
  return 1;
}

const DAY_S = 86_400;
/** NOTE: approximation: the real server recomputes this daily; here, a message in the last 180 days, or created in the last 180 days. */
const RECENTLY_ACTIVE_DAYS = 180;

export function isRecentlyActive(store: Store, channel: Channel, nowSeconds: number): boolean {
  const ids = store.channelMessageIds(channel.stream_id);
  const last = ids.length ? store.message(ids[ids.length - 1] as number) : undefined;
  const since = nowSeconds - RECENTLY_ACTIVE_DAYS * DAY_S;
  return channel.date_created >= since || (last !== undefined && last.timestamp >= since);
}

export function firstMessageId(store: Store, channel: Channel): number | null {
  return store.channelMessageIds(channel.stream_id)[0] ?? null;
}

function cloneSetting(v: GroupSettingValue): GroupSettingValue {
  return typeof v === 'number' ? v : { direct_members: [...v.direct_members], direct_subgroups: [...v.direct_subgroups] };
}

/** The Channel object. Key order is fixed. */
export function formatChannel(store: Store, channel: Channel, nowSeconds: number): Record<string, unknown> {
  const policy = streamPostPolicy(store, channel.can_send_message_group);
  const out: Record<string, unknown> = {
    stream_id: channel.stream_id,
    name: channel.name,
    is_archived: channel.is_archived,
    description: channel.description,
    rendered_description: channel.rendered_description,
    date_created: channel.date_created,
    creator_id: channel.creator_id,
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    stream_post_policy: policy,
    is_announcement_only: policy === 2,
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    topics_policy: channel.topics_policy,
    first_message_id: firstMessageId(store, channel),
    folder_id: channel.folder_id,
    is_recently_active: isRecentlyActive(store, channel, nowSeconds),
  };
  for (const setting of CHANNEL_GROUP_SETTINGS) out[setting] = cloneSetting(channel[setting]);
  out['subscriber_count'] = store.subscriberCount(channel.stream_id);
  out['stream_weekly_traffic'] = streamWeeklyTraffic(store, channel, nowSeconds);
  return out;
}

/**
 * NOTE: approximation: the real server averages the last weeks' message counts from its
 * analytics tables and answers null for a channel younger than a week; here, messages
 * of the last 28 days / 4, rounded.
 */
export function streamWeeklyTraffic(store: Store, channel: Channel, nowSeconds: number): number | null {
  if (nowSeconds - channel.date_created < 7 * DAY_S) return null;
  const since = nowSeconds - 28 * DAY_S;
  let n = 0;
  const ids = store.channelMessageIds(channel.stream_id);
  for (let i = ids.length - 1; i >= 0; i--) {
    const m = store.message(ids[i] as number);
    if (!m || m.timestamp < since) break;
    n++;
  }
  return Math.round(n / 4);
}

export type SubscribersMode = 'true' | 'false' | 'partial';

/** The Subscription object: channel fields plus the user's own settings. */
export function formatSubscription(
  store: Store,
  channel: Channel,
  sub: Subscription,
  subscribers: SubscribersMode,
  nowSeconds: number,
): Record<string, unknown> {
  const out = formatChannel(store, channel, nowSeconds);
  Object.assign(out, {
    color: sub.color,
    is_muted: sub.is_muted,
    in_home_view: !sub.is_muted,
    pin_to_top: sub.pin_to_top,
    desktop_notifications: sub.desktop_notifications,
    audible_notifications: sub.audible_notifications,
    push_notifications: sub.push_notifications,
    email_notifications: sub.email_notifications,
    wildcard_mentions_notify: sub.wildcard_mentions_notify,
  });
  // NOTE: approximation: with 'partial', the real server may send partial_subscribers for
  // large channels; every channel here is small enough to get the full list.
  if (subscribers !== 'false') out['subscribers'] = store.subscribers(channel.stream_id);
  return out;
}
