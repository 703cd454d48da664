// Delivery of scheduled messages and reminders (actions/deliver-due.ts): the order of
// simultaneous and re-timed items across both kinds, each sent at its own instant as
// POST /messages would send it then, and every way a delivery fails (zerver/tests/
// test_scheduled_messages.py, test_reminders.py): the row is marked failed, the sender
// told as upstream does, and the rest still goes out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Clock } from '../determinism.ts';
import { createReference, type Reference } from '../index.ts';
import type { World } from '../world.ts';
import { SCHEDULED_MESSAGES } from '../state/scheduled-messages.ts';
import { REMINDERS } from '../state/reminders.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';
import { advanceClockDelivering, deliverDue, nextDue } from './deliver-due.ts';

const NOTIFICATION_BOT = 1;
const IAGO = 4;
const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;
const VERONA = 1;
const CORE_TEAM = 6;

type Params = Record<string, unknown>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const nowS = (ref: Reference) => Math.floor(ref.control.now() / 1000);

function ok(ref: Reference, who: number, method: string, path: string, params: Params = {}): Json {
  const res = callAs(ref, who, method, path, params);
  assert.is(res.status, 200, res.body);
  return res.json as Json;
}

const schedule = (ref: Reference, who: number, at: number, more: Params = {}): number =>
  ok(ref, who, 'POST', '/scheduled_messages', { type: 'channel', to: VERONA, topic: 'later', content: `at ${at}`, scheduled_delivery_timestamp: at, ...more })['scheduled_message_id'];
const remind = (ref: Reference, who: number, messageId: number, at: number, note = ''): number =>
  ok(ref, who, 'POST', '/reminders', { message_id: messageId, scheduled_delivery_timestamp: at, note })['reminder_id'];
const send = (ref: Reference, who: number, params: Params): number => ok(ref, who, 'POST', '/messages', params)['id'];
const scheduledRow = (ref: Reference, id: number) => ref.store.table(SCHEDULED_MESSAGES).get(id);
const reminderRow = (ref: Reference, id: number) => ref.store.table(REMINDERS).get(id);
const messageOf = (ref: Reference, id: number | null | undefined) => ref.store.message(id as number);
/** The next pending item of either kind (nextDue reads nothing of the world but its store). */
const head = (ref: Reference) => nextDue({ store: ref.store } as World);
/** The message events a user received since `from`, oldest first. */
const messagesTo = (ref: Reference, userId: number) => ref.control.events(userId, 1000).filter((e) => e['type'] === 'message').map((e) => e['message'] as Json);

/** A clock a test moves by hand that calls itself the system clock (control.advance refuses it; requests and tick() deliver). */
function handClock(startMs: number): Clock & { to(ms: number): void } {
  let t = startMs;
  return {
    kind: 'system',
    now: () => t,
    advance: () => {
      throw new RangeError('a system clock cannot be advanced');
    },
    set: () => undefined,
    setTimer: () => () => undefined,
    to: (ms: number) => void (t = ms),
  };
}

test('simultaneous items go by id across scheduled messages and reminders; a later-made one due earlier goes first', () => {
  const ref = createReference();
  const t = nowS(ref);
  const startMs = ref.control.now();
  const target = send(ref, HAMLET, { type: 'stream', to: 'Verona', topic: 'x', content: 'remember' });
  const a = schedule(ref, HAMLET, t + 100);
  const r = remind(ref, HAMLET, target, t + 100);
  const b = schedule(ref, CORDELIA, t + 100);
  const c = schedule(ref, HAMLET, t + 200);
  const d = schedule(ref, HAMLET, t + 150); // made after c, due before it
  assert.ok(a < r && r < b && b < c && c < d);
  ref.control.advance(300_000);
  const delivered = [scheduledRow(ref, a), reminderRow(ref, r), scheduledRow(ref, b), scheduledRow(ref, d), scheduledRow(ref, c)].map((row) => row?.delivered_message_id as number);
  assert.ok(delivered.every((id) => typeof id === 'number'));
  assert.equal(delivered, [...delivered].sort((x, y) => x - y), 'message ids follow the delivery order');
  // Each was sent at its own instant, and the clock ends where it was told to.
  assert.equal(delivered.map((id) => messageOf(ref, id)?.timestamp), [t + 100, t + 100, t + 100, t + 150, t + 200]);
  assert.is(ref.control.now(), startMs + 300_000);
  assert.is(head(ref), undefined);
});

