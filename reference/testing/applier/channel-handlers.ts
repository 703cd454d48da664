// Test support: how a client applies channel events to its registration state, after
// the real server's apply_event (zulip/zulip zerver/lib/events.py: stream,
// subscription, user_topic, default_streams; zerver/lib/subscription_info.py
// build_unsubscribed_sub_from_stream_dict).
import { byCodePoint, type ClientState, type Handler, type Obj } from './client-state.ts';

const LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;
/** The personal part of a subscription (Subscription.API_FIELDS and in_home_view). */
const PERSONAL = [
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
];

const list = (client: ClientState, key: string): Obj[] => (client.state[key] ?? []) as Obj[];
const sortByName = (xs: Obj[]) => xs.sort((a, b) => byCodePoint(a['name'], b['name']));
/** peer events carry subscribers; partial_subscribers stand in for them on large channels. */
const subscriberKey = (sub: Obj) => ('subscribers' in sub ? 'subscribers' : 'partial_subscribers');

function streamCreate(client: ClientState, event: Obj): void {
  const state = client.state;
  for (const stream of event['streams'] as Obj[]) {
    const data = structuredClone(stream);
    if (client.options.includeSubscribers) data['subscribers'] = [];
    const former = client.formerSubscriptions.get(stream['stream_id']);
    if (former !== undefined) {
      const unsubscribed: Obj = { ...data };
      for (const key of PERSONAL) unsubscribed[key] = former[key];
      list(client, 'unsubscribed').push(unsubscribed);
    } else list(client, 'never_subscribed').push(data);
    if ('streams' in state) state['streams'].push(structuredClone(stream));
  }
  for (const key of ['unsubscribed', 'never_subscribed', 'streams']) if (key in state) sortByName(state[key]);
}

function streamDelete(client: ClientState, event: Obj): void {
  const gone = new Set<number>(event['stream_ids'] ?? (event['streams'] as Obj[]).map((s) => s['stream_id']));
  for (const key of ['subscriptions', 'unsubscribed']) {
    for (const sub of list(client, key)) if (gone.has(sub['stream_id'])) client.formerSubscriptions.set(sub['stream_id'], sub);
  }
  for (const key of [...LISTS, 'streams']) {
    if (key in client.state) client.state[key] = list(client, key).filter((s) => !gone.has(s['stream_id']));
  }
}

function streamUpdate(client: ClientState, event: Obj): void {
  const same = (c: Obj) => String(c['name']).toLowerCase() === String(event['name']).toLowerCase();
  const update = (c: Obj, onlyKnown: boolean) => {
    const property = event['property'] as string;
    if (onlyKnown && !(property in c)) return;
    c[property] = event['value'];
    if (property === 'description') c['rendered_description'] = event['rendered_description'];
    if (event['history_public_to_subscribers'] != null) c['history_public_to_subscribers'] = event['history_public_to_subscribers'];
    if (event['is_web_public'] != null) c['is_web_public'] = event['is_web_public'];
  };
  for (const key of LISTS) for (const c of list(client, key)) if (same(c)) update(c, false);
  for (const c of list(client, 'streams')) if (same(c)) update(c, true);
  // The deprecated muted_topics list names channels: the real server sends no muted_topics
  // event on a rename (do_rename_stream), and a fresh registration has the new name; a
  // client that keeps the list renames its entries itself, as it knows the channel.
  if (event['property'] === 'name' && Array.isArray(client.state['muted_topics'])) {
    for (const entry of client.state['muted_topics'] as unknown[][]) if (String(entry[0]).toLowerCase() === String(event['name']).toLowerCase()) entry[0] = event['value'];
  }
}

const stream: Handler = (client, event) => {
  if (event['op'] === 'create') streamCreate(client, event);
  else if (event['op'] === 'delete') streamDelete(client, event);
  else if (event['op'] === 'update') streamUpdate(client, event);
  else throw new Error(`unexpected stream op ${event['op']}`);
};

