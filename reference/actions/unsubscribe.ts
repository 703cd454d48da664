// Unsubscribing users from channels: DELETE /users/me/subscriptions.
// Mirrors zulip/zulip zerver/views/streams.py (remove_subscriptions_backend),
// zerver/lib/streams.py (list_to_streams, bulk_can_remove_subscribers_from_streams)
// and zerver/actions/streams.py (bulk_remove_subscriptions, send_subscription_remove_events),
// zerver/actions/message_flags.py (do_mark_stream_messages_as_read).
import { hasBasicAccess, inChannelGroup } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest, StreamDoesNotExist } from '../errors.ts';
import type { Channel, User } from '../state/types.ts';
import { doMarkChannelRead } from './message-flags.ts';
import { emitPeerEvents, emitStreamDelete } from './channel-events.ts';
import { checkChannelName } from './create-channel.ts';
import { directlyControls, resolvePrincipals, type Principals } from './principals.ts';
import { accessRestricted, emitAccessLost } from './user-access-events.ts';

export interface UnsubscribePlan {
  users: User[];
  /** The named channels, each once, in the request's order. */
  channels: Channel[];
}

/** `names` are already stripped. */
export function checkUnsubscribe(world: World, actor: User, names: string[], principals: Principals | undefined): UnsubscribePlan {
  const store = world.store;
  let users = [actor];
  let others = false;
  if (principals !== undefined && principals.length > 0) {
    users = resolvePrincipals(world, principals);
    others = users.some((u) => !directlyControls(actor, u));
  }
  for (const name of names) checkChannelName(name);
  const found = new Map<number, Channel>();
  const missing: string[] = [];
  // NOTE: approximation: before feature level 362 an archived channel is refused as one
  // that does not exist; the real server's refusal of that time is not documented.
  const archivedClosed = !atLeast(store, 'archived_channel_subscriptions');
  for (const name of names) {
    const c = store.channelByName(name);
    if (c && !(archivedClosed && c.is_archived)) found.set(c.stream_id, c);
    else missing.push(name);
  }
  // The permission to remove others is checked before the names are known to exist.
  if (others && !canRemoveSubscribers(world, actor, [...found.values()])) throw new BadRequest('Insufficient permission');
  if (missing.length > 0) {
    // The API documentation (zulip.com/api/unsubscribe): STREAM_DOES_NOT_EXIST with
    // `stream`, the name. The newest real server answers BAD_REQUEST "Channel(s) ({names})
    // do not exist" instead (zerver/lib/streams.py list_to_streams); Understudy follows
    // the documentation.
    const name = missing[0] as string;
    throw new StreamDoesNotExist(`Channel '${name}' does not exist`, { stream: name });
  }
  return { users, channels: [...found.values()] };
}

/**
 * bulk_can_remove_subscribers_from_streams: administrators anywhere; channel
 * administrators of every listed channel without more; otherwise access to each
 * channel (metadata is enough) and membership of each one's can_remove_subscribers_group.
 */
function canRemoveSubscribers(world: World, actor: User, channels: Channel[]): boolean {
  const store = world.store;
  const now = world.nowMs();
  if (isAdmin(actor)) return true;
  if (isGuest(actor)) return false;
  // Channel administrators as such: from feature level 349.
  const channelAdmins = atLeast(store, 'add_subscribers_without_subscribing');
  if (channelAdmins && channels.every((c) => inChannelGroup(store, actor, c, 'can_administer_channel_group', now))) return true;
  if (!channels.every((c) => hasBasicAccess(store, actor, c, now, false))) return false;
  return channels.every((c) => inChannelGroup(store, actor, c, 'can_remove_subscribers_group', now));
}

export function doUnsubscribe(world: World, plan: UnsubscribePlan): { removed: string[]; not_removed: string[] } {
  const store = world.store;
  const now = world.nowMs();
  const removed: string[] = [];
  const notRemoved: string[] = [];
  const byUser = new Map<User, Channel[]>();
  for (const u of plan.users) {
    for (const c of plan.channels) {
      const sub = store.subscription(u.user_id, c.stream_id);
      if (!sub) {
        notRemoved.push(c.name);
        continue;
      }
      store.putSubscription({ ...sub, active: false });
      removed.push(c.name);
      byUser.set(u, [...(byUser.get(u) ?? []), c]);
    }
  }
  const altered = new Map<Channel, Set<number>>();
  for (const [u, channels] of byUser) {
    store.emit([u.user_id], {
      type: 'subscription',
      op: 'remove',
      subscriptions: channels.map((c) => ({ name: c.name, stream_id: c.stream_id })),
    });
    if (!isAdmin(u)) {
      const lost = channels.filter((c) => !hasBasicAccess(store, u, c, now, false));
      emitStreamDelete(store, lost, [u.user_id]);
    }
    for (const c of channels) altered.set(c, (altered.get(c) ?? new Set()).add(u.user_id));
  }
  if (altered.size > 0) emitPeerEvents(store, 'peer_remove', altered, now);
  if (accessRestricted(store)) emitAccessLost(world, byUser);
  // The deferred mark_stream_messages_as_read job, run at once: what the user had not read
  // in the channels left is now read.
  for (const [u, channels] of byUser) for (const c of channels) doMarkChannelRead(world, u, c);
  return { removed, not_removed: notRemoved };
}

