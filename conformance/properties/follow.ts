// The apply_events contract (zulip/zulip zerver/tests/test_events.py verify_action): a
// client that registers and applies its queue's events to the state it got holds what a
// fresh registration gives. RegisterQueue starts following a registration's state,
// PollEvents and ApplyEvents apply every event they poll to it (so each event since the
// registration is applied once, whoever polls), and ApplyEvents registers again and
// compares. The applier and the comparison are the reference's test support
// (reference/testing/apply-events.ts, testing/applier/), written from upstream's
// apply_event and sharing no code with the reference: they read only what a client
// receives, so any server can be held to them.
import { applyEvents, HANDLERS, startClientState, UNFOLLOWED_EVENT_TYPES, type ApplierOptions, type Obj } from '../../reference/testing/apply-events.ts';
import { appliedState, describeDifference, pathOf, stateDifferences, subscribedIn, type Difference, type Segment } from '../../reference/testing/applier/compare.ts';
import type { Expect } from '../schema.ts';
import { idKindOf, type IdKind } from './normalise.ts';
import { templateText, type Templates } from './oracle-pattern.ts';
import type { Problem } from './problem.ts';
import type { Followed, MQueue } from './records.ts';
import { ALL_CAPABILITIES } from '../../reference/testing/applier/client-state.ts';

/** A way of registering that the suite follows: POST /register's parameters (every one explicit, so that servers' defaults do not matter). */
export interface ClientKind {
  name: string;
  params: Record<string, unknown>;
}

/**
 * The registrations followed, as the unit test's holders vary them
 * (reference/domain/apply-events.property.test.ts): every capability, none, and two
 * mixes, with subscribers in full, partial or none, gravatars left to the client or
 * not; and one that fetches a few types only (the others' events are skipped).
 */
export const CLIENTS: readonly ClientKind[] = [
  { name: 'every capability', params: { client_capabilities: ALL_CAPABILITIES, include_subscribers: true, client_gravatar: true } },
  { name: 'no capability', params: { include_subscribers: true, client_gravatar: false } },
  {
    name: 'partial subscribers',
    params: {
      client_capabilities: { notification_settings_null: true, bulk_message_deletion: true, user_list_incomplete: true, archived_channels: true, empty_topic_name: true },
      include_subscribers: 'partial',
      client_gravatar: true,
    },
  },
  {
    name: 'no subscribers',
    params: { client_capabilities: { notification_settings_null: false, stream_typing_notifications: true, include_deactivated_groups: true }, include_subscribers: false, client_gravatar: true },
  },
  {
    name: 'some types',
    params: {
      client_capabilities: { notification_settings_null: true, bulk_message_deletion: true, stream_typing_notifications: true, user_settings_object: true, empty_topic_name: true },
      // Every type that changes the keys these fetch (upstream's apply_events skips the
      // others: "be careful in your choice of fetch_event_types").
      fetch_event_types: ['message', 'update_message', 'delete_message', 'update_message_flags', 'subscription', 'stream', 'user_topic', 'drafts', 'scheduled_messages', 'reminders', 'device'],
      include_subscribers: true,
      client_gravatar: true,
    },
  },
];

/** The applier's options for a registration with these parameters (do_events_register's reading of them). */
export function optionsOf(params: Record<string, unknown>, userId: number): ApplierOptions {
  return {
    userId,
    clientGravatar: params['client_gravatar'] === true,
    includeSubscribers: params['include_subscribers'] === true || params['include_subscribers'] === 'partial',
    capabilities: (params['client_capabilities'] ?? {}) as Record<string, boolean>,
    fetchEventTypes: (params['fetch_event_types'] as string[] | undefined) ?? null,
  };
}

/** Start following a registration's answer (the state is kept in the applier's form only: one copy). */
export function startFollowing(kind: ClientKind, registered: Obj, userId: number): Followed {
  return { client: kind.name, params: kind.params, state: startClientState(registered, optionsOf(kind.params, userId)), events: 0 };
}

/**
 * Apply events polled from a followed queue, in order. A type the applier does not know
 * but the real server's apply_event does ends the following (UNFOLLOWED_EVENT_TYPES); a
 * type neither knows, or an event the client cannot apply (an update of a draft it never
 * heard of), is a problem, as upstream's apply_event raises. The problem's expectation:
 * that the queue does not hold the event.
 */
export function applyPolled(q: MQueue, events: readonly Obj[]): Problem[] {
  const f = q.follow;
  if (f === undefined) return [];
  const wanted = f.state.options.fetchEventTypes;
  for (const e of events) {
    const type = String(e['type']);
    if (wanted !== null && !wanted.includes(type)) continue;
    if (HANDLERS[type] === undefined && UNFOLLOWED_EVENT_TYPES.has(type)) {
      delete q.follow;
      q.unfollowed = type;
      return [];
    }
    const problem = (why: string): Problem[] => [
      { message: `${q.owner.key}'s queue ${q.v} (${f.client}): ${why}: ${JSON.stringify(e).slice(0, 300)}`, expect: { status: 200, json_paths: { 'events[*]': { $excludes: [{ type, id: e['id'] }] } } } },
    ];
    if (HANDLERS[type] === undefined) return problem(`an event of type ${type}, which Zulip's apply_event does not know ("Unexpected event type")`);
    try {
      applyEvents(f.state, [e]);
    } catch (error) {
      return problem(`a client cannot apply this event to its state (${error instanceof Error ? error.message : String(error)})`);
    }
    f.events++;
  }
  return [];
}

