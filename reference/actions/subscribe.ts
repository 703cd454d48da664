// Subscribing users to channels, creating the missing ones: POST /users/me/subscriptions.
// checkSubscribe makes every decision (names, creation, authorization, principals) and
// returns a plan; doSubscribe carries it out: channels, subscriptions, events, notices.
// Mirrors zulip/zulip zerver/views/streams.py (add_subscriptions_backend),
// zerver/lib/streams.py (list_to_streams, filter_stream_authorization_for_adding_subscribers,
// get_streams_to_which_user_cannot_add_subscribers) and zerver/actions/streams.py
// (bulk_add_subscriptions).
import { hasContentAccess, inChannelGroup } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest, RequestVariableInvalid } from '../errors.ts';
import { newSubscription } from '../state/store.ts';
import type { Channel, Subscription, User } from '../state/types.ts';
import { adminIds, emitPeerEvents, emitStreamCreate, emitSubscriptionAdds, metadataGroupMemberIds } from './channel-events.ts';
import { canSetTopicsPolicy, checkChannelName, checkNewChannel, doCreateChannel, hasRealmPermission, type CreationOptions } from './create-channel.ts';
import { resolvePrincipals, type Principals } from './principals.ts';
import { MAX_BULK_NEW_SUBSCRIPTION_MESSAGES, sendSubscriptionNotices } from './subscription-notices.ts';
import { pickColors } from './subscription-colors.ts';
import { accessRestricted, emitAccessGained, sharedWith } from './user-access-events.ts';

export interface SubscribeEntry {
  /** As sent: the requested color applies when this equals the channel's stored name. */
  rawName: string;
  /** Stripped. */
  name: string;
  color: string | undefined;
  /** Newlines already replaced by spaces. */
  description: string;
}

export interface SubscribeRequest {
  entries: SubscribeEntry[];
  principals: Principals;
  authorizationErrorsFatal: boolean;
  announce: boolean;
  folderId: number | undefined;
  /** As sent: 'realm_default', 'unlimited' or a number of days. */
  messageRetentionDays: string | number;
  options: Omit<CreationOptions, 'messageRetentionDays'>;
  sendNewSubscriptionMessages: boolean;
}

/** Stream.MESSAGE_RETENTION_SPECIAL_VALUES_MAP, through parse_message_retention_days. */
function parseRetention(value: string | number): number | null {
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'string' || value <= 0) {
    throw new RequestVariableInvalid('message_retention_days', value);
  }
  return value;
}

/** A channel of the plan: one that exists, or the n-th of `toCreate`. */
type Target = { existing: Channel } | { created: number };

export interface SubscribePlan {
  actor: User;
  toCreate: Channel[];
  /** authorized existing channels, then the created ones (the real server's order). */
  targets: Target[];
  /** Names refused when authorization errors are not fatal; null when they are. */
  unauthorized: string[] | null;
  subscribers: User[];
  colors: Map<string, string>;
  announce: boolean;
  sendNewSubscriptionMessages: boolean;
}

