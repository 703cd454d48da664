// The apply_events contract (zulip/zulip zerver/tests/test_events.py verify_action):
// a client that registers and then applies its queue's events to the state it got
// holds what a fresh registration would give it. Users register queues with every
// fetch type and different capabilities; random actions by random users follow, over
// every family of requests that emits events (testing/apply-events-steps.ts); then each
// queue's events are applied by a client-side applier written from the real server's
// apply_event (testing/apply-events.ts, sharing no code with the reference) and the
// result is compared with a fresh POST /register of the same user and options,
// normalised as upstream's test does (testing/applier/compare.ts, which the conformance
// property suite's ApplyEvents command shares). Fixed seed; a failure prints how to replay it
// (APPLY_EVENTS_SEED, APPLY_EVENTS_PATH; APPLY_EVENTS_RUNS for a longer hunt).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { applyEvents, startClientState, type ApplierOptions, type Obj } from '../testing/apply-events.ts';
import { appliedState, describeDifference, stateDifferences, subscribedIn, type Known } from '../testing/applier/compare.ts';
import { EDIT_STEP, STEP, runStep, type Step, type World } from '../testing/apply-events-steps.ts';
import { callAs } from '../testing/call-as.ts';
import { ALL_CAPABILITIES } from '../testing/applier/client-state.ts';

const SEED = Number(process.env['APPLY_EVENTS_SEED'] ?? 20261201);
const PATH = process.env['APPLY_EVENTS_PATH'];
const RUNS = Number(process.env['APPLY_EVENTS_RUNS'] ?? 60);

interface Holder {
  userId: number;
  /** POST /register's parameters (every fetch type: none named). */
  params: Record<string, unknown>;
  options: ApplierOptions;
}

function holder(userId: number, capabilities: Record<string, boolean> | null, includeSubscribers: 'true' | 'false' | 'partial', clientGravatar: boolean): Holder {
  return {
    userId,
    // A day's lifespan: the steps move the clock past the default ten minutes.
    params: { include_subscribers: includeSubscribers, client_gravatar: clientGravatar, apply_markdown: true, queue_lifespan_secs: 86_400, ...(capabilities ? { client_capabilities: capabilities } : {}) },
    options: { userId, clientGravatar, includeSubscribers: includeSubscribers !== 'false', capabilities: capabilities ?? {}, fetchEventTypes: null },
  };
}

/** A member with every capability; an administrator with none; a guest and a member with some. */
const HOLDERS: Holder[] = [
  holder(6, ALL_CAPABILITIES, 'true', true),
  holder(4, null, 'true', false),
  holder(12, { notification_settings_null: true, bulk_message_deletion: true, user_list_incomplete: true, archived_channels: true, empty_topic_name: true }, 'partial', true),
  holder(7, { notification_settings_null: false, stream_typing_notifications: true, include_deactivated_groups: true }, 'false', true),
];

const kindOf = (e: Obj) => `${e['type']}${e['op'] ? `/${e['op']}` : ''}`;

/** What the run counted, so that the test can tell it compared something. */
const seen = { runs: 0, events: 0, types: new Set<string>(), refetched: 0 };

interface Registered {
  holder: Holder;
  queueId: string;
  state: Obj;
}

function register(ref: Reference, h: Holder): Registered {
  const res = callAs(ref, h.userId, 'POST', '/register', h.params);
  assert.is(res.status, 200, res.body);
  return { holder: h, queueId: res.json['queue_id'] as string, state: res.json as Obj };
}