/** How values of the run are written in an expectation: ids as the variables that hold them, the run's unique token as ${uniq}. */
export interface Templating {
  templates: Templates;
  uniq: string;
}

const text = (s: string, t: Templating): string => templateText(s, t.uniq);

/** The kind of id under `key` in an object of list `parent` (`id` in realm_user_groups too, which normalise.ts leaves to the differential mode). */
function kindOf(key: string | undefined, parent: string | undefined): IdKind | undefined {
  if (key === undefined) return undefined;
  if (key === 'id' && parent === 'realm_user_groups') return 'group';
  return idKindOf(key, parent);
}

function id(v: unknown, kind: IdKind | undefined, t: Templating): unknown {
  return kind !== undefined && typeof v === 'number' ? (t.templates.get(`${kind}:${v}`) ?? v) : v;
}

/** A value of the applied state as a pattern: ids templated, objects partial (the comparison went down to their differing keys), subscriber lists in any order. */
function valuePattern(v: unknown, key: string | undefined, parent: string | undefined, t: Templating): unknown {
  const kind = kindOf(key, parent);
  if (typeof v === 'string') return text(v, t);
  if (Array.isArray(v)) {
    const items = v.map((x) => (typeof x === 'number' ? id(x, kind, t) : valuePattern(x, undefined, key ?? parent, t)));
    return key === 'subscribers' ? { $unordered: items } : items;
  }
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k, t), valuePattern(x, k, key ?? parent, t)]));
  }
  return id(v, kind, t);
}

/** The last key before position `i` (the list a filter or index selects from). */
function keyBefore(segments: readonly Segment[], i: number): string | undefined {
  for (let k = i - 1; k >= 0; k--) {
    const s = segments[k] as Segment;
    if ('key' in s) return s.key;
  }
  return undefined;
}

function templatedPath(segments: readonly Segment[], t: Templating): string {
  return pathOf(
    segments.map((s, i): Segment => {
      if ('key' in s) return { key: text(s.key, t) };
      if ('filter' in s) {
        const templated = id(s.value, kindOf(s.filter, keyBefore(segments, i)), t);
        return { filter: s.filter, value: templated !== s.value ? (templated as string) : typeof s.value === 'string' ? text(s.value, t) : s.value };
      }
      return s;
    }),
  );
}

/**
 * The expectation a fresh registration fails where it differs from the applied state:
 * each differing place (a path in the scenario language, ids as variables) with the
 * applied state's value, or absent where the applied state has nothing.
 */
export function expectOf(diffs: readonly Difference[], t: Templating): Expect {
  const json_paths: Record<string, unknown> = {};
  const absent: string[] = [];
  for (const d of diffs) {
    const path = templatedPath(d.segments, t);
    if (d.applied === undefined) {
      absent.push(path);
      continue;
    }
    const last = d.segments[d.segments.length - 1];
    const lastKey = last !== undefined && 'key' in last ? last.key : undefined;
    if (d.order !== undefined) {
      const list = keyBefore(d.segments, d.segments.length - 2);
      json_paths[path] = (d.applied as unknown[]).map((x) => id(x, kindOf(d.order, list), t));
      continue;
    }
    const parent = keyBefore(d.segments, lastKey !== undefined ? d.segments.length - 1 : d.segments.length);
    const value = valuePattern(d.applied, lastKey, parent, t);
    const multi = d.segments.some((s) => 'filter' in s || 'all' in s);
    json_paths[path] = multi ? [value] : value;
  }
  return { status: 200, ...(Object.keys(json_paths).length > 0 ? { json_paths } : {}), ...(absent.length > 0 ? { absent } : {}) };
}

/**
 * The followed state, with every event polled so far applied, against a fresh
 * registration of the same user with the same parameters; normalised as upstream's test
 * does (reference/testing/applier/compare.ts). A difference is a problem whose
 * expectation the fresh registration fails.
 */
export function stateProblems(q: MQueue, fresh: Obj, guestWhoLeft: boolean, t: Templating, untoldChannels?: ReadonlySet<number>): Problem[] {
  const f = q.follow;
  if (f === undefined) return [];
  // The suite archives no channel: no topic policy of an archived channel to leave out.
  const diffs = stateDifferences(appliedState(f.state, fresh), fresh, { subscribed: subscribedIn(fresh), archived: new Set(), guestWhoLeft, ...(untoldChannels !== undefined ? { untoldChannels } : {}) });
  if (diffs.length === 0) return [];
  return [
    {
      message: `${q.owner.key}'s client (${f.client}) applied the ${f.events} events of queue ${q.v} to its registration state, which then differs from a fresh registration's: ${diffs.map(describeDifference).join('; ')}`,
      expect: expectOf(diffs, t),
    },
  ];
}
