// Channel access and the Channel / Subscription objects (zulip.com/api/get-streams,
// zulip.com/api/get-subscriptions).
// Mirrors zulip/zulip zerver/lib/streams.py (user_has_metadata_access,
// user_has_content_access, check_basic_stream_access, access_stream_common,
// stream_to_dict) and zerver/lib/subscription_info.py (build_stream_dict_for_sub).
//
// Two levels of access, each decided by the first rule that applies (zerver/lib/streams.py):
//   metadata (name, description, settings, subscribers): web-public; subscribed;
//     never a guest otherwise; public; an organization administrator; a member of
//     can_administer_channel_group, can_add_subscribers_group or can_subscribe_group.
//   content (messages, topics, subscribing oneself): web-public (guests too);
//     subscribed; never a guest otherwise; public; a member of can_subscribe_group or
//     can_add_subscribers_group. Administrators get no content access of their own.
// The group settings are checked through permissions.ts hasPermission, whose
// allow_everyone_group=false rule keeps guests out of all five.
import { BadRequest } from '../errors.ts';
import type { Store } from '../state/store.ts';
import { CHANNEL_GROUP_SETTINGS, type Channel, type ChannelGroupSetting, type GroupSettingValue, type Subscription, type User } from '../state/types.ts';
import { atLeast, type FeatureKey } from './feature-levels.ts';
import { systemGroupId } from './groups.ts';
import { CHANNEL_SETTINGS, hasPermission } from './permissions.ts';
import { isAdmin, isGuest } from './users.ts';

/**
 * Realm.allow_web_public_streams_access (has_web_public_streams): the server allows
 * web-public channels, the organization spectator access, and some channel is
 * web-public (get_web_public_streams_queryset: public, with shared history). A look at
 * the channels, not at any message.
 */
export function allowsWebPublicAccess(store: Store): boolean {
  if (!webPublicStreamsEnabled(store)) return false;
  return store.channels().some(isWebPublicChannel);
}

/**
 * Realm.web_public_streams_enabled: the server setting and the organization's
 * enable_spectator_access. NOTE: approximation: the real server also refuses on Zulip
 * Cloud's limited plan, which Understudy does not model.
 */
export function webPublicStreamsEnabled(store: Store): boolean {
  return store.config.web_public_streams_enabled && store.realm.enable_spectator_access;
}

/** get_web_public_streams_queryset: web-public, not invite-only, history shared (archived ones included). */
export function isWebPublicChannel(c: Channel): boolean {
  return c.is_web_public && !c.invite_only && c.history_public_to_subscribers;
}

export function isSubscribed(store: Store, userId: number, streamId: number): boolean {
  return store.subscription(userId, streamId) !== undefined;
}

/** The group settings of later feature levels: on an older server they do not exist and grant nothing. */
const SETTING_SINCE: Partial<Record<ChannelGroupSetting, FeatureKey>> = {
  can_send_message_group: 'can_send_message_group',
  can_add_subscribers_group: 'channel_can_add_subscribers_group',
  can_subscribe_group: 'can_subscribe_group',
};

/** Does the server's feature level have this channel setting? */
export function hasChannelSetting(store: Store, setting: ChannelGroupSetting): boolean {
  const key = SETTING_SINCE[setting];
  return key === undefined || atLeast(store, key);
}

/**
 * Is the user in the channel's group setting (guests never, for these settings)? A setting
 * of a later feature level grants nothing; who may post is older than its field
 * (stream_post_policy), so can_send_message_group always counts.
 */
export function inChannelGroup(store: Store, user: User, channel: Channel, setting: ChannelGroupSetting, nowMs: number): boolean {
  if (setting !== 'can_send_message_group' && !hasChannelSetting(store, setting)) return false;
  return hasPermission(store, CHANNEL_SETTINGS[setting], channel[setting], user, nowMs);
}

