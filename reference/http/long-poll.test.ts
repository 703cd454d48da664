// Long-polling through the async front door (handle): a GET /events with nothing queued
// waits for an event, a heartbeat at its deadline on the world's clock, the queue's end,
// or its client going away; the synchronous dispatch never waits.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { HEARTBEAT_MS } from './dispatch.ts';

const auth = (ref: Reference, who: string) => {
  const u = ref.store.userByEmail(`${who}@zulip.com`)!;
  return { authorization: `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}` };
};
const register = (ref: Reference, who = 'hamlet') => String(callAs(ref, who, 'POST', '/register', { event_types: ['message', 'heartbeat'] }).json['queue_id']);
const poll = (ref: Reference, queueId: string, last = -1, signal?: AbortSignal) =>
  ref.handle(new Request(`http://zulip.test/api/v1/events?queue_id=${queueId}&last_event_id=${last}`, { headers: auth(ref, 'hamlet'), ...(signal ? { signal } : {}) }));
const dmToHamlet = (ref: Reference, content: string) =>
  callAs(ref, 'iago', 'POST', '/messages', { type: 'direct', to: [ref.store.userByEmail('hamlet@zulip.com')!.user_id], content });
const tick = () => new Promise((r) => setTimeout(r, 5));
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await tick();
  return done;
};

test('dispatch answers an empty queue at once, with a wait marker for the async doors', () => {
  const ref = createReference();
  const q = register(ref);
  const res = callAs(ref, 'hamlet', 'GET', '/events', { queue_id: q, last_event_id: -1 });
  assert.is(res.status, 200);
  assert.equal(res.json['events'], []);
  assert.is(res.wait?.queueId, q);
  assert.is(res.wait?.deadlineMs, ref.control.now() + HEARTBEAT_MS);
});

test('a waiting poll answers when an event reaches its queue, naming the queue', async () => {
  const ref = createReference();
  const q = register(ref);
  const pending = poll(ref, q);
  assert.not.ok(await settled(pending), 'nothing queued yet: it waits');
  const sent = dmToHamlet(ref, 'wake up');
  const body = (await (await pending).json()) as Record<string, unknown>;
  const events = body['events'] as Array<Record<string, unknown>>;
  assert.is(events.length, 1);
  assert.is((events[0]!['message'] as Record<string, unknown>)['id'], sent.json['id']);
  assert.is(body['queue_id'], q);
});

test('an event for another user does not wake the poll', async () => {
  const ref = createReference();
  const q = register(ref);
  const pending = poll(ref, q);
  callAs(ref, 'iago', 'POST', '/messages', { type: 'direct', to: [ref.store.userByEmail('cordelia@zulip.com')!.user_id], content: 'not for hamlet' });
  assert.not.ok(await settled(pending));
  dmToHamlet(ref, 'now');
  assert.is((await pending).status, 200);
});

test('under the manual clock, the poll answers with a heartbeat once the clock passes its deadline', async () => {
  const ref = createReference();
  const q = register(ref);
  const pending = poll(ref, q);
  await tick(); // the poll is waiting now
  ref.control.advance(HEARTBEAT_MS - 1);
  assert.not.ok(await settled(pending), 'before the deadline');
  ref.control.advance(1);
  const body = (await (await pending).json()) as Record<string, unknown>;
  assert.equal(body['events'], [{ type: 'heartbeat', id: 0 }]);
  // The heartbeat is queued like any event: it must be acknowledged.
  const again = callAs(ref, 'hamlet', 'GET', '/events', { queue_id: q, last_event_id: -1, dont_block: true });
  assert.equal(again.json['events'], [{ type: 'heartbeat', id: 0 }]);
});

test('deleting the queue ends the wait with BAD_EVENT_QUEUE_ID', async () => {
  const ref = createReference();
  const q = register(ref);
  const pending = poll(ref, q);
  await tick();
  assert.is(callAs(ref, 'hamlet', 'DELETE', '/events', { queue_id: q }).status, 200);
  const res = await pending;
  assert.is(res.status, 400);
  assert.is(((await res.json()) as Record<string, unknown>)['code'], 'BAD_EVENT_QUEUE_ID');
});

test('a client that goes away stops waiting; later events are queued for the next poll', async () => {
  const ref = createReference();
  const q = register(ref);
  const gone = new AbortController();
  const pending = poll(ref, q, -1, gone.signal);
  await tick();
  assert.is(ref.control.waitingPolls(), 1);
  gone.abort();
  assert.is((await pending).status, 499);
  assert.is(ref.control.waitingPolls(), 0);
  dmToHamlet(ref, 'kept');
  const res = callAs(ref, 'hamlet', 'GET', '/events', { queue_id: q, last_event_id: -1, dont_block: true });
  assert.is((res.json['events'] as unknown[]).length, 1);
});

test('a poll that waits keeps its queue alive; an idle queue is collected after ten minutes', async () => {
  const ref = createReference();
  const q = register(ref);
  ref.control.advance(9 * 60_000);
  const pending = poll(ref, q);
  await tick();
  ref.control.advance(HEARTBEAT_MS);
  const body = (await (await pending).json()) as Record<string, unknown>;
  assert.equal(body['events'], [{ type: 'heartbeat', id: 0 }], 'waiting refreshed the queue at minute 9');
  ref.control.advance(10 * 60_000);
  const gone = callAs(ref, 'hamlet', 'GET', '/events', { queue_id: q, last_event_id: 0, dont_block: true });
  assert.is(gone.json['code'], 'BAD_EVENT_QUEUE_ID');
});

test.run();
