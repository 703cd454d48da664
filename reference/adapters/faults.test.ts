// Faults (control.addFault) through the four front doors: in-process respond, fetch
// handle, msw and node:http; and reset()/restore() ending the long-polls of the queues they
// remove, through each door too.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type FaultSpec, type Reference } from '../index.ts';
import { createHandlers } from './msw.ts';
import { serve } from './node-http.ts';

const IAGO = { authorization: `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}` };
const BASE = 'http://zulip.test';

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}
type Outcome = Answer | 'network error';
/** One request through a door: method, path (with query), form body. */
type Call = (method: string, path: string, body?: Record<string, string>) => Promise<Outcome>;

interface Door {
  name: string;
  open(ref: Reference): Promise<{ call: Call; close(): Promise<void> }>;
}

const lower = (h: Headers): Record<string, string> => Object.fromEntries([...h.entries()].map(([k, v]) => [k.toLowerCase(), v]));
const viaFetch = (f: (url: string, init: RequestInit) => Promise<Response>, base: string): Call => async (method, path, body) => {
  try {
    const res = await f(`${base}${path}`, { method, headers: IAGO, ...(body ? { body: new URLSearchParams(body) } : {}) });
    return { status: res.status, headers: lower(res.headers), text: await res.text() };
  } catch (e) {
    if (e instanceof TypeError) return 'network error';
    throw e;
  }
};

const DOORS: Door[] = [
  {
    name: 'in-process respond',
    open: async (ref) => ({
      call: async (method, path, body) => {
        const res = await ref.respond({ method, path, headers: IAGO, ...(body ? { body } : {}) });
        if (res === null) throw new Error('no answer');
        if (res.disconnect) return 'network error';
        return { status: res.status, headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v])), text: res.body };
      },
      close: async () => undefined,
    }),
  },
  { name: 'fetch handle', open: async (ref) => ({ call: viaFetch((url, init) => ref.handle(new Request(url, init)), BASE), close: async () => undefined }) },
  {
    name: 'msw',
    open: async (ref) => {
      const server = setupServer(...createHandlers(ref, { baseUrl: BASE }));
      server.listen({ onUnhandledRequest: 'error' });
      return { call: viaFetch(fetch, BASE), close: async () => server.close() };
    },
  },
  {
    name: 'node:http',
    open: async (ref) => {
      const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
      return { call: viaFetch(fetch, serving.url), close: () => serving.close() };
    },
  },
];

async function eachDoor(fn: (ref: Reference, call: Call, door: string) => Promise<void>): Promise<void> {
  for (const door of DOORS) {
    const ref = createReference();
    const { call, close } = await door.open(ref);
    try {
      await fn(ref, call, door.name);
    } catch (e) {
      if (e instanceof Error) e.message = `${door.name}: ${e.message}`;
      throw e;
    } finally {
      await close();
    }
  }
}

const SEND = { type: 'stream', to: 'Verona', topic: 'faults', content: 'hello' };
const answer = (o: Outcome, door: string): Answer => {
  if (o === 'network error') throw new Error(`${door}: a network error, not an answer`);
  return o;
};
/** Let pending promises, timers and sockets move. */
const settle = () => new Promise((r) => setTimeout(r, 30));

test('rate_limit: the real 429 once, then the send succeeds', () =>
  eachDoor(async (ref, call, door) => {
    const spec: FaultSpec = { fault: 'rate_limit', method: 'POST', path: '/api/v1/messages', retry_after: 2.5 };
    const id = ref.control.addFault(spec);
    assert.equal(ref.control.faults().map((f) => f.fault_id), [id]);
    const limited = answer(await call('POST', '/api/v1/messages', SEND), door);
    assert.is(limited.status, 429);
    assert.equal(JSON.parse(limited.text), {
      result: 'error',
      msg: 'API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers',
      code: 'RATE_LIMIT_HIT',
      'retry-after': 2.5,
    });
    assert.is(limited.headers['retry-after'], '2.5');
    assert.is(limited.headers['x-ratelimit-remaining'], '0');
    assert.is(limited.headers['x-ratelimit-limit'], '2000');
    assert.is(limited.headers['x-ratelimit-reset'], String(Math.floor(ref.control.now() / 1000 + 2.5)));
    assert.is(answer(await call('POST', '/api/v1/messages', SEND), door).status, 200);
    assert.equal(ref.control.faults(), []);
    assert.equal(
      ref.control.requests({ path: '/messages' }).map((r) => [r.status, r.code, r.fault ?? null, r.user_id]),
      [
        [429, 'RATE_LIMIT_HIT', 'rate_limit', 4],
        [200, null, null, 4],
      ],
    );
  }));

