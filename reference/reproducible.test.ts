// Same options + same request sequence ⇒ byte-identical responses (README,
// Determinism); the seed is what the random values (API keys, ...) come from.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type ApiRequest, type Reference } from './index.ts';

const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const basic = (email: string, key: string) => ({ authorization: `Basic ${btoa(`${email}:${key}`)}` });
const IAGO = basic('iago@zulip.com', 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd');

/** A session: each step may use what earlier answers returned (the added users' random API keys). */
function session(reference: Reference): string[] {
  const wire: string[] = [];
  const send = (req: ApiRequest) => {
    const res = reference.dispatch(req);
    wire.push(`${req.method} ${req.path} → ${res.status} ${JSON.stringify(res.headers)} ${res.body}`);
    return res.json;
  };
  send({ method: 'GET', path: '/api/v1/server_settings' });
  send({ method: 'POST', path: '/api/v1/fetch_api_key', ...form({ username: 'iago@zulip.com', password: 'secret' }) });
  const ariel = send({ method: 'POST', path: '/_understudy/users', ...form({ email: 'ariel@zulip.com', full_name: 'Ariel', password: 'tempest' }) });
  const caliban = send({ method: 'POST', path: '/_understudy/users', ...form({ email: 'caliban@zulip.com', full_name: 'Caliban', role: 'guest' }) });
  send({ method: 'POST', path: '/_understudy/clock/advance', ...form({ ms: '60000' }) });
  send({ method: 'POST', path: '/api/v1/fetch_api_key', ...form({ username: 'ariel@zulip.com', password: 'tempest' }) });
  send({ method: 'GET', path: '/api/v1/users/me', headers: basic('ariel@zulip.com', String(ariel['api_key'])) });
  send({ method: 'GET', path: '/api/v1/users/me/subscriptions', headers: basic('caliban@zulip.com', String(caliban['api_key'])) });
  send({ method: 'GET', path: '/api/v1/users', query: 'client_gravatar=false', headers: IAGO });
  send({ method: 'GET', path: '/api/v1/streams', query: { include_all: 'true' }, headers: IAGO });
  send({ method: 'GET', path: '/api/v1/users', query: 'user_ids=[1,2,3', headers: IAGO });
  const snap = send({ method: 'POST', path: '/_understudy/snapshot' });
  send({ method: 'POST', path: '/_understudy/users', ...form({ email: 'ferdinand@zulip.com', full_name: 'Ferdinand' }) });
  send({ method: 'POST', path: '/_understudy/restore', ...form({ id: String(snap['snapshot_id']) }) });
  send({ method: 'POST', path: '/_understudy/users', ...form({ email: 'miranda@zulip.com', full_name: 'Miranda' }) });
  return wire;
}

const apiKeys = (wire: string[]) => wire.filter((w) => w.startsWith('POST /_understudy/users')).map((w) => /"api_key":"(\w+)"/.exec(w)?.[1]);

test('two references with the same seed answer a session byte for byte alike', () => {
  const a = session(createReference({ seed: 'prospero' }));
  const b = session(createReference({ seed: 'prospero' }));
  assert.equal(a, b);
  assert.is(apiKeys(a).length, 4);
});

test('the default seed is a seed like any other', () => {
  assert.equal(session(createReference()), session(createReference()));
});

test('a different seed gives different API keys, and only that', () => {
  const a = session(createReference({ seed: 'prospero' }));
  const b = session(createReference({ seed: 'sycorax' }));
  const keysA = apiKeys(a);
  const keysB = apiKeys(b);
  for (let i = 0; i < keysA.length; i++) assert.is.not(keysA[i], keysB[i]);
  const scrub = (wire: string[], keys: Array<string | undefined>) => wire.map((w) => keys.reduce<string>((s, k) => (k ? s.split(k).join('KEY') : s), w));
  assert.equal(scrub(a, keysA), scrub(b, keysB));
});

test('a restored snapshot replays the same random values', () => {
  const wire = session(createReference({ seed: 'prospero' }));
  const [, , ferdinand, miranda] = apiKeys(wire);
  assert.is(ferdinand, miranda, 'restore rewinds the random sequence too');
});

test('reset replays a session exactly (snapshot ids keep counting: snapshots outlive a reset)', () => {
  const reference = createReference({ seed: 'prospero' });
  const scrub = (wire: string[]) => wire.map((w) => w.replace(/"snapshot_id":"\w+"/, '"snapshot_id":"S"'));
  const first = scrub(session(reference));
  reference.reset();
  assert.equal(scrub(session(reference)), first);
});

test('fetch answers the same bytes as dispatch', async () => {
  const viaDispatch = createReference({ seed: 'gonzalo' });
  const viaFetch = createReference({ seed: 'gonzalo' });
  const body = new URLSearchParams({ email: 'ariel@zulip.com', full_name: 'Ariel' });
  // fetch sends a URLSearchParams body with its Content-Type; the same request to dispatch says it too.
  const direct = viaDispatch.dispatch({ method: 'POST', path: '/_understudy/users', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } });
  const fetched = await viaFetch.handle(new Request('http://x/_understudy/users', { method: 'POST', body }));
  assert.is(await fetched.text(), direct.body);
});

test.run();