/** The queue's events applied to the registration's state, against a fresh registration; the differences. */
function compare(ref: Reference, r: Registered, world: World, drop: (e: Obj) => boolean = () => false): string[] {
  const res = callAs(ref, r.holder.userId, 'GET', '/events', { queue_id: r.queueId, last_event_id: -1, dont_block: true });
  assert.is(res.status, 200, res.body);
  const events = (res.json['events'] as Obj[]).filter((e) => !drop(e));
  const client = startClientState(r.state, r.holder.options);
  applyEvents(client, events);
  const fresh = callAs(ref, r.holder.userId, 'POST', '/register', r.holder.params);
  assert.is(fresh.status, 200, fresh.body);
  callAs(ref, r.holder.userId, 'DELETE', '/events', { queue_id: fresh.json['queue_id'] });
  seen.events += events.length;
  seen.refetched += client.refetch.size;
  for (const e of events) seen.types.add(kindOf(e));
  const known: Known = { subscribed: subscribedIn(fresh.json as Obj), archived: world.archived, guestWhoLeft: world.guestsWhoLeft.has(r.holder.userId) };
  return stateDifferences(appliedState(client, fresh.json as Obj), fresh.json as Obj, known).map(describeDifference);
}

const ref = createReference();
const FIXTURE_CHANNELS = (callAs(ref, 4, 'GET', '/streams').json['streams'] as Obj[]).map((c) => ({ id: c['stream_id'] as number, name: c['name'] as string }));

function play(steps: Step[]): { world: World; registered: Registered[] } {
  ref.reset();
  const registered = HOLDERS.map((h) => register(ref, h));
  const world: World = { ref, channels: [...FIXTURE_CHANNELS], drafts: [], scheduled: [], reminders: [], messages: [], groups: [], archived: new Set(), devices: [], users: [], guests: new Set([12]), guestsWhoLeft: new Set(), seq: 0 };
  for (const step of steps) runStep(world, step);
  return { world, registered };
}

test('applying a queue’s events to the registration state gives a fresh registration’s state', () => {
  const property = fc.property(fc.array(STEP, { maxLength: 24, size: 'medium' }), (steps) => {
    const { world, registered } = play(steps);
    seen.runs++;
    for (const r of registered) {
      const diff = compare(ref, r, world);
      assert.equal(diff, [], `user ${r.holder.userId}:\n  ${diff.join('\n  ')}`);
    }
  });
  const out = fc.check(property, { seed: SEED, numRuns: RUNS, ...(PATH !== undefined ? { path: PATH } : {}) });
  if (out.failed) {
    const replay = `APPLY_EVENTS_SEED=${out.seed} APPLY_EVENTS_PATH=${out.counterexamplePath ?? ''}`;
    const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
    assert.unreachable(`${fc.defaultReportMessage(out)}\n${cause}\nreplay: ${replay} node --import tsx node_modules/uvu/bin.js reference 'apply-events\\.property\\.test\\.ts$'`);
  }
  if (PATH === undefined) {
    console.log(`apply-events: ${seen.runs} runs, ${seen.events} events of ${seen.types.size} kinds (${[...seen.types].sort().join(' ')}), ${seen.refetched} keys refetched`);
    assert.ok(seen.events > 1000, `too few events compared: ${seen.events}`);
  }
});

test('… and so it does through edits and moves of messages (update_message, moves that take access away)', () => {
  const before = seen.events;
  const property = fc.property(fc.array(EDIT_STEP, { maxLength: 24, size: 'medium' }), (steps) => {
    const { world, registered } = play(steps);
    for (const r of registered) {
      const diff = compare(ref, r, world);
      assert.equal(diff, [], `user ${r.holder.userId}:\n  ${diff.join('\n  ')}`);
    }
  });
  const out = fc.check(property, { seed: SEED, numRuns: RUNS, ...(PATH !== undefined ? { path: PATH } : {}) });
  if (out.failed) {
    const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
    assert.unreachable(`${fc.defaultReportMessage(out)}\n${cause}\nreplay: APPLY_EVENTS_SEED=${out.seed} APPLY_EVENTS_PATH=${out.counterexamplePath ?? ''} (this test)`);
  }
  if (PATH === undefined) assert.ok(seen.types.has('update_message') && seen.events - before > 500, `too few events compared: ${seen.events - before}`);
});