test('server_error, unavailable, bad_gateway, gateway_timeout: the real 500 body, a proxy’s HTML pages', () =>
  eachDoor(async (ref, call, door) => {
    ref.control.addFault({ fault: 'server_error', path: '/users/{user_id}' });
    const e500 = answer(await call('GET', '/api/v1/users/9'), door);
    assert.is(e500.status, 500);
    assert.equal(JSON.parse(e500.text), { result: 'error', msg: 'Internal server error' });
    for (const [fault, status] of [
      ['bad_gateway', 502],
      ['unavailable', 503],
      ['gateway_timeout', 504],
    ] as const) {
      ref.control.addFault({ fault, method: 'GET' });
      const res = answer(await call('GET', '/api/v1/users/me'), door);
      assert.is(res.status, status);
      assert.match(res.headers['content-type'] ?? '', /^text\/html/);
      assert.match(res.text, new RegExp(`<h1>${status} `));
    }
    assert.is(answer(await call('GET', '/api/v1/users/me'), door).status, 200);
  }));

test('disconnect: a network error, and the next request is answered', () =>
  eachDoor(async (ref, call, door) => {
    ref.control.addFault({ fault: 'disconnect', path: '/api/v1/users/me' });
    assert.is(await call('GET', '/api/v1/users/me'), 'network error');
    assert.is(answer(await call('GET', '/api/v1/users/me'), door).status, 200);
  }));

test('latency: the answer waits for the manual clock', () =>
  eachDoor(async (ref, call, door) => {
    ref.control.addFault({ fault: 'latency', ms: 5000, method: 'GET', path: '/api/v1/users/me' });
    let done: Outcome | undefined;
    const pending = call('GET', '/api/v1/users/me').then((o) => (done = o));
    await settle();
    ref.control.advance(4999);
    await settle();
    assert.is(done, undefined, 'answered before its time');
    ref.control.advance(1);
    await pending;
    assert.is(answer(done as Outcome, door).status, 200);
  }));

test('every and probability draw deterministically; times limits', () => {
  const run = () => {
    const ref = createReference({ seed: 'faults' });
    ref.control.addFault({ fault: 'server_error', path: '/users/me', probability: 0.5, times: 3 });
    return Array.from({ length: 12 }, () => ref.dispatch({ method: 'GET', path: '/api/v1/users/me', headers: IAGO }).status);
  };
  const a = run();
  assert.equal(a, run());
  assert.is(a.filter((s) => s === 500).length, 3);
  const ref = createReference();
  ref.control.addFault({ fault: 'server_error', path: '/users/me', every: 3 });
  const statuses = Array.from({ length: 7 }, () => ref.dispatch({ method: 'GET', path: '/api/v1/users/me', headers: IAGO }).status);
  assert.equal(statuses, [200, 200, 500, 200, 200, 500, 200]);
  ref.control.clearFaults();
  assert.is(ref.dispatch({ method: 'GET', path: '/api/v1/users/me', headers: IAGO }).status, 200);
});