test('a delivered message is the one POST /messages would send then: sender, recipients, content, flags; then the sender hears it left', () => {
  const ref = createReference();
  const t = nowS(ref);
  const website = { client: 'website' };
  const toOthello = ok(ref, HAMLET, 'POST', '/scheduled_messages', { type: 'direct', to: [OTHELLO], content: 'hi **O**', scheduled_delivery_timestamp: t + 10, ...website })['scheduled_message_id'];
  const toSelf = ok(ref, HAMLET, 'POST', '/scheduled_messages', { type: 'direct', to: [HAMLET], content: 'me', scheduled_delivery_timestamp: t + 10, ...website })['scheduled_message_id'];
  const fromApi = ok(ref, HAMLET, 'POST', '/scheduled_messages', { type: 'direct', to: [OTHELLO], content: 'api', scheduled_delivery_timestamp: t + 10 })['scheduled_message_id'];
  const told = ok(ref, HAMLET, 'POST', '/scheduled_messages', { type: 'direct', to: [HAMLET], content: 'told', scheduled_delivery_timestamp: t + 10, read_by_sender: true })['scheduled_message_id'];
  const log = emissions(ref);
  ref.control.advance(20_000);
  const read = (id: number) => ref.store.userMessageFlags(HAMLET, scheduledRow(ref, id)?.delivered_message_id as number);
  assert.equal([toOthello, toSelf, fromApi, told].map((id) => (read(id) as number) & 1), [1, 0, 0, 1]);
  const m = messageOf(ref, scheduledRow(ref, toOthello)?.delivered_message_id);
  assert.equal([m?.sender_id, m?.dm_user_ids, m?.content, m?.rendered_content, m?.client, m?.timestamp], [HAMLET, [HAMLET, OTHELLO], 'hi **O**', '<p>hi <strong>O</strong></p>', 'website', t + 10]);
  assert.ok(messagesTo(ref, OTHELLO).some((x) => x.id === m?.id));
  const first = log.findIndex((e) => e.event['type'] === 'message');
  const removed = log.findIndex((e) => e.event['type'] === 'scheduled_messages');
  assert.ok(first < removed, 'message events, then the remove event');
  assert.equal(log[removed]?.users, [HAMLET]);
  assert.equal(log[removed]?.event, { type: 'scheduled_messages', op: 'remove', scheduled_message_id: toOthello });
  assert.equal(ok(ref, HAMLET, 'GET', '/scheduled_messages')['scheduled_messages'], []);
  // Sent is sent: no more edits, though the row can still be deleted.
  const edit = callAs(ref, HAMLET, 'PATCH', `/scheduled_messages/${toOthello}`, { content: 'too late', scheduled_delivery_timestamp: t + 600 });
  assert.equal([edit.status, edit.json['msg']], [400, 'Scheduled message was already sent']);
  ok(ref, HAMLET, 'DELETE', `/scheduled_messages/${toOthello}`);
});

/** The Notification Bot message Hamlet got about a failed scheduled message. */
function failureNotice(ref: Reference, at: number, error: string): string {
  // str() of the datetime (a space, not a T), and the time mark's own trailing space.
  const when = new Date(at * 1000).toISOString().slice(0, -5).replace('T', ' ') + '+00:00';
  const expected = `The message you scheduled for <time:${when}>  was not sent because of the following error:\n\n> ${error}\n\n[View scheduled messages](#scheduled)`;
  const notice = [...ref.store.data.messages.values()].filter((m) => m.sender_id === NOTIFICATION_BOT).at(-1);
  assert.equal(notice?.dm_user_ids, [NOTIFICATION_BOT, HAMLET]);
  assert.is(notice?.content, expected);
  return expected;
}