/** A fixed walk over every family, for the check below. */
const WALK: Step[] = [
  { k: 'create', who: 3, kind: 0, isDefault: false },
  { k: 'subscribe', who: 1, channel: 7, target: 4 },
  { k: 'subscribe', who: 4, channel: 2, target: null },
  { k: 'send', who: 4, channel: 7, topic: 0, content: 2 },
  { k: 'dm', who: 5, to: [3, 1] },
  { k: 'property', who: 3, channel: 7, property: 5, value: true },
  { k: 'unsubscribe', who: 3, channel: 7, target: null },
  { k: 'unsubscribe', who: 4, channel: 7, target: null },
  { k: 'delete', who: 1, message: 1 },
  { k: 'group', who: 3, members: [3, 1], subgroups: [] },
  { k: 'subgroups', who: 0, group: 0, add: [3], del: [] },
  { k: 'realm', who: 0, setting: 8, value: 2 },
  { k: 'realm', who: 0, setting: 0, value: 1 },
  { k: 'addUser', role: 3 },
  { k: 'deactivate', who: 1, target: 1, deleteMessages: false },
  { k: 'device', who: 3, op: 2 },
  { k: 'vidprov', who: 3, value: true },
  { k: 'create', who: 1, kind: 0, isDefault: true },
  { k: 'archive', channel: 0 },
  { k: 'typing', who: 3, to: [1], channel: null },
  { k: 'draft', who: 3, op: 0, channel: 1, index: 0 },
  { k: 'draft', who: 3, op: 0, channel: 4, index: 0 },
  { k: 'draft', who: 3, op: 1, channel: 1, index: 0 },
  { k: 'draft', who: 3, op: 2, channel: 0, index: 1 },
  { k: 'schedule', who: 3, op: 0, channel: 4, minutes: 0, index: 0 },
  { k: 'schedule', who: 3, op: 0, channel: 4, minutes: 9, index: 0 },
  { k: 'schedule', who: 3, op: 1, channel: 0, minutes: 8, index: 1 },
  { k: 'remind', who: 3, op: 0, message: 0, minutes: 0, index: 0 },
  { k: 'remind', who: 3, op: 0, message: 0, minutes: 9, index: 0 },
  { k: 'advance', minutes: 5 },
];

/**
 * Event kinds whose loss changes nothing a registration holds. The walk's muted_topics
 * events come with its automatic follows on send, which leave the list of muted topics as
 * it was (the real server sends one beside every user_topic event).
 */
const NO_STATE = new Set(['typing/start', 'typing/stop', 'heartbeat', 'muted_topics']);

test('the comparison notices the loss of any one kind of event a queue received', () => {
  const { world, registered } = play(WALK);
  const kinds = new Map<Registered, Set<string>>();
  for (const r of registered) {
    assert.equal(compare(ref, r, world), [], `user ${r.holder.userId}: the walk itself holds`);
    const events = callAs(ref, r.holder.userId, 'GET', '/events', { queue_id: r.queueId, last_event_id: -1, dont_block: true }).json['events'] as Obj[];
    kinds.set(r, new Set(events.map(kindOf)));
  }
  const checked = new Set<string>();
  // Hamlet's queue (every capability) and Iago's (none): the walk gives each event kind
  // they get a lasting effect (another holder may get, say, a peer_remove that a later
  // deactivation makes redundant).
  for (const [r, set] of [...kinds].filter(([x]) => x.holder.userId === 6 || x.holder.userId === 4)) {
    for (const kind of set) {
      if (NO_STATE.has(kind)) continue;
      // An applier that cannot go on (an update of a device it never heard of) noticed too.
      let diff: string[];
      try {
        diff = compare(ref, r, world, (e) => kindOf(e) === kind);
      } catch (error) {
        diff = [String(error)];
      }
      assert.ok(diff.length > 0, `user ${r.holder.userId}: dropping every ${kind} event went unnoticed`);
      checked.add(kind);
    }
  }
  assert.ok(checked.size >= 20, `only ${checked.size} kinds: ${[...checked].join(' ')}`);
  console.log(`apply-events: losing any one of ${checked.size} event kinds is noticed`);
});

test.run();