test('bad fault specifications are refused', () => {
  const ref = createReference();
  assert.throws(() => ref.control.addFault({ fault: 'nonsense' as FaultSpec['fault'] }), /fault/);
  assert.throws(() => ref.control.addFault({ fault: 'latency' }), /ms/);
  assert.throws(() => ref.control.addFault({ fault: 'server_error', every: 2, probability: 0.5 }), /not both/);
  assert.throws(() => ref.control.addFault({ fault: 'expire_queue', queue_id: 'nope' }), /No event queue/);
  assert.throws(() => ref.control.addFault({ fault: 'server_error', path: '/_understudy/reset' }), /test-control surface/);
  ref.control.addFault({ fault: 'server_error', path: 'users/{id}' });
  assert.is(ref.control.faults()[0]?.path, '/api/v1/users/{id}');
  ref.control.clearFaults();
  assert.equal(ref.control.faults(), []);
});

test('node:http: a request refused before its body is read is journalled, and a fault still fires on it', async () => {
  const ref = createReference();
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  try {
    const bad = { authorization: `Basic ${btoa('iago@zulip.com:wrongwrongwrongwrongwrongwrongwr')}` };
    const post = () => fetch(`${serving.url}/api/v1/messages`, { method: 'POST', headers: bad, body: new URLSearchParams(SEND) });
    const refused = await post();
    assert.is(refused.status, 401);
    await refused.text();
    ref.control.addFault({ fault: 'server_error', method: 'POST', path: '/messages' });
    const faulted = await post();
    assert.is(faulted.status, 500);
    await faulted.text();
    assert.equal(
      ref.control.requests().map((r) => [r.method, r.path, r.status, r.user_id, r.fault ?? null]),
      [
        ['POST', '/api/v1/messages', 401, null, null],
        ['POST', '/api/v1/messages', 500, null, 'server_error'],
      ],
    );
  } finally {
    await serving.close();
  }
});

/** A queue of iago's, and a GET /events on it that waits. */
async function waitingPoll(ref: Reference, call: Call, door: string): Promise<{ queueId: string; poll: Promise<Outcome> }> {
  const reg = answer(await call('POST', '/api/v1/register', { event_types: '["message"]' }), door);
  const queueId = String(JSON.parse(reg.text).queue_id);
  const poll = call('GET', `/api/v1/events?queue_id=${queueId}&last_event_id=-1`);
  for (let i = 0; i < 50 && ref.control.waitingPolls() === 0; i++) await settle();
  assert.is(ref.control.waitingPolls(), 1, 'the poll waits');
  return { queueId, poll };
}

const badQueue = (o: Outcome, queueId: string, door: string) => {
  const res = answer(o, door);
  assert.is(res.status, 400);
  assert.equal(JSON.parse(res.text), { result: 'error', msg: `Bad event queue ID: ${queueId}`, code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
};

test('expire_queue: the next queue polled is gone; a named queue is gone at once, its poll answered', () =>
  eachDoor(async (ref, call, door) => {
    const { queueId, poll } = await waitingPoll(ref, call, door);
    assert.is(ref.control.addFault({ fault: 'expire_queue', queue_id: queueId }), null);
    badQueue(await poll, queueId, door);
    const reg = answer(await call('POST', '/api/v1/register', { event_types: '["message"]' }), door);
    const q2 = String(JSON.parse(reg.text).queue_id);
    ref.control.addFault({ fault: 'expire_queue' });
    badQueue(await call('GET', `/api/v1/events?queue_id=${q2}&last_event_id=-1&dont_block=true`), q2, door);
  }));

test('reset() and restore() end the waiting long-polls of the queues they remove', () =>
  eachDoor(async (ref, call, door) => {
    const first = await waitingPoll(ref, call, door);
    ref.control.reset();
    badQueue(await first.poll, first.queueId, door);
    assert.is(ref.control.waitingPolls(), 0);
    const before = ref.control.snapshot();
    const second = await waitingPoll(ref, call, door);
    ref.control.restore(before);
    badQueue(await second.poll, second.queueId, door);
    // a poll whose queue survives the restore keeps waiting
    const third = await waitingPoll(ref, call, door);
    ref.control.restore(ref.control.snapshot());
    await settle();
    assert.is(ref.control.waitingPolls(), 1);
    ref.control.reset();
    badQueue(await third.poll, third.queueId, door);
  }));

test.run();