const subscription: Handler = (client, event) => {
  const state = client.state;
  const { includeSubscribers } = client.options;
  switch (event['op']) {
    case 'add': {
      const added = new Set((event['subscriptions'] as Obj[]).map((s) => s['stream_id']));
      const existing = new Set(list(client, 'subscriptions').map((s) => s['stream_id']));
      for (const sub of event['subscriptions'] as Obj[]) {
        client.left.delete(sub['stream_id']);
        // Its unread messages held aside since the user left are listed again (RawUnread.hidden).
        for (const [id, entry] of client.unread?.hidden ?? []) {
          if (entry.stream_id !== sub['stream_id']) continue;
          client.unread?.hidden.delete(id);
          client.unread?.messages.set(id, entry);
        }
        if (existing.has(sub['stream_id'])) continue;
        const copy = structuredClone(sub);
        if (!includeSubscribers) delete copy[subscriberKey(copy)];
        state['subscriptions'].push(copy);
      }
      state['unsubscribed'] = list(client, 'unsubscribed').filter((s) => !added.has(s['stream_id']));
      state['never_subscribed'] = list(client, 'never_subscribed').filter((s) => !added.has(s['stream_id']));
      return;
    }
    case 'remove': {
      const removed = new Set((event['subscriptions'] as Obj[]).map((s) => s['stream_id'] as number));
      for (const id of removed) client.left.add(id);
      const leaving = list(client, 'subscriptions').filter((s) => removed.has(s['stream_id']));
      if (includeSubscribers) {
        for (const sub of leaving) sub[subscriberKey(sub)] = (sub[subscriberKey(sub)] as number[]).filter((id) => id !== client.options.userId);
      }
      state['unsubscribed'].push(...leaving);
      state['subscriptions'] = list(client, 'subscriptions').filter((s) => !removed.has(s['stream_id']));
      return;
    }
    case 'update':
      for (const sub of list(client, 'subscriptions')) if (sub['stream_id'] === event['stream_id']) sub[event['property']] = event['value'];
      return;
    case 'peer_add':
    case 'peer_remove': {
      // subscriber_count is not kept up to date, by the server's applier either.
      if (!includeSubscribers) return;
      const streams = new Set(event['stream_ids'] as number[]);
      const users = new Set(event['user_ids'] as number[]);
      for (const key of LISTS) {
        for (const sub of list(client, key)) {
          if (!streams.has(sub['stream_id'])) continue;
          const k = subscriberKey(sub);
          const before = sub[k] as number[];
          const after = event['op'] === 'peer_add' ? [...new Set([...before, ...users])] : before.filter((id) => !users.has(id));
          sub[k] = after.sort((a, b) => a - b);
        }
      }
      return;
    }
    default:
      throw new Error(`unexpected subscription op ${event['op']}`);
  }
};

const INHERIT = 0;

/**
 * A topic's new visibility policy. The server's applier appends a row even when the topic
 * already has one (its tests change a topic once); a client replaces the row, which is
 * what a fresh registration shows. Topics are matched case-insensitively, and a row keeps
 * the name it was first given, as the server's row does.
 */
const userTopic: Handler = (client, event) => {
  const rows = list(client, 'user_topics');
  const topic = String(event['topic_name']).toLowerCase();
  const index = rows.findIndex((r) => r['stream_id'] === event['stream_id'] && String(r['topic_name']).toLowerCase() === topic);
  if (event['visibility_policy'] === INHERIT) {
    if (index !== -1) rows.splice(index, 1);
    return;
  }
  const name = index === -1 ? event['topic_name'] : rows[index]?.['topic_name'];
  const row = { stream_id: event['stream_id'], topic_name: name, visibility_policy: event['visibility_policy'], last_updated: event['last_updated'] };
  if (index === -1) rows.push(row);
  else rows[index] = row;
};

/** default_streams (ids since feature level 330) and default_stream_groups replace the lists. */
const defaultStreams: Handler = (client, event) => {
  client.state['realm_default_streams'] = structuredClone(event['default_streams']);
};
const defaultStreamGroups: Handler = (client, event) => {
  client.state['realm_default_stream_groups'] = structuredClone(event['default_stream_groups']);
};

export const CHANNEL_HANDLERS: Readonly<Record<string, Handler>> = {
  stream,
  subscription,
  user_topic: userTopic,
  default_streams: defaultStreams,
  default_stream_groups: defaultStreamGroups,
};
