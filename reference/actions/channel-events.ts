// Who hears about a channel, and the channel events the subscription actions send.
// Mirrors zulip/zulip zerver/lib/streams.py (bulk_can_access_stream_metadata_user_ids,
// get_users_dict_with_metadata_access_to_streams_via_permission_groups,
// send_stream_creation_event, send_stream_deletion_event) and zerver/actions/streams.py
// (send_peer_subscriber_events, send_subscription_add_events).
import { formatChannel, formatSubscription, hasMetadataAccessViaGroups } from '../domain/channels.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import type { Store } from '../state/store.ts';
import type { Channel } from '../state/types.ts';

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** Active realm members, bots included, guests included (active_user_ids). */
export function activeUserIds(store: Store): number[] {
  return store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id);
}

/** Active members who are not guests (active_non_guest_user_ids). */
export function activeNonGuestIds(store: Store): number[] {
  return store.realmUsers().filter((u) => u.is_active && !isGuest(u)).map((u) => u.user_id);
}

/** Active organization administrators and owners, bots with those roles included. */
export function adminIds(store: Store): number[] {
  return store.realmUsers().filter((u) => u.is_active && isAdmin(u)).map((u) => u.user_id);
}

/**
 * Active non-guests in can_administer_channel_group, can_add_subscribers_group or
 * can_subscribe_group (a group setting includes no deactivated user: isUserInSetting).
 */
export function metadataGroupMemberIds(store: Store, channel: Channel, nowMs: number): Set<number> {
  const out = new Set<number>();
  for (const u of store.realmUsers()) {
    if (hasMetadataAccessViaGroups(store, u, channel, nowMs)) out.add(u.user_id);
  }
  return out;
}

/** Active subscribers: Store.subscribers already leaves out deactivated users (is_user_active). */
function activeSubscribers(store: Store, channel: Channel): number[] {
  return store.subscribers(channel.stream_id);
}

/**
 * Everyone who may see the channel's metadata, for events about it
 * (bulk_can_access_stream_metadata_user_ids): public channels, web-public ones included,
 * every non-guest plus guest subscribers; private ones, subscribers, administrators
 * and the metadata groups' members.
 */
export function metadataAccessUserIds(store: Store, channel: Channel, nowMs: number): number[] {
  const out = new Set(activeSubscribers(store, channel));
  if (!channel.invite_only) {
    for (const id of activeNonGuestIds(store)) out.add(id);
  } else {
    for (const id of adminIds(store)) out.add(id);
    for (const id of metadataGroupMemberIds(store, channel, nowMs)) out.add(id);
  }
  return ascending(out);
}

/** The channel as events carry it; a channel just created has no weekly traffic yet. */
export function channelDict(store: Store, channel: Channel, nowSeconds: number, fresh = false): Record<string, unknown> {
  const out = formatChannel(store, channel, nowSeconds);
  if (fresh) out['stream_weekly_traffic'] = null;
  return out;
}

export function emitStreamCreate(store: Store, channel: Channel, userIds: Iterable<number>, nowSeconds: number, fresh = false): void {
  const users = ascending(new Set(userIds));
  if (users.length === 0) return;
  store.emit(users, { type: 'stream', op: 'create', streams: [channelDict(store, channel, nowSeconds, fresh)], for_unarchiving: false });
}

export function emitStreamDelete(store: Store, channels: Channel[], userIds: Iterable<number>, forArchiving = false): void {
  const users = ascending(new Set(userIds));
  if (users.length === 0 || channels.length === 0) return;
  store.emit(users, {
    type: 'stream',
    op: 'delete',
    // "streams" is the deprecated form, kept by the real server for old clients.
    streams: channels.map((c) => ({ stream_id: c.stream_id })),
    stream_ids: channels.map((c) => c.stream_id),
    for_archiving: forArchiving,
  });
}

/**
 * notify_default_streams_change: the default channels' ids, ascending (as Store.channels
 * lists them), to every active member who is not a guest (guests are shown none).
 */
export function emitDefaultStreams(store: Store): void {
  const ids = store
    .channels()
    .filter((c) => c.is_default && !c.is_archived)
    .map((c) => c.stream_id);
  store.emit(activeNonGuestIds(store), { type: 'default_streams', default_streams: ids });
}

/** The audience of a newly created channel's `stream create` event. */
export function creationAudience(store: Store, channel: Channel, nowMs: number): number[] {
  if (channel.is_web_public) return activeUserIds(store);
  if (!channel.invite_only) return activeNonGuestIds(store);
  return ascending(new Set([...adminIds(store), ...metadataGroupMemberIds(store, channel, nowMs)]));
}

/** One `subscription add` event per user, to that user, with the full subscription objects. */
export function emitSubscriptionAdds(store: Store, byUser: Map<number, Channel[]>, nowSeconds: number): void {
  for (const [userId, channels] of byUser) {
    const subscriptions = channels.map((c) => {
      const sub = store.subscription(userId, c.stream_id);
      return sub ? formatSubscription(store, c, sub, 'true', nowSeconds) : {};
    });
    store.emit([userId], { type: 'subscription', op: 'add', subscriptions });
  }
}

/**
 * peer_add / peer_remove to the users tracking the channels' subscribers, after the
 * change: for a private channel, its subscribers, the administrators and the metadata
 * groups; for public ones, every non-guest (plus guest subscribers), one event per set
 * of channels that share an audience; web-public ones reach every active user.
 */
export function emitPeerEvents(store: Store, op: 'peer_add' | 'peer_remove', altered: Map<Channel, Set<number>>, nowMs: number): void {
  const nonGuests = new Set(activeNonGuestIds(store));
  const send = (users: Iterable<number>, channelIds: number[], userIds: number[]) => {
    const to = ascending(new Set(users));
    if (to.length > 0) store.emit(to, { type: 'subscription', op, stream_ids: channelIds, user_ids: userIds });
  };
  const groups = new Map<string, Channel[]>();
  for (const [channel, users] of altered) {
    if (users.size === 0) continue;
    if (channel.invite_only) {
      const peers = new Set([...activeSubscribers(store, channel), ...adminIds(store), ...metadataGroupMemberIds(store, channel, nowMs)]);
      for (const id of users) peers.delete(id);
      send(peers, [channel.stream_id], ascending(users));
      continue;
    }
    const key = ascending(users).join(',');
    groups.set(key, [...(groups.get(key) ?? []), channel]);
  }
  for (const [key, channels] of groups) {
    const users = key.split(',').map(Number);
    const minus = (ids: Iterable<number>) => [...ids].filter((id) => !users.includes(id));
    const webPublic: number[] = [];
    const withoutGuests: number[] = [];
    for (const c of channels) {
      if (c.is_web_public) webPublic.push(c.stream_id);
      else {
        const subscribers = activeSubscribers(store, c);
        if (subscribers.every((id) => nonGuests.has(id))) withoutGuests.push(c.stream_id);
        else send(minus(new Set([...nonGuests, ...subscribers])), [c.stream_id], users);
      }
    }
    if (webPublic.length > 0) send(minus(activeUserIds(store)), ascending(webPublic), users);
    if (withoutGuests.length > 0) send(minus(nonGuests), ascending(withoutGuests), users);
  }
}