test('failures at delivery: the channel archived, permission lost, a recipient deactivated — marked failed, the sender told, the rest still sent', () => {
  const ref = createReference();
  const t = nowS(ref);
  const archived = schedule(ref, HAMLET, t + 10, { to: 2 });
  const unsubscribed = schedule(ref, HAMLET, t + 20, { to: CORE_TEAM });
  const deactivated = ok(ref, HAMLET, 'POST', '/scheduled_messages', { type: 'direct', to: [OTHELLO], content: 'bye', scheduled_delivery_timestamp: t + 30 })['scheduled_message_id'];
  const fine = schedule(ref, HAMLET, t + 40);
  assert.is(ref.dispatch({ method: 'POST', path: '/_understudy/channels/2/archive' }).status, 200);
  ok(ref, HAMLET, 'DELETE', '/users/me/subscriptions', { subscriptions: ['core team'] });
  ok(ref, IAGO, 'DELETE', `/users/${OTHELLO}`);
  const log = emissions(ref);
  ref.control.advance(60_000);
  const failures = [
    [archived, "Not authorized to send to channel 'Denmark'"],
    [unsubscribed, "Not authorized to send to channel 'core team'"],
    [deactivated, "'othello@zulip.com' is no longer using Zulip."],
  ] as const;
  for (const [id, msg] of failures) assert.equal([scheduledRow(ref, id)?.failed, scheduledRow(ref, id)?.failure_message, scheduledRow(ref, id)?.delivered], [true, msg, false]);
  assert.ok(scheduledRow(ref, fine)?.delivered);
  failureNotice(ref, t + 30, "'othello@zulip.com' is no longer using Zulip.");
  // For each: the update event, then the notice.
  const mine = log.filter((e) => e.users.length === 1 && e.users[0] === HAMLET && (e.event['type'] === 'scheduled_messages' || (e.event['type'] === 'message' && (e.event['message'] as Json)['sender_id'] === NOTIFICATION_BOT)));
  assert.equal(
    mine.map((e) => (e.event['type'] === 'message' ? 'notice' : `${e.event['op'] as string}`)),
    ['update', 'notice', 'update', 'notice', 'update', 'notice', 'remove'],
  );
  assert.equal((mine[0]?.event['scheduled_message'] as Json)['failed'], true);
  // Failed ones stay listed, and never go out again on their own.
  const listed = ok(ref, HAMLET, 'GET', '/scheduled_messages')['scheduled_messages'] as Json[];
  assert.equal(listed.map((m) => [m.scheduled_message_id, m.failed]), failures.map(([id]) => [id, true]));
  assert.is(head(ref), undefined);
});

test('a failed message needs a new time to be edited; with one, it is pending again and goes out', () => {
  const ref = createReference();
  const t = nowS(ref);
  const id = schedule(ref, HAMLET, t + 10, { to: 2 });
  assert.is(ref.dispatch({ method: 'POST', path: '/_understudy/channels/2/archive' }).status, 200);
  ref.control.advance(20_000);
  assert.ok(scheduledRow(ref, id)?.failed);
  const refused = callAs(ref, HAMLET, 'PATCH', `/scheduled_messages/${id}`, { topic: 'Failed to send' });
  assert.equal([refused.status, refused.json['msg']], [400, 'Scheduled delivery time must be in the future.']);
  ok(ref, HAMLET, 'PATCH', `/scheduled_messages/${id}`, { to: VERONA, scheduled_delivery_timestamp: t + 3600 });
  assert.equal([scheduledRow(ref, id)?.failed, scheduledRow(ref, id)?.failure_message], [false, null]);
  ref.control.advance(3600_000);
  const row = scheduledRow(ref, id);
  assert.ok(row?.delivered);
  assert.equal([messageOf(ref, row?.delivered_message_id)?.stream_id, messageOf(ref, row?.delivered_message_id)?.timestamp], [VERONA, t + 3600]);
});

test('a deactivated organization or sender fails the message quietly: no event, no notice', () => {
  const ref = createReference();
  const t = nowS(ref);
  const first = schedule(ref, HAMLET, t + 10);
  const second = schedule(ref, CORDELIA, t + 20);
  ok(ref, IAGO, 'DELETE', `/users/${CORDELIA}`);
  ref.control.setConfig({ realm_deactivated: true });
  const log = emissions(ref);
  ref.control.advance(15_000);
  ref.control.setConfig({ realm_deactivated: false });
  ref.control.advance(15_000);
  assert.equal([scheduledRow(ref, first)?.failure_message, scheduledRow(ref, second)?.failure_message], ['This organization has been deactivated', 'Account is deactivated']);
  assert.equal(log.filter((e) => e.event['type'] === 'scheduled_messages' || e.event['type'] === 'message'), []);
});