/** user_has_content_access: may the user read the channel's messages and subscribe themselves? */
export function hasContentAccess(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (channel.is_web_public) return true;
  if (isSubscribed(store, user.user_id, channel.stream_id)) return true;
  if (isGuest(user)) return false;
  if (!channel.invite_only) return true;
  return inContentAccessGroups(store, user, channel, nowMs);
}

/**
 * has_channel_content_access_helper: content access through a subscription or the groups
 * granting it, without the implicit access of web-public and public channels (the
 * callers decide those).
 */
export function hasContentAccessBySubscriptionOrGroups(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (isSubscribed(store, user.user_id, channel.stream_id)) return true;
  if (isGuest(user)) return false;
  return inContentAccessGroups(store, user, channel, nowMs);
}

/** is_user_in_groups_granting_content_access (the caller has kept guests out). */
function inContentAccessGroups(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (inChannelGroup(store, user, channel, 'can_subscribe_group', nowMs)) return true;
  // Adding subscribers to a private channel one is not in: from feature level 349.
  return atLeast(store, 'add_subscribers_without_subscribing') && inChannelGroup(store, user, channel, 'can_add_subscribers_group', nowMs);
}

/** Metadata access through the three groups that grant it (has_metadata_access_to_channel_via_groups). */
export function hasMetadataAccessViaGroups(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  return (
    inChannelGroup(store, user, channel, 'can_administer_channel_group', nowMs) ||
    inChannelGroup(store, user, channel, 'can_add_subscribers_group', nowMs) ||
    inChannelGroup(store, user, channel, 'can_subscribe_group', nowMs)
  );
}

/** user_has_metadata_access: may the user know the channel exists, its name, settings, subscribers? */
export function hasMetadataAccess(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (channel.is_web_public) return true;
  if (isSubscribed(store, user.user_id, channel.stream_id)) return true;
  if (isGuest(user)) return false;
  if (!channel.invite_only) return true;
  if (isAdmin(user)) return true;
  return hasMetadataAccessViaGroups(store, user, channel, nowMs);
}

/**
 * check_basic_stream_access: content access, or (when content is not required)
 * metadata access as an administrator or through the groups.
 */
export function hasBasicAccess(store: Store, user: User, channel: Channel, nowMs: number, requireContent: boolean): boolean {
  if (hasContentAccess(store, user, channel, nowMs)) return true;
  if (requireContent || isGuest(user)) return false;
  return isAdmin(user) || hasMetadataAccessViaGroups(store, user, channel, nowMs);
}

export interface AccessOptions {
  /** require_active_channel (default true): an archived channel is refused. */
  requireActive?: boolean;
  /** require_content_access (default true). */
  requireContent?: boolean;
}

/**
 * access_stream_by_id: the channel and the caller's subscription, or BAD_REQUEST
 * "Invalid channel ID" alike for a channel that is missing, archived or out of reach,
 * so that the answer never tells which.
 */
export function accessChannelById(
  store: Store,
  user: User,
  streamId: number,
  nowMs: number,
  options: AccessOptions = {},
): { channel: Channel; sub: Subscription | undefined } {
  const error = new BadRequest('Invalid channel ID');
  const channel = store.channel(streamId);
  if (!channel) throw error;
  if ((options.requireActive ?? true) && channel.is_archived) throw error;
  if (!hasBasicAccess(store, user, channel, nowMs, options.requireContent ?? true)) throw error;
  return { channel, sub: store.subscription(user.user_id, streamId) };
}

/** Python's sort of channel dicts by "name": by code point, case-sensitive. */
export function byName(a: Channel, b: Channel): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
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
/**
 * NOTE: approximation: upstream sets is_recently_active at creation and on each message, and a
 * daily job (check_update_all_streams_active_status) clears it, with an event, for a channel
 * without a message in the last 180 days, so an empty channel turns inactive at the job's next
 * run; the job's timing is the server's, so here it is live: a message in the last 180 days,
 * or created in the last 180 days, and no event.
 */
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
  for (const setting of CHANNEL_GROUP_SETTINGS) if (hasChannelSetting(store, setting)) out[setting] = cloneSetting(channel[setting]);
  if (!atLeast(store, 'archived_channels')) delete out['is_archived'];
  out['subscriber_count'] = store.subscriberCount(channel.stream_id);
  out['stream_weekly_traffic'] = streamWeeklyTraffic(store, channel, nowSeconds);
  return out;
}

