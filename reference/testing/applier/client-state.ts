// Test support: what a client keeps of its POST /register state while it applies events,
// written from the real server's own applier (zulip/zulip zerver/lib/events.py
// apply_event and post_process_state) and the GET /events documentation. It shares no
// code with the reference: it reads the JSON a client receives and nothing else.
// Like the server's, it holds a few keys in a raw form that events update cheaply
// (users by id, unread messages by id, direct conversations by participants) and turns
// them back into the wire form at the end.

/** A JSON object as the client received it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

/** The registration's options that change how events apply (do_events_register's arguments). */
/** Every client capability the applier understands (POST /register `client_capabilities`), each on. */
export const ALL_CAPABILITIES = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: true,
  stream_typing_notifications: true,
  user_settings_object: true,
  linkifier_url_template: true,
  user_list_incomplete: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
  simplified_presence_events: true,
};

export interface ApplierOptions {
  userId: number;
  clientGravatar: boolean;
  /** include_subscribers: 'partial' applies as true, as do_events_register passes it. */
  includeSubscribers: boolean;
  /** client_capabilities as sent; a missing one is false. */
  capabilities: Readonly<Record<string, boolean>>;
  /** fetch_event_types (else event_types); null: every type. Events of other types are skipped. */
  fetchEventTypes: readonly string[] | null;
}

export type UnreadEntry =
  | { kind: 'stream'; stream_id: number; topic: string }
  | { kind: 'pm'; other_user_id: number }
  | { kind: 'huddle'; user_ids_string: string };

/** unread_msgs by message id (the server's raw_unread_msgs). */
export interface RawUnread {
  messages: Map<number, UnreadEntry>;
  /**
   * Unread messages of channels the user left: a registration leaves them out (zulip/zulip
   * zerver/lib/message.py get_raw_unread_data excludes inactive subscriptions) and lists
   * them again once the user subscribes again, so they wait here till then.
   */
  hidden: Map<number, UnreadEntry & { kind: 'stream' }>;
  /** Personal mentions: listed whether or not the conversation is muted. */
  mentioned: Set<number>;
  /** Wildcard mentions: listed only outside muted conversations. */
  wildcard: Set<number>;
  oldUnreadsMissing: boolean;
}

export interface ClientState {
  readonly options: ApplierOptions;
  /** Every key but the raw ones below. */
  readonly state: Obj;
  /** realm_users and realm_non_active_users by id, with is_active (raw_users). */
  rawUsers: Map<number, Obj> | null;
  unread: RawUnread | null;
  /** recent_private_conversations by their sorted other participants. */
  recent: Map<string, { user_ids: number[]; max_message_id: number }> | null;
  /**
   * The user's subscription to each channel they stopped seeing. If the channel comes
   * back (`stream create`), the real server looks the old subscription up in its
   * database and lists the channel as unsubscribed, with the user's color and settings;
   * a client remembers them instead.
   */
  readonly formerSubscriptions: Map<number, Obj>;
  /** Channels whose subscription the user ended (unsubscribed, then perhaps lost from view). */
  readonly left: Set<number>;
  /**
   * Keys the real server's apply_event recomputes from its database rather than from the
   * event (max_message_id after a deletion, recent_private_conversations after a direct
   * message is deleted, the legacy policy numbers and the caller's permissions after a
   * realm group setting changes): a client cannot follow them and refetches them.
   */
  readonly refetch: Set<string>;
}

/** One event type's part of apply_event. */
export type Handler = (client: ClientState, event: Obj) => void;

const ownCopy = <T>(x: T): T => structuredClone(x);

/**
 * presences: a user still online who reports again changes their presence with no event
 * at all (zulip/zulip zerver/actions/presence.py sends one only when a user comes
 * online), so a client refetches them whatever its queue brings.
 */
const PRESENCES_REFETCHED = ['presences'];

/** The client's state right after POST /register (queue_id and the version keys left out). */
export function startClientState(registered: Obj, options: ApplierOptions): ClientState {
  const state = ownCopy(registered);
  for (const key of ['result', 'msg', 'queue_id', 'last_event_id', 'zulip_version', 'zulip_feature_level', 'zulip_merge_base']) delete state[key];
  const left = new Set(((state['unsubscribed'] ?? []) as Obj[]).map((c) => c['stream_id'] as number));
  const client: ClientState = { options, state, rawUsers: null, unread: null, recent: null, formerSubscriptions: new Map(), left, refetch: new Set(PRESENCES_REFETCHED.filter((k) => k in state)) };
  if ('realm_users' in state) {
    client.rawUsers = new Map();
    for (const u of state['realm_users'] as Obj[]) client.rawUsers.set(u['user_id'], { ...u, is_active: true });
    for (const u of state['realm_non_active_users'] as Obj[]) client.rawUsers.set(u['user_id'], { ...u, is_active: false });
    delete state['realm_users'];
    delete state['realm_non_active_users'];
  }
  if ('unread_msgs' in state) {
    const u = state['unread_msgs'] as Obj;
    const messages = new Map<number, UnreadEntry>();
    for (const b of u['pms'] as Obj[]) for (const id of b['unread_message_ids']) messages.set(id, { kind: 'pm', other_user_id: b['other_user_id'] });
    for (const b of u['streams'] as Obj[]) for (const id of b['unread_message_ids']) messages.set(id, { kind: 'stream', stream_id: b['stream_id'], topic: b['topic'] });
    for (const b of u['huddles'] as Obj[]) for (const id of b['unread_message_ids']) messages.set(id, { kind: 'huddle', user_ids_string: b['user_ids_string'] });
    // The initial list does not say which mentions were wildcards: taken as personal.
    client.unread = { messages, hidden: new Map(), mentioned: new Set(u['mentions']), wildcard: new Set(), oldUnreadsMissing: u['old_unreads_missing'] };
    delete state['unread_msgs'];
  }
  if ('recent_private_conversations' in state) {
    client.recent = new Map();
    for (const c of state['recent_private_conversations'] as Obj[]) client.recent.set(String(c['user_ids']), { user_ids: c['user_ids'], max_message_id: c['max_message_id'] });
    delete state['recent_private_conversations'];
  }
  return client;
}

