// Rejected requests leave the state exactly as it was; and the helper that says so.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import type { ApiRequest } from '../http/request.ts';
import { assertUnchanged, firstDifference, stableSerialize, stateDigest } from './atomic.ts';

/** Body parameters as an in-process caller gives them: an object (ApiRequest.body). */
const form = (fields: Record<string, string>) => fields;
const basic = (email: string, key: string) => ({ authorization: `Basic ${btoa(`${email}:${key}`)}` });
const IAGO = basic('iago@zulip.com', 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd');

test('the serializer orders object keys, map entries and set members', () => {
  assert.is(stableSerialize({ b: 1, a: [1, 2] }), stableSerialize({ a: [1, 2], b: 1 }));
  assert.is(stableSerialize(new Map([[2, 'x'], [1, 'y']])), stableSerialize(new Map([[1, 'y'], [2, 'x']])));
  assert.is(stableSerialize(new Set(['b', 'a'])), stableSerialize(new Set(['a', 'b'])));
  assert.is.not(stableSerialize([1, 2]), stableSerialize([2, 1]));
  assert.is.not(stableSerialize({ a: undefined }), stableSerialize({}));
  assert.is.not(stableSerialize(new Map([['1', 1]])), stableSerialize(new Map([[1, 1]])));
  assert.is.not(stableSerialize(0), stableSerialize(-0));
  assert.is.not(stableSerialize(NaN), stableSerialize(null));
  assert.is.not(stableSerialize('1'), stableSerialize(1));
  assert.is(stableSerialize(new Uint8Array([1, 255])), '#bytes(01ff)');
  assert.throws(() => stableSerialize({ f() {} }.f), /function/);
  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  assert.throws(() => stableSerialize(cyclic), /cycle/);
  const shared = { x: 1 };
  assert.is(stableSerialize([shared, shared]), '[{"x":1},{"x":1}]');
});

test('firstDifference names the path that changed', () => {
  const a = { users: new Map([[4, { full_name: 'Iago' }]]), ids: { users: 15 } };
  assert.is(firstDifference(a, { users: new Map([[4, { full_name: 'Iago II' }]]), ids: { users: 15 } }), '$.users[4].full_name: "Iago" → "Iago II"');
  assert.is(firstDifference(a, { users: new Map([[4, { full_name: 'Iago' }], [5, { full_name: 'Shiva' }]]), ids: { users: 15 } }), '$.users[5]: added {"full_name":"Shiva"}');
  assert.is(firstDifference({ list: [1] }, { list: [] }), '$.list[0]: removed 1');
  assert.is(firstDifference(a, a), '');
});

test('a digest is the same for two fresh references and moves with the state', () => {
  const one = createReference();
  const two = createReference();
  assert.is(stateDigest(one), stateDigest(two));
  one.control.advance(1000);
  assert.is.not(stateDigest(one), stateDigest(two));
});

const REJECTED: Array<[string, ApiRequest]> = [
  ['a wrong password', { method: 'POST', path: '/api/v1/fetch_api_key', body: form({ username: 'iago@zulip.com', password: 'nope' }) }],
  ['an email already in use', { method: 'POST', path: '/_understudy/users', body: form({ email: 'HAMLET@zulip.com', full_name: 'Hamlet again' }) }],
  ['a blank name', { method: 'POST', path: '/_understudy/users', body: form({ email: 'new@zulip.com', full_name: '   ' }) }],
  ['an API key already in use', { method: 'POST', path: '/_understudy/users', body: form({ email: 'new@zulip.com', full_name: 'New', api_key: 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd' }) }],
  ['an unknown role', { method: 'POST', path: '/_understudy/users', body: form({ email: 'new@zulip.com', full_name: 'New', role: 'king' }) }],
  ['a clock moving backwards', { method: 'POST', path: '/_understudy/clock/advance', body: form({ ms: '-5' }) }],
  ['an unknown snapshot', { method: 'POST', path: '/_understudy/restore', body: form({ id: 's404' }) }],
  ['a config value of the wrong type', { method: 'POST', path: '/_understudy/config', body: form({ jwt_enabled: '1' }) }],
  ['an unknown user id', { method: 'GET', path: '/api/v1/users/999', headers: IAGO }],
  ['a message to a channel that does not exist', { method: 'POST', path: '/api/v1/messages', body: form({ type: 'stream', to: 'Atlantis', topic: 't', content: 'hi' }), headers: IAGO }],
  ['unsubscribing from a channel that does not exist', { method: 'DELETE', path: '/api/v1/users/me/subscriptions', body: form({ subscriptions: '["Verona", "Atlantis"]' }), headers: IAGO }],
  ['a bad API key', { method: 'GET', path: '/api/v1/users/me', headers: basic('iago@zulip.com', 'x'.repeat(32)) }],
  ['a wrong method', { method: 'PUT', path: '/api/v1/users/me', headers: IAGO }],
];

for (const [what, request] of REJECTED) {
  test(`rejecting ${what} leaves the state unchanged`, () => {
    const reference = createReference();
    const res = assertUnchanged(reference, () => reference.dispatch(request));
    assert.ok(res.status >= 400 && res.status < 500, `${res.status} ${res.body}`);
    assert.is(res.json['result'], 'error');
  });
}

test('assertUnchanged notices an accepted request, sync or async', async () => {
  const reference = createReference();
  assert.throws(
    () => assertUnchanged(reference, () => reference.dispatch({ method: 'POST', path: '/_understudy/users', body: form({ email: 'new@zulip.com', full_name: 'New' }) })),
    /state changed: \$\.data\./,
  );
  let failed = false;
  await assertUnchanged(reference, () => reference.handle(new Request('http://x/_understudy/clock/advance', { method: 'POST', body: new URLSearchParams({ ms: '5' }) }))).catch(
    (e: Error) => (failed = /clockMs/.test(e.message)),
  );
  assert.ok(failed, 'the clock moved');
});

test.run();
