// Test support: the comparison at the end of the apply_events contract (zulip/zulip
// zerver/tests/test_events.py verify_action and match_states): a registration state with
// its queue's events applied against a fresh registration of the same user and options,
// both normalised as upstream's test does (and for the few reasons listed at
// normaliseState). Shared by reference/domain/apply-events.property.test.ts and the
// conformance property suite's ApplyEvents command (conformance/properties/), so that
// both hold a server to the same rule. The differences come with their place as path
// segments, which the conformance suite writes in the scenario path language.
import { finishClientState, type ClientState, type Obj } from './client-state.ts';

/** What the comparison must know besides the two states. */
export interface Known {
  /** Channels the user is subscribed to now (a fresh registration's subscriptions). */
  subscribed: ReadonlySet<number>;
  /** Channels archived since the registration. */
  archived: ReadonlySet<number>;
  /** The user is a guest who left a channel since the registration. */
  guestWhoLeft: boolean;
  /** Channels changed since the registration in ways the real server does not tell this user (below). */
  untoldChannels?: ReadonlySet<number>;
}

/** The channels a registration lists the user as subscribed to. */
export const subscribedIn = (fresh: Obj): Set<number> => new Set(((fresh['subscriptions'] ?? []) as Obj[]).map((c) => c['stream_id'] as number));

/** The applied state in wire form, with the keys a client cannot follow (ClientState.refetch) taken from the fresh state. */
export function appliedState(client: ClientState, fresh: Obj): Obj {
  const applied = finishClientState(client);
  for (const key of client.refetch) applied[key] = fresh[key];
  return applied;
}

/**
 * upstream's match_states normalisation: subscriber lists sorted, subscriber_count
 * dropped (peer events do not maintain it), subscriptions and unsubscribed and
 * realm_bots compared as sets, server_timestamp and presence_last_update_id zeroed.
 * Left out besides, each for its reason:
 * - a channel's stream_weekly_traffic and is_recently_active: the real server changes
 *   them by periodic jobs (its analytics tables, daily), with no event from the actions
 *   exercised here; Understudy computes both live, so a message changes them;
 * - a user's is_deleted (feature level 490): the real server's events for deleting a
 *   profile were not readable; Understudy sends the name and avatar updates, which
 *   cannot add the key;
 * - first_message_id of the channels the user is not subscribed to, and in `streams`:
 *   the real server sets it when a channel's first message is sent without an event
 *   (and tells only subscribers when a deletion changes it), so only subscriptions
 *   follow it (through message events, and subscription add, which carries it);
 * - the order of drafts: a registration lists them newest edit first, and the real
 *   server's applier appends a new one, so only the set is kept;
 * - topic policies (user_topics) in archived channels: a registration leaves them out,
 *   and archiving sends no user_topic event, on the real server either;
 * - the order of starred_messages: a registration lists them by id, and the real server's
 *   applier appends the messages of each update_message_flags event, so only the set is kept;
 * - max_message_id of a guest who left a channel: a message of that channel deleted
 *   later is still the guest's, but the real server tells only subscribers and
 *   non-guests (event_recipient_ids_for_action_on_messages), so nothing says it is gone;
 * - channels changed in ways the real server does not tell the user: made private when
 *   the user can no longer see them (zerver/actions/streams.py do_change_stream_permission
 *   tells only who can still see the channel), and any change to a web-public channel a
 *   guest sees without being subscribed (zerver/lib/streams.py
 *   bulk_can_access_stream_metadata_user_ids has no web-public case), so the client
 *   keeps its old picture of them.
 */
export function normaliseState(state: Obj, known: Known): Obj {
  // Copies only what it changes (the states are large, and compared often).
  const s: Obj = { ...state };
  if (known.guestWhoLeft) delete s['max_message_id'];
  const channel = (inStreams: boolean) => (c: Obj) => {
    const out: Obj = { ...c };
    if (inStreams || !known.subscribed.has(c['stream_id'])) delete out['first_message_id'];
    if (Array.isArray(c['subscribers'])) out['subscribers'] = [...(c['subscribers'] as number[])].sort((a, b) => a - b);
    delete out['subscriber_count'];
    delete out['stream_weekly_traffic'];
    delete out['is_recently_active'];
    return out;
  };
  const untold = known.untoldChannels ?? new Set<number>();
  for (const key of ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams']) {
    if (Array.isArray(s[key])) s[key] = (s[key] as Obj[]).filter((c) => !untold.has(c['stream_id'] as number)).map(channel(key === 'streams'));
  }
  for (const key of ['realm_users', 'realm_non_active_users']) {
    if (Array.isArray(s[key])) s[key] = (s[key] as Obj[]).map((u) => ('is_deleted' in u ? (({ is_deleted: _, ...rest }) => rest)(u) : u));
  }
  if (Array.isArray(s['starred_messages'])) s['starred_messages'] = [...(s['starred_messages'] as number[])].sort((a, b) => a - b);
  if (Array.isArray(s['user_topics'])) s['user_topics'] = (s['user_topics'] as Obj[]).filter((t) => !known.archived.has(t['stream_id']));
  s['server_timestamp'] = 0;
  if ('presence_last_update_id' in s) s['presence_last_update_id'] = 0;
  for (const key of ['result', 'msg', 'queue_id', 'last_event_id', 'zulip_version', 'zulip_feature_level', 'zulip_merge_base']) delete s[key];
  return s;
}

