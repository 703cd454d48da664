// The request journal, the real rate limits, GET /_understudy/clock and the fault
// control routes over the control surface.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { RequestJournal } from '../state/request-journal.ts';

const KEY = 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd';
const IAGO = { authorization: `Basic ${btoa(`iago@zulip.com:${KEY}`)}` };
const form = (o: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(o).toString() });

test('the journal: method, path, user, decoded parameters, status, code, time; credentials never', () => {
  const ref = createReference();
  ref.dispatch({ method: 'POST', path: '/api/v1/fetch_api_key', ...form({ username: 'iago@zulip.com', password: 'secret' }) });
  ref.control.advance(1500);
  ref.dispatch({ method: 'GET', path: '/api/v1/users/me?client_gravatar=false', headers: IAGO, query: { api_key: KEY } });
  ref.dispatch({ method: 'GET', path: '/api/v1/users/me', headers: { authorization: `Basic ${btoa('iago@zulip.com:wrong')}` } });
  ref.dispatch({ method: 'POST', path: '/_understudy/clock/advance', body: { ms: '1' } }); // the control surface is not journalled
  const all = ref.control.requests();
  assert.equal(all, [
    { method: 'POST', path: '/api/v1/fetch_api_key', user_id: null, status: 200, code: null, timestamp_ms: all[0]!.timestamp_ms, seq: 1, params: { username: 'iago@zulip.com', password: '***' } },
    { method: 'GET', path: '/api/v1/users/me', user_id: 4, status: 200, code: null, timestamp_ms: all[0]!.timestamp_ms + 1500, seq: 2, params: { client_gravatar: 'false', api_key: '***' } },
    { method: 'GET', path: '/api/v1/users/me', user_id: null, status: 401, code: 'UNAUTHORIZED', timestamp_ms: all[0]!.timestamp_ms + 1500, seq: 3, params: {} },
  ]);
  assert.not.match(JSON.stringify(all), new RegExp(`${KEY}|secret"`));
  assert.equal(ref.control.requests({ user_id: 4 }).map((r) => r.seq), [2]);
  assert.equal(ref.control.requests({ method: 'get', path: '/users/me', limit: 1 }).map((r) => r.seq), [3]);
  // over HTTP, the same
  const http = ref.dispatch({ method: 'GET', path: '/_understudy/requests', query: { path: '/api/v1/fetch_api_key' } });
  assert.equal((http.json['requests'] as unknown[]).length, 1);
  ref.reset();
  assert.equal(ref.control.requests(), []);
});

test('the journal keeps the last 1,000 requests, and bounded parameters', () => {
  const ref = createReference();
  for (let i = 0; i < 1005; i++) ref.dispatch({ method: 'GET', path: '/api/v1/server_settings', query: { n: String(i) } });
  const all = ref.control.requests();
  assert.is(all.length, RequestJournal.CAPACITY);
  assert.equal([all[0]!.params['n'], all.at(-1)!.params['n']], ['5', '1004']);
  assert.equal([all[0]!.seq, all.at(-1)!.seq], [6, 1005]);
  ref.dispatch({ method: 'POST', path: '/api/v1/messages', headers: IAGO, body: { type: 'stream', to: 'Verona', topic: 't', content: 'x'.repeat(5000) } });
  const content = ref.control.requests({ limit: 1 })[0]!.params['content']!;
  assert.ok(content.length < 2100 && content.endsWith('(5000 characters)'));
});

test('real rate limiting: X-RateLimit-* on every authenticated answer, the 201st call in a minute refused', () => {
  const ref = createReference({ rateLimits: true });
  const get = () => ref.dispatch({ method: 'GET', path: '/api/v1/users/me', headers: IAGO });
  const first = get();
  const nowS = ref.control.now() / 1000;
  assert.equal(
    [first.headers['X-RateLimit-Limit'], first.headers['X-RateLimit-Remaining'], first.headers['X-RateLimit-Reset']],
    ['2000', '1999', String(Math.floor(nowS + 3600))],
  );
  assert.is(ref.dispatch({ method: 'GET', path: '/api/v1/server_settings' }).headers['X-RateLimit-Limit'], undefined, 'anonymous: not counted');
  for (let i = 0; i < 199; i++) assert.is(get().status, 200);
  ref.control.advance(10_000);
  const refused = get();
  assert.is(refused.status, 429);
  assert.is(refused.json['code'], 'RATE_LIMIT_HIT');
  assert.is(refused.json['retry-after'], 50);
  assert.is(refused.headers['Retry-After'], '50.0');
  assert.is(refused.headers['X-RateLimit-Remaining'], '0');
  ref.control.advance(50_001);
  const again = get();
  assert.is(again.status, 200);
  assert.is(again.headers['X-RateLimit-Remaining'], '1799');
  // another user has a bucket of their own; reset forgets the counts
  assert.is(ref.dispatch({ method: 'GET', path: '/api/v1/users/me', headers: { authorization: `Basic ${btoa('hamlet@zulip.com:9nYpu0sUHvIrOijMyMFoexS2V8wCEIc1')}` } }).headers['X-RateLimit-Remaining'], '1999');
  ref.reset();
  assert.is(get().headers['X-RateLimit-Remaining'], '1999');
  ref.control.setRateLimiting(false);
  assert.is(get().headers['X-RateLimit-Limit'], undefined);
});

test('GET /_understudy/clock, and the fault routes', () => {
  const ref = createReference();
  const clock = ref.dispatch({ method: 'GET', path: '/_understudy/clock' });
  assert.equal(clock.json, { result: 'success', msg: '', now_ms: ref.control.now(), kind: 'manual' });
  const added = ref.dispatch({ method: 'POST', path: '/_understudy/faults', body: { method: 'POST', path: '/api/v1/messages', fault: 'rate_limit', times: '2' } });
  assert.is(added.json['fault_id'], 1);
  const listed = ref.dispatch({ method: 'GET', path: '/_understudy/faults' }).json['faults'] as Array<Record<string, unknown>>;
  assert.equal(listed, [{ fault: 'rate_limit', method: 'POST', path: '/api/v1/messages', times: 2, fault_id: 1, seen: 0, fired: 0 }]);
  assert.is(ref.dispatch({ method: 'DELETE', path: '/_understudy/faults', body: { fault_id: '7' } }).status, 400);
  assert.is(ref.dispatch({ method: 'DELETE', path: '/_understudy/faults' }).status, 200);
  assert.equal(ref.control.faults(), []);
});

test.run();