test('under a clock that runs by itself: a message due long ago is too late; requests and tick() deliver what is due before anything else', () => {
  const start = Date.parse('2026-01-15T12:00:00Z');
  const clock = handClock(start);
  const ref = createReference({ clock });
  const t = start / 1000;
  const late = schedule(ref, HAMLET, t + 60);
  const onTime = schedule(ref, HAMLET, t + 120);
  const onTick = schedule(ref, HAMLET, t + 180);
  clock.to((t + 60 + 601) * 1000);
  ref.tick();
  assert.equal([scheduledRow(ref, late)?.failed, scheduledRow(ref, late)?.failure_message], [true, 'Message could not be sent at the scheduled time.']);
  failureNotice(ref, t + 60, 'Message could not be sent at the scheduled time.');
  assert.ok(scheduledRow(ref, onTime)?.delivered, 'due and within ten minutes: sent');
  assert.is(messageOf(ref, scheduledRow(ref, onTime)?.delivered_message_id)?.timestamp, t + 661);
  clock.to((t + 180) * 1000);
  // The request is answered after the delivery.
  assert.equal(ok(ref, HAMLET, 'GET', '/scheduled_messages')['scheduled_messages'].map((m: Json) => m.scheduled_message_id), [late]);
  assert.ok(scheduledRow(ref, onTick)?.delivered);
  // Nothing due: nothing changes.
  const before = ref.store.data.messages.size;
  deliverDue({ store: ref.store, nowMs: () => clock.now() } as World);
  ref.tick();
  assert.is(ref.store.data.messages.size, before);
  // The manual clock's advance is refused for this clock, and moves nothing.
  assert.throws(() => advanceClockDelivering({ store: ref.store, clock } as unknown as World, 1000), /cannot be advanced/);
});

