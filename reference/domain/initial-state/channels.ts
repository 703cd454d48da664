// The registration response's channels (zulip/zulip zerver/lib/events.py `subscription`,
// `stream`, `default_streams`; zerver/lib/subscription_info.py
// gather_subscriptions_helper; zerver/lib/stream_subscription.py
// handle_stream_notifications_compatibility). Archived channels appear only with the
// archived_channels capability; a channel the user may not know about never appears.
import { addSubscribers, byName, formatChannel, formatSubscription, hasMetadataAccess, hasMetadataAccessViaGroups } from '../channels.ts';
import { STREAM_ASSIGNMENT_COLORS } from '../stream-colors.ts';
import { userSetting } from '../user-settings.ts';
import { isAdmin, isGuest } from '../users.ts';
import type { Store } from '../../state/store.ts';
import type { Channel, Subscription, User } from '../../state/types.ts';
import type { StateContext } from './view.ts';

/** has_metadata_access_to_previously_subscribed_stream. */
function keepsMetadataAfterLeaving(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (channel.is_web_public) return true;
  if (isGuest(user)) return false;
  if (channel.invite_only) return isAdmin(user) || hasMetadataAccessViaGroups(store, user, channel, nowMs);
  return true;
}

/** Never subscribed, but may see it: web-public for guests; public, or by role or group, for others. */
function knowsUnsubscribed(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (isGuest(user)) return channel.is_web_public;
  return !channel.invite_only || isAdmin(user) || hasMetadataAccessViaGroups(store, user, channel, nowMs);
}

const NOTIFICATION_SETTINGS = ['desktop', 'audible', 'push', 'email'] as const;

/** Without notification_settings_null, a null per-channel setting shows the user's own default. */
function fillNotificationSettings(user: User, sub: Record<string, unknown>): void {
  for (const kind of NOTIFICATION_SETTINGS) {
    const key = `${kind}_notifications`;
    if (sub[key] === null) sub[key] = userSetting(user, `enable_stream_${kind}_notifications`);
  }
}

/** subscriptions, unsubscribed, never_subscribed: each sorted by name. */
export function subscriptionState(ctx: StateContext): Record<string, unknown> {
  const { store, user, view, nowMs } = ctx;
  const nowSeconds = Math.floor(nowMs / 1000);
  const mode = view.includeSubscribers;
  const subscribed: Array<[Channel, Subscription]> = [];
  const unsubscribed: Array<[Channel, Subscription]> = [];
  const never: Channel[] = [];
  for (const channel of store.channels()) {
    if (channel.is_archived && !view.capabilities.archived_channels) continue;
    const row = store.subscriptionRow(user.user_id, channel.stream_id);
    if (row?.active) subscribed.push([channel, row]);
    else if (row) {
      if (keepsMetadataAfterLeaving(store, user, channel, nowMs)) unsubscribed.push([channel, row]);
    } else if (knowsUnsubscribed(store, user, channel, nowMs)) never.push(channel);
  }
  const shown = (list: Array<[Channel, Subscription]>) =>
    list
      .sort(([a], [b]) => byName(a, b))
      .map(([channel, sub]) => {
        const out = formatSubscription(store, channel, sub, mode, nowSeconds);
        if (!view.capabilities.notification_settings_null) fillNotificationSettings(user, out);
        return out;
      });
  return {
    subscriptions: shown(subscribed),
    unsubscribed: shown(unsubscribed),
    never_subscribed: never.sort(byName).map((channel) => {
      const out = formatChannel(store, channel, nowSeconds);
      addSubscribers(store, channel, mode, out);
      return out;
    }),
  };
}

/**
 * A spectator's subscriptions (get_web_public_subs): every web-public channel, shown as a
 * fresh subscription would be, with colors from the palette in turn; nothing else.
 * NOTE: approximation: the channels are taken in id order; upstream's query
 * (get_web_public_streams_queryset) has no ORDER BY, so the database's row order decides
 * (and with it which palette color each channel gets), usually but not surely creation order.
 */
export function webPublicSubscriptionState(ctx: StateContext): Record<string, unknown> {
  const { store, nowMs } = ctx;
  const webPublic = store
    .channels()
    .filter((c) => c.is_web_public && !c.is_archived)
    .sort((a, b) => a.stream_id - b.stream_id);
  const subscriptions = webPublic.map((channel, i) => {
    const sub: Subscription = {
      user_id: ctx.user.user_id,
      stream_id: channel.stream_id,
      active: true,
      color: STREAM_ASSIGNMENT_COLORS[i % STREAM_ASSIGNMENT_COLORS.length] as string,
      is_muted: false,
      pin_to_top: false,
      desktop_notifications: true,
      audible_notifications: true,
      push_notifications: true,
      email_notifications: true,
      wildcard_mentions_notify: true,
    };
    return formatSubscription(store, channel, sub, 'false', Math.floor(nowMs / 1000));
  });
  return { subscriptions, unsubscribed: [], never_subscribed: [] };
}

/** streams: every channel the user may know about (do_get_streams with include_all). */
export function streamsState(ctx: StateContext): Record<string, unknown> {
  const { store, user, view, nowMs } = ctx;
  const streams = store
    .channels()
    .filter((c) => (view.capabilities.archived_channels || !c.is_archived) && hasMetadataAccess(store, user, c, nowMs))
    .sort(byName)
    .map((c) => formatChannel(store, c, Math.floor(nowMs / 1000)));
  return { streams };
}

/** realm_default_streams: channel ids; none for guests, who may not see them all. */
export function defaultStreamsState(ctx: StateContext): Record<string, unknown> {
  const { store, user } = ctx;
  const ids = isGuest(user)
    ? []
    : store
        .channels()
        .filter((c) => c.is_default && !c.is_archived)
        .map((c) => c.stream_id)
        .sort((a, b) => a - b);
  return { realm_default_streams: ids };
}