/** Top-level lists compared as sets (by the identity key of their elements), not in order. */
const UNORDERED = new Set(['subscriptions', 'unsubscribed', 'realm_bots', 'drafts']);
/** Keys that name an element of a list of objects, in the order they are tried. */
const IDENTITY = ['stream_id', 'user_id', 'scheduled_message_id', 'reminder_id', 'id'];

/** A key of an object, an index of a list, every element of a list, or the element whose `filter` key is `value` (the scenario language's [?key=value]). */
export type Segment = { key: string } | { index: number } | { all: true } | { filter: string; value: string | number };

export interface Difference {
  /** Where, from the top of the state. */
  segments: Segment[];
  /** The value in the state with the events applied, and in the fresh registration (undefined: absent). */
  applied: unknown;
  fresh: unknown;
  /** A list's order rather than its content: the values are the identity keys in order. */
  order?: string;
}

/** Deep equality of JSON values (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => k in b && sameJson((a as Obj)[k], (b as Obj)[k]));
}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key that tells the elements of both lists apart (every element an object with a distinct number or string there), if any. */
function identityOf(a: unknown[], b: unknown[]): string | undefined {
  if (a.length + b.length === 0 || ![...a, ...b].every(isObject)) return undefined;
  return IDENTITY.find((key) =>
    [a, b].every((list) => {
      const ids = (list as Obj[]).map((x) => x[key]);
      return ids.every((v) => typeof v === 'number' || typeof v === 'string') && new Set(ids).size === ids.length;
    }),
  );
}

function diff(a: unknown, b: unknown, at: Segment[], out: Difference[], limit: number, unordered: boolean): void {
  if (out.length >= limit || sameJson(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diff(a[k], b[k], [...at, { key: k }], out, limit, at.length === 0 && UNORDERED.has(k));
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const key = identityOf(a, b);
    if (key !== undefined) {
      const byId = (list: unknown[]) => new Map((list as Obj[]).map((x) => [x[key] as string | number, x]));
      const [ma, mb] = [byId(a), byId(b)];
      const ids = [...new Set([...ma.keys(), ...mb.keys()])];
      const common = (m: Map<string | number, Obj>, other: Map<string | number, Obj>) => [...m.keys()].filter((id) => other.has(id));
      if (!unordered && !sameJson(common(ma, mb), common(mb, ma))) {
        out.push({ segments: [...at, { all: true }, { key }], applied: [...ma.keys()], fresh: [...mb.keys()], order: key });
      }
      for (const id of ids) diff(ma.get(id), mb.get(id), [...at, { filter: key, value: id }], out, limit, false);
      return;
    }
    if (a.length === b.length && a.every(isObject) && b.every(isObject)) {
      a.forEach((x, i) => diff(x, b[i], [...at, { index: i }], out, limit, false));
      return;
    }
  }
  out.push({ segments: at, applied: a, fresh: b });
}

/**
 * The first `limit` differences between the applied state and the fresh one, after
 * normalisation; none when they agree. A list of objects with an identity key is
 * compared element by element (and, unless it is a set, in order); any other list whole.
 */
export function stateDifferences(applied: Obj, fresh: Obj, known: Known, limit = 6): Difference[] {
  const out: Difference[] = [];
  diff(normaliseState(applied, known), normaliseState(fresh, known), [], out, limit, false);
  return out;
}

/** A difference's place, written as the scenario language writes paths (members[?user_id=5].full_name). */
export function pathOf(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if ('filter' in s) out += `[?${s.filter}=${s.value}]`;
    else if ('index' in s) out += `[${s.index}]`;
    else if ('all' in s) out += '[*]';
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(s.key)) out += out === '' ? s.key : `.${s.key}`;
    else out += `[${JSON.stringify(s.key)}]`;
  }
  return out;
}

/** One line per difference, for a failure's message. */
export function describeDifference(d: Difference): string {
  const show = (v: unknown) => (v === undefined ? '(absent)' : (JSON.stringify(v) ?? String(v)).slice(0, 300));
  return `${pathOf(d.segments)}: applied ${show(d.applied)} / fresh ${show(d.fresh)}`;
}