test('tick() wakes a long-poll waiting for what it delivered', async () => {
  const start = Date.parse('2026-01-15T12:00:00Z');
  const clock = handClock(start);
  const ref = createReference({ clock });
  const id = schedule(ref, HAMLET, start / 1000 + 60);
  const queue = ok(ref, HAMLET, 'POST', '/register', { event_types: ['scheduled_messages'] });
  const user = ref.store.user(HAMLET) as NonNullable<ReturnType<typeof ref.store.user>>;
  const poll = ref.respond({
    method: 'GET',
    path: '/api/v1/events',
    query: { queue_id: queue['queue_id'] as string, last_event_id: String(queue['last_event_id']) },
    headers: { authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}` },
  });
  assert.is(ref.control.waitingPolls(), 1);
  clock.to(start + 60_000);
  ref.tick();
  const res = await poll;
  assert.equal((res?.json['events'] as Json[]).map((e) => [e.type, e.op, e.scheduled_message_id]), [['scheduled_messages', 'remove', id]]);
});

test('a reminder comes from Notification Bot with the message as it is then, the note kept', () => {
  const ref = createReference();
  const t = nowS(ref);
  const target = send(ref, HAMLET, { type: 'direct', to: [OTHELLO], content: 'before' });
  const id = remind(ref, HAMLET, target, t + 60, 'the note');
  // An edit, white-box (Understudy has no message editing yet).
  ref.store.data.messages.set(target, { ...(ref.store.message(target) as NonNullable<ReturnType<typeof ref.store.message>>), content: 'after' });
  ref.store.changed();
  const log = emissions(ref);
  ref.control.advance(120_000);
  const row = reminderRow(ref, id);
  assert.equal([row?.delivered, row?.failed], [true, false]);
  const m = messageOf(ref, row?.delivered_message_id);
  assert.equal([m?.sender_id, m?.dm_user_ids, m?.timestamp], [NOTIFICATION_BOT, [NOTIFICATION_BOT, HAMLET], t + 60]);
  assert.match(m?.content as string, /^You requested a reminder for the following direct message\. Note:\n > the note\n\n/);
  assert.equal(log.filter((e) => e.event['type'] === 'reminders').map((e) => [e.users, e.event]), [[[HAMLET], { type: 'reminders', op: 'remove', reminder_id: id }]]);
  assert.equal(ok(ref, HAMLET, 'GET', '/reminders')['reminders'], []);
});

test('a reminder whose message was deleted, or became unreadable, is still sent, with the text made at the start', () => {
  const ref = createReference();
  const t = nowS(ref);
  const deleted = send(ref, HAMLET, { type: 'direct', to: [OTHELLO], content: 'soon gone' });
  const hidden = send(ref, HAMLET, { type: 'stream', to: 'core team', topic: 'secret', content: 'for members' });
  const a = remind(ref, HAMLET, deleted, t + 60);
  const b = remind(ref, HAMLET, hidden, t + 60);
  const made = [reminderRow(ref, a)?.content, reminderRow(ref, b)?.content];
  ok(ref, HAMLET, 'DELETE', `/messages/${deleted}`);
  ok(ref, HAMLET, 'DELETE', '/users/me/subscriptions', { subscriptions: ['core team'] });
  ref.control.advance(120_000);
  const sent = [a, b].map((id) => messageOf(ref, reminderRow(ref, id)?.delivered_message_id)?.content);
  assert.equal(sent, made);
  assert.equal([reminderRow(ref, a)?.failed, reminderRow(ref, b)?.failed], [false, false]);
});

test('a reminder fails quietly when the organization or the user is deactivated', () => {
  const ref = createReference();
  const t = nowS(ref);
  const target = send(ref, CORDELIA, { type: 'stream', to: 'Verona', topic: 'x', content: 'y' });
  const a = remind(ref, HAMLET, target, t + 60);
  const b = remind(ref, CORDELIA, target, t + 70);
  const c = remind(ref, CORDELIA, target, t + 80);
  ok(ref, IAGO, 'DELETE', `/users/${HAMLET}`);
  const log = emissions(ref);
  ref.control.advance(65_000);
  ref.control.setConfig({ realm_deactivated: true });
  ref.control.advance(10_000);
  ref.control.setConfig({ realm_deactivated: false });
  ref.control.advance(10_000);
  assert.equal(
    [a, b, c].map((id) => [reminderRow(ref, id)?.failed, reminderRow(ref, id)?.failure_message, reminderRow(ref, id)?.delivered]),
    [
      [true, 'Account is deactivated', false],
      [true, 'This organization has been deactivated', false],
      [false, null, true],
    ],
  );
  assert.equal(log.filter((e) => e.event['type'] === 'reminders').map((e) => e.event['reminder_id']), [c]);
  // A failed reminder stays listed.
  assert.equal((ok(ref, CORDELIA, 'GET', '/reminders')['reminders'] as Json[]).map((r) => [r.reminder_id, r.failed]), [[b, true]]);
});

test('snapshots and resets carry the pending items and their order', () => {
  const ref = createReference();
  const t = nowS(ref);
  const id = schedule(ref, HAMLET, t + 60);
  const saved = ref.snapshot();
  ref.control.advance(120_000);
  assert.ok(scheduledRow(ref, id)?.delivered);
  ref.restore(saved);
  assert.equal([scheduledRow(ref, id)?.delivered, head(ref)?.row.id], [false, id]);
  ref.control.advance(120_000);
  assert.ok(scheduledRow(ref, id)?.delivered);
  ref.reset();
  assert.is(head(ref), undefined);
});

test('a delivery that throws something unexpected is marked failed with the generic error, and delivery goes on', () => {
  const ref = createReference();
  const t = nowS(ref);
  const broken = schedule(ref, HAMLET, t + 10);
  const fine = schedule(ref, HAMLET, t + 20);
  // A row without content (which no request can make): sending it throws a TypeError deep inside.
  const table = ref.store.table(SCHEDULED_MESSAGES);
  table.put({ ...(table.get(broken) as NonNullable<ReturnType<typeof table.get>>), content: undefined as unknown as string });
  ref.control.advance(30_000);
  assert.equal([table.get(broken)?.failed, table.get(broken)?.failure_message], [true, 'Internal server error']);
  assert.ok(table.get(fine)?.delivered);
});

test('with thousands pending and nothing due, a request looks at the head of each order, never at the rows', () => {
  const ref = createReference();
  const t = nowS(ref);
  for (let i = 0; i < 2000; i++) schedule(ref, HAMLET, t + 3600 + i);
  const spec = SCHEDULED_MESSAGES as { orderBy: (typeof SCHEDULED_MESSAGES)['orderBy'] };
  const original = spec.orderBy;
  let looked = 0;
  spec.orderBy = (row) => (looked++, (original as NonNullable<typeof original>)(row));
  try {
    for (let i = 0; i < 100; i++) ok(ref, CORDELIA, 'GET', '/users/me');
  } finally {
    spec.orderBy = original;
  }
  assert.ok(looked <= 100, `${looked} rows looked at for 100 requests`);
  assert.ok(looked > 0, 'the head is looked at');
});

test.run();