const byNumber = (a: number, b: number) => a - b;
/** Python's default string order (code points), which the server sorts names with. */
export const byCodePoint = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0) as number);
  const y = [...b].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
};

/**
 * The state in wire form (post_process_state). A new object, but it shares what it does
 * not rebuild with the client's state (copying it all, at every comparison, was most of a
 * comparison's cost): read it before applying more events, and change nothing in it.
 */
export function finishClientState(client: ClientState): Obj {
  const state: Obj = { ...client.state };
  const caps = client.options.capabilities;
  if (client.rawUsers !== null) {
    const users = [...client.rawUsers.values()].sort((a, b) => a['user_id'] - b['user_id']);
    const wire = (u: Obj) => (({ is_active: _, ...rest }) => rest)(u);
    state['realm_users'] = users.filter((u) => u['is_active']).map(wire);
    state['realm_non_active_users'] = users.filter((u) => !u['is_active']).map(wire);
  }
  if (client.unread !== null) state['unread_msgs'] = aggregateUnread(client, state);
  if (client.recent !== null) {
    state['recent_private_conversations'] = [...client.recent.values()].sort((a, b) => b.max_message_id - a.max_message_id).map(ownCopy);
  }
  if (!caps['notification_settings_null'] && 'subscriptions' in state) {
    const settings = (state['user_settings'] ?? {}) as Obj;
    const filled = (sub: Obj) => {
      const out = { ...sub };
      for (const kind of ['desktop', 'audible', 'push', 'email']) {
        if (out[`${kind}_notifications`] === null) out[`${kind}_notifications`] = settings[`enable_stream_${kind}_notifications`];
      }
      return out;
    };
    state['subscriptions'] = (state['subscriptions'] as Obj[]).map(filled);
    state['unsubscribed'] = (state['unsubscribed'] as Obj[]).map(filled);
  }
  return state;
}

const VISIBILITY = { muted: 1, unmuted: 2, followed: 3 };

/** Is the conversation muted, by the client's own subscriptions and topic policies? */
function isMuted(state: Obj, streamId: number, topic: string): boolean {
  const sub = ((state['subscriptions'] ?? []) as Obj[]).find((s) => s['stream_id'] === streamId);
  const row = ((state['user_topics'] ?? []) as Obj[]).find((t) => t['stream_id'] === streamId && String(t['topic_name']).toLowerCase() === topic.toLowerCase());
  const policy = row?.['visibility_policy'];
  if (sub?.['is_muted']) return policy !== VISIBILITY.unmuted && policy !== VISIBILITY.followed;
  return policy === VISIBILITY.muted;
}

/**
 * aggregate_unread_data: conversations in the server's order, ids ascending, the count
 * leaving out muted conversations. Muting is read from the state as it is now (the server
 * decides it when it fetches, and for a new message when it arrives).
 */
function aggregateUnread(client: ClientState, state: Obj): Obj {
  const raw = client.unread as RawUnread;
  const ids = [...raw.messages.keys()].sort(byNumber);
  const pms = new Map<number, number[]>();
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (const id of ids) {
    const e = raw.messages.get(id) as UnreadEntry;
    let muted = false;
    if (e.kind === 'stream') {
      muted = isMuted(state, e.stream_id, e.topic);
      if (!muted) count++;
      const key = `${String(e.stream_id).padStart(12, '0')}\u0000${e.topic.toLowerCase()}`;
      const bucket = streams.get(key) ?? { stream_id: e.stream_id, topic: e.topic, unread_message_ids: [] };
      bucket.unread_message_ids.push(id);
      streams.set(key, bucket);
    } else if (e.kind === 'pm') {
      count++;
      pms.set(e.other_user_id, [...(pms.get(e.other_user_id) ?? []), id]);
    } else {
      count++;
      huddles.set(e.user_ids_string, [...(huddles.get(e.user_ids_string) ?? []), id]);
    }
    if (raw.mentioned.has(id) || (raw.wildcard.has(id) && !muted)) mentions.push(id);
  }
  return {
    pms: [...pms.keys()].sort(byNumber).map((other) => ({ other_user_id: other, sender_id: other, unread_message_ids: pms.get(other) })),
    streams: [...streams.keys()].sort(byCodePoint).map((k) => streams.get(k)),
    huddles: [...huddles.keys()].sort(byCodePoint).map((k) => ({ user_ids_string: k, unread_message_ids: huddles.get(k) })),
    mentions,
    count,
    old_unreads_missing: raw.oldUnreadsMissing,
  };
}