export function checkSubscribe(world: World, actor: User, req: SubscribeRequest): SubscribePlan {
  const store = world.store;
  const now = world.nowMs();
  // NOTE: approximation: Understudy has no channel folders, so every folder_id is unknown.
  if (req.folderId !== undefined) throw new BadRequest('Invalid channel folder ID');
  const retention = req.entries.length > 0 ? parseRetention(req.messageRetentionDays) : null;
  const options: CreationOptions = { ...req.options, messageRetentionDays: retention };
  if (req.entries.length > 0 && req.options.topicsPolicy !== null && req.options.topicsPolicy !== 'inherit' && !canSetTopicsPolicy(world, actor)) {
    throw new BadRequest('Insufficient permission');
  }
  const others = req.principals.length > 0 && !req.principals.every((p) => p === actor.user_id);

  // list_to_streams: every name, then the channels that exist (archived ones too, any
  // case), then the missing ones. A second spelling of a name this request creates
  // finds the new channel, as get_or_create would.
  // NOTE: approximation: the real server checks the names as a Python set, so with
  // several bad names which one it reports is unspecified; here, the first in the request.
  for (const e of req.entries) checkChannelName(e.name);
  const toCreate: Channel[] = [];
  /** lower-cased name → index in toCreate: a second spelling finds the first. */
  const creating = new Map<string, number>();
  const found: Target[] = [];
  const duplicates: Target[] = [];
  for (const e of req.entries) {
    const existing = store.channelByName(e.name);
    if (existing) {
      found.push({ existing });
      continue;
    }
    const key = e.name.toLowerCase();
    const index = creating.get(key);
    if (index !== undefined) duplicates.push({ created: index });
    else {
      creating.set(key, toCreate.length);
      toCreate.push(checkNewChannel(world, actor, e.name, e.description, options));
    }
  }
  const channelOf = (t: Target) => ('existing' in t ? t.existing : (toCreate[t.created] as Channel));

  // filter_stream_authorization_for_adding_subscribers: content access, and for others
  // the realm's or the channel's add-subscribers permission.
  const authorized: Target[] = [];
  const unauthorized: Channel[] = [];
  let cannotAdd = false;
  // NOTE: approximation: before feature level 362 an archived channel is refused here as
  // one the caller cannot access; the real server's refusal of that time is not documented.
  const archivedClosed = !atLeast(store, 'archived_channel_subscriptions');
  for (const t of [...found, ...duplicates]) {
    const c = channelOf(t);
    if (!hasContentAccess(store, actor, c, now) || (archivedClosed && c.is_archived)) unauthorized.push(c);
    else if (others && !canAddSubscribers(world, actor, c)) cannotAdd = true;
    else authorized.push(t);
  }
  if (unauthorized.length > 0 && req.authorizationErrorsFatal) {
    throw new BadRequest(`Unable to access channel (${(unauthorized[0] as Channel).name}).`);
  }
  if (cannotAdd) throw new BadRequest('Insufficient permission');

  const subscribers = others ? resolvePrincipals(world, req.principals) : [actor];
  const colors = new Map<string, string>();
  for (const e of req.entries) if (e.color !== undefined) colors.set(e.rawName, e.color);
  return {
    actor,
    toCreate,
    targets: [...authorized, ...toCreate.map((_c, i) => ({ created: i }))],
    unauthorized: req.authorizationErrorsFatal ? null : unauthorized.map((c) => c.name),
    subscribers,
    colors,
    announce: req.announce,
    sendNewSubscriptionMessages: req.sendNewSubscriptionMessages,
  };
}

/** get_streams_to_which_user_cannot_add_subscribers, for one channel the caller can access. */
function canAddSubscribers(world: World, actor: User, c: Channel): boolean {
  if (hasRealmPermission(world, actor, 'can_add_subscribers_group')) return true;
  if (isAdmin(actor)) return true;
  if (isGuest(actor)) return false;
  const now = world.nowMs();
  return inChannelGroup(world.store, actor, c, 'can_administer_channel_group', now) || inChannelGroup(world.store, actor, c, 'can_add_subscribers_group', now);
}