/**
 * get_average_weekly_stream_traffic (zerver/lib/stream_traffic.py): null before 7 days of age;
 * the last 28 days' messages / 4 from 28 days of age, × 7 / age (whole days) before; at
 * least 1 if there was any message; rounded to 2 significant digits as Python's round() does.
 * NOTE: approximation: upstream counts from its analytics tables (StreamCount day rows,
 * filled by a periodic job); here the messages of the last 28 days are counted live.
 */
export function streamWeeklyTraffic(store: Store, channel: Channel, nowSeconds: number): number | null {
  const age = Math.floor((nowSeconds - channel.date_created) / DAY_S);
  if (age < 7) return null;
  const since = nowSeconds - 28 * DAY_S;
  let n = 0;
  const ids = store.channelMessageIds(channel.stream_id);
  for (let i = ids.length - 1; i >= 0; i--) {
    const m = store.message(ids[i] as number);
    if (!m || m.timestamp < since) break;
    n++;
  }
  let average = age >= 28 ? Math.floor(n / 4) : Math.floor((n * 7) / age);
  if (average === 0 && n > 0) average = 1;
  return roundTo2SignificantDigits(average);
}

/** round(number, 2 - len(str(number))): half to even at the second significant digit. */
function roundTo2SignificantDigits(n: number): number {
  const digits = String(n).length;
  if (digits <= 2) return n;
  const unit = 10 ** (digits - 2);
  const low = Math.floor(n / unit);
  const rest = n - low * unit;
  const up = rest * 2 > unit || (rest * 2 === unit && low % 2 === 1);
  return (up ? low + 1 : low) * unit;
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
  addSubscribers(store, channel, subscribers, out);
  return out;
}

/** settings.MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE (zproject/default_settings.py). */
export const MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE = 1000;

/**
 * The subscriber list of a channel object (zerver/lib/subscription_info.py,
 * gather_subscriptions_helper): with 'partial', a channel of at least
 * MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE subscribers carries partial_subscribers instead,
 * its bots and users who are not long-term idle.
 * NOTE: approximation: nobody is long-term idle here (soft deactivation is a periodic job
 * of the real server that Understudy does not run), so partial_subscribers lists everyone.
 */
export function addSubscribers(store: Store, channel: Channel, mode: SubscribersMode, out: Record<string, unknown>): void {
  if (mode === 'false') return;
  const partial = mode === 'partial' && store.subscriberCount(channel.stream_id) >= MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE;
  out[partial ? 'partial_subscribers' : 'subscribers'] = store.subscribers(channel.stream_id);
}

/**
 * check_stream_access_for_delete_or_update_requiring_metadata_access (zerver/lib/streams.py):
 * who may change or archive a channel. Administrators may (archived channels too); so may
 * members of can_administer_channel_group (can_administer_accessible_channel). Anyone
 * else with content access learns they may not; everyone else gets "Invalid channel ID",
 * as for a channel that does not exist.
 */
export function accessChannelForAdministration(store: Store, user: User, streamId: number, nowMs: number): { channel: Channel; sub: Subscription | undefined } {
  const channel = store.channel(streamId);
  if (!channel) throw new BadRequest('Invalid channel ID');
  const sub = store.subscription(user.user_id, streamId);
  if (isAdmin(user)) return { channel, sub };
  if (inChannelGroup(store, user, channel, 'can_administer_channel_group', nowMs)) return { channel, sub };
  if (hasContentAccess(store, user, channel, nowMs)) throw new BadRequest('You do not have permission to administer this channel.');
  throw new BadRequest('Invalid channel ID');
}
