// POST /register's drafts, scheduled_messages and reminders, and the events that keep a
// client's copy of them current: a client that applies the events it receives to the
// state it registered with holds exactly what a new registration gives.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const HAMLET = 6;
const OTHELLO = 8;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const TYPES = ['drafts', 'scheduled_messages', 'reminders'];

function ok(ref: Reference, method: string, path: string, params: Record<string, unknown> = {}): Json {
  const res = callAs(ref, HAMLET, method, path, params);
  assert.is(res.status, 200, res.body);
  return res.json as Json;
}

const register = (ref: Reference) => ok(ref, 'POST', '/register', { fetch_event_types: TYPES, event_types: TYPES });

/** The client side: apply drafts / scheduled_messages / reminders events to the registered state. */
function apply(state: Json, e: Json): void {
  if (e.type === 'drafts') {
    if (e.op === 'add') state.drafts = [...e.drafts.reverse(), ...state.drafts];
    if (e.op === 'update') state.drafts = [e.draft, ...state.drafts.filter((d: Json) => d.id !== e.draft.id)];
    if (e.op === 'remove') state.drafts = state.drafts.filter((d: Json) => d.id !== e.draft_id);
  }
  const byTime = (key: string) => (a: Json, b: Json) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a[key] - b[key];
  if (e.type === 'scheduled_messages') {
    const list: Json[] = state.scheduled_messages;
    if (e.op === 'add') list.push(...e.scheduled_messages);
    if (e.op === 'update') list.splice(list.findIndex((m) => m.scheduled_message_id === e.scheduled_message.scheduled_message_id), 1, e.scheduled_message);
    if (e.op === 'remove') list.splice(list.findIndex((m) => m.scheduled_message_id === e.scheduled_message_id), 1);
    list.sort(byTime('scheduled_message_id'));
  }
  if (e.type === 'reminders') {
    const list: Json[] = state.reminders;
    if (e.op === 'add') list.push(...e.reminders);
    if (e.op === 'remove') list.splice(list.findIndex((r) => r.reminder_id === e.reminder_id), 1);
    list.sort(byTime('reminder_id'));
  }
}

const pick = (state: Json) => Object.fromEntries(TYPES.map((t) => [t, state[t]]));

test('the registered state plus the events received equals a new registration, through edits, deletions and deliveries', () => {
  const ref = createReference();
  const t = Math.floor(ref.control.now() / 1000);
  const target = ok(ref, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'r', content: 'remember' })['id'];
  ok(ref, 'POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'before', timestamp: 10 }] });
  ok(ref, 'POST', '/scheduled_messages', { type: 'direct', to: [OTHELLO], content: 'early', scheduled_delivery_timestamp: t + 60 });
  const client = register(ref);
  assert.equal(Object.keys(pick(client)), TYPES);
  assert.is(client.drafts.length, 1);

  const [a, b] = ok(ref, 'POST', '/drafts', { drafts: [{ type: 'private', to: [OTHELLO], topic: '', content: 'one' }, { type: '', to: [], topic: '', content: 'two' }] })['ids'];
  ok(ref, 'PATCH', `/drafts/${a}`, { draft: { type: 'stream', to: [1], topic: 'x', content: 'one, edited', timestamp: 5 } });
  ok(ref, 'DELETE', `/drafts/${b}`);
  const late = ok(ref, 'POST', '/scheduled_messages', { type: 'channel', to: 1, topic: 'later', content: 'late', scheduled_delivery_timestamp: t + 600 })['scheduled_message_id'];
  ok(ref, 'PATCH', `/scheduled_messages/${late}`, { scheduled_delivery_timestamp: t + 30 });
  ok(ref, 'POST', '/reminders', { message_id: target, scheduled_delivery_timestamp: t + 120 });
  const dropped = ok(ref, 'POST', '/reminders', { message_id: target, scheduled_delivery_timestamp: t + 1200 })['reminder_id'];
  ok(ref, 'DELETE', `/reminders/${dropped}`);
  ref.control.advance(90_000); // the two scheduled messages go out; the reminder is still pending

  const events = ok(ref, 'GET', '/events', { queue_id: client.queue_id, last_event_id: client.last_event_id, dont_block: true })['events'] as Json[];
  for (const e of events) apply(client, e);
  // Drafts are listed newest edit first by registration; the client's order is by arrival, so compare as sets.
  const fresh = pick(register(ref));
  const ids = (list: Json[]) => list.map((d) => d.id).sort((x, y) => x - y);
  assert.equal(ids(client.drafts), ids(fresh.drafts));
  assert.equal(client.drafts.find((d: Json) => d.id === a), fresh.drafts.find((d: Json) => d.id === a));
  assert.equal(client.scheduled_messages, fresh.scheduled_messages);
  assert.equal(client.scheduled_messages, []);
  assert.equal(client.reminders, fresh.reminders);
  assert.is(client.reminders.length, 1);
});

test("a registration shows only the user's own", () => {
  const ref = createReference();
  ok(ref, 'POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'mine' }] });
  const other = callAs(ref, OTHELLO, 'POST', '/register', { fetch_event_types: TYPES });
  assert.equal(pick(other.json as Json), { drafts: [], scheduled_messages: [], reminders: [] });
});

test.run();