export function doSubscribe(world: World, plan: SubscribePlan): Record<string, unknown> {
  const store = world.store;
  const created = plan.toCreate.map((spec) => doCreateChannel(world, spec));
  const channels = [...new Map(plan.targets.map((t) => {
    const c = 'existing' in t ? t.existing : (created[t.created] as Channel);
    return [c.stream_id, c] as const;
  })).values()];

  // bulk_add_subscriptions: per user, new rows first, then reactivated ones.
  const subscribed = new Map<number, Channel[]>();
  const reactivated = new Map<number, Channel[]>();
  const already = new Map<number, string[]>();
  const append = <T>(map: Map<number, T[]>, key: number, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const users = [...plan.subscribers].sort((a, b) => a.user_id - b.user_id);
  const byId = [...channels].sort((a, b) => a.stream_id - b.stream_id);
  for (const u of users) {
    for (const c of byId) {
      const row = store.subscriptionRow(u.user_id, c.stream_id);
      if (row?.active) append(already, u.user_id, c.name);
      else if (row) append(reactivated, u.user_id, c);
      else append(subscribed, u.user_id, c);
    }
  }
  const byUser = new Map<number, Channel[]>();
  for (const u of users) {
    const list = [...(subscribed.get(u.user_id) ?? []), ...(reactivated.get(u.user_id) ?? [])];
    if (list.length > 0) byUser.set(u.user_id, list);
  }
  const sharedBefore = accessRestricted(store) ? sharedWith(store, byUser.keys()) : null;
  for (const [userId, list] of subscribed) {
    const colors = pickColors(store, userId, list, plan.colors);
    for (const c of list) store.putSubscription(newSubscription(userId, c.stream_id, colors.get(c.stream_id) as string));
  }
  for (const [userId, list] of reactivated) {
    for (const c of list) store.putSubscription({ ...(store.subscriptionRow(userId, c.stream_id) as Subscription), active: true });
  }
  // With no one newly subscribed there is nothing to emit (every emitter sends nothing for no one).
  emitAddEvents(world, byUser, sharedBefore);

  const newlySubscribed = new Map([...byUser].map(([id, list]) => [id, list.map((c) => c.name)]));
  const sendMessages = plan.sendNewSubscriptionMessages && newlySubscribed.size <= MAX_BULK_NEW_SUBSCRIPTION_MESSAGES;
  sendSubscriptionNotices(world, { actor: plan.actor, newlySubscribed, created, announce: plan.announce, sendDirectMessages: sendMessages });

  const out: Record<string, unknown> = {
    subscribed: Object.fromEntries([...newlySubscribed].map(([id, names]) => [String(id), names])),
    already_subscribed: Object.fromEntries([...already].map(([id, names]) => [String(id), names])),
  };
  if (plan.unauthorized !== null) out['unauthorized'] = plan.unauthorized;
  // add_subscriptions_backend: whether at most MAX_BULK_NEW_SUBSCRIPTION_MESSAGES users were
  // newly subscribed, whether or not any notice was due (subscribing oneself: true).
  if (plan.sendNewSubscriptionMessages) out['new_subscription_messages_sent'] = sendMessages;
  return out;
}

/**
 * The events of bulk_add_subscriptions, in order: `stream create` for channels the new
 * subscribers could not see before, `subscription add` to each of them, realm_user add
 * where guests may not know everyone (`sharedBefore`), then peer_add.
 */
function emitAddEvents(world: World, byUser: Map<number, Channel[]>, sharedBefore: Map<number, Set<number>> | null): void {
  const store = world.store;
  const now = world.nowMs();
  const altered = new Map<Channel, Set<number>>();
  // The lists share the plan's channel objects, one per channel: they key the map.
  for (const [userId, list] of byUser) {
    for (const c of list) altered.set(c, (altered.get(c) ?? new Set()).add(userId));
  }
  for (const [c, users] of altered) {
    let notify: number[] = [];
    if (c.invite_only) {
      const known = new Set([...adminIds(store), ...metadataGroupMemberIds(store, c, now)]);
      notify = [...users].filter((id) => !known.has(id));
    } else if (!c.is_web_public) {
      notify = [...users].filter((id) => {
        const u = store.user(id);
        return u !== undefined && isGuest(u);
      });
    }
    emitStreamCreate(store, c, notify, world.nowSeconds());
  }
  emitSubscriptionAdds(store, byUser, world.nowSeconds());
  if (sharedBefore) emitAccessGained(world, byUser, sharedBefore);
  emitPeerEvents(store, 'peer_add', altered, now);
}
