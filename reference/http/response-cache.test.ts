// A read is replayed only while nothing it could depend on has changed: not across
// callers, parameters, writes (through the API or the store), the clock, reset or restore.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type ApiRequest, type ApiResponse } from '../index.ts';

const IAGO = `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}`;
const POLONIUS = `Basic ${btoa('polonius@zulip.com:Xw07g2P29Mxns07ClCqcgoZDGBLKAHh9')}`;
const users = (authorization = IAGO, query?: string): ApiRequest => ({
  method: 'GET',
  path: '/api/v1/users',
  headers: { authorization },
  ...(query === undefined ? {} : { query }),
});
/** A replayed response carries its json as a getter, parsed on first use. */
const replayed = (res: ApiResponse) => Object.getOwnPropertyDescriptor(res, 'json')?.get !== undefined;
const names = (res: ApiResponse) => (res.json['members'] as Array<{ full_name: string }>).map((u) => u.full_name);

test('a repeated read is replayed with the same bytes', () => {
  const ref = createReference();
  const first = ref.dispatch(users());
  assert.not.ok(replayed(first));
  const again = ref.dispatch(users());
  assert.ok(replayed(again));
  assert.is(again.body, first.body);
  assert.equal(again.headers, first.headers);
  assert.equal(again.json, first.json);
  assert.ok(replayed(ref.dispatch({ ...users(), method: 'HEAD' })), 'HEAD is answered as GET');
});

test('another caller, other parameters or another header are answered afresh', () => {
  const ref = createReference();
  const me = (authorization: string): ApiRequest => ({ method: 'GET', path: '/api/v1/users/me', headers: { authorization } });
  const iago = ref.dispatch(me(IAGO));
  const polonius = ref.dispatch(me(POLONIUS));
  assert.not.ok(replayed(polonius));
  assert.is(polonius.json['full_name'], 'Polonius');
  assert.is(iago.json['full_name'], 'Iago');
  assert.not.ok(replayed(ref.dispatch(users(POLONIUS))));
  assert.not.ok(replayed(ref.dispatch(users(IAGO, 'client_gravatar=false'))));
  assert.not.ok(replayed(ref.dispatch({ ...users(), headers: { authorization: IAGO, 'user-agent': 'other' } })));
});

test('a write through the API ends replaying', () => {
  const ref = createReference();
  ref.dispatch(users());
  const created = ref.dispatch({ method: 'POST', path: '/_understudy/users', body: { email: 'new@zulip.com', full_name: 'Newcomer' } });
  assert.is(created.status, 200);
  const after = ref.dispatch(users());
  assert.not.ok(replayed(after));
  assert.ok(names(after).includes('Newcomer'));
});

test('a write through the store, a new realm object, the clock, reset and restore end replaying', () => {
  const ref = createReference();
  const snapshot = ref.snapshot();
  const iago = ref.store.userByEmail('iago@zulip.com');
  if (!iago) throw new Error('no Iago');
  const steps: Array<[string, () => void]> = [
    ['putUser', () => ref.store.putUser({ ...iago, full_name: 'Iago the Ensign' })],
    ['realm replaced', () => (ref.store.data.realm = { ...ref.store.data.realm })],
    ['clock', () => ref.control.advance(1)],
    ['reset', () => ref.reset()],
    ['restore', () => ref.restore(snapshot)],
    ['changed()', () => ref.store.changed()],
  ];
  for (const [what, change] of steps) {
    ref.dispatch(users());
    assert.ok(replayed(ref.dispatch(users())), `replayed before ${what}`);
    change();
    assert.not.ok(replayed(ref.dispatch(users())), `answered afresh after ${what}`);
  }
  assert.ok(names(ref.dispatch(users())).includes('Iago'));
});

test('errors are answered afresh, and a replayed json object is the caller’s own', () => {
  const ref = createReference();
  assert.not.ok(replayed(ref.dispatch(users(IAGO, 'client_gravatar=maybe'))));
  assert.not.ok(replayed(ref.dispatch(users(IAGO, 'client_gravatar=maybe'))));
  ref.dispatch(users());
  const a = ref.dispatch(users());
  (a.json['members'] as unknown[]).length = 0;
  a.json = { changed: true };
  assert.equal(a.json, { changed: true });
  assert.ok((ref.dispatch(users()).json['members'] as unknown[]).length > 0);
});

test('a long mixed sequence answers exactly as a twin that never replays', () => {
  const fast = createReference();
  const slow = createReference();
  const as = (authorization: string, path: string, query?: string): ApiRequest => ({
    method: 'GET',
    path,
    headers: { authorization },
    ...(query === undefined ? {} : { query }),
  });
  let n = 0;
  const steps: Array<() => ApiRequest> = [
    () => users(),
    () => users(POLONIUS, 'client_gravatar=false'),
    () => as(IAGO, '/api/v1/streams', 'include_all=true'),
    () => as(POLONIUS, '/api/v1/streams'),
    () => as(IAGO, '/api/v1/users/me'),
    () => as(IAGO, '/api/v1/users/me/subscriptions', 'include_subscribers=true'),
    () => as(IAGO, '/api/v1/users/12'),
    () => ({ method: 'GET', path: '/api/v1/server_settings' }),
    () => ({ method: 'POST', path: '/_understudy/users', body: { email: `u${n++}@zulip.com`, full_name: `User ${n}` } }),
    () => ({ method: 'POST', path: '/_understudy/clock/advance', body: { ms: String(3 * 86_400_000) } }),
    () => ({ method: 'POST', path: '/_understudy/config', body: { enable_spectator_access: n % 2 === 0 ? 'true' : 'false' } }),
    () => ({ method: 'GET', path: '/api/v1/users' }),
  ];
  // A fixed pseudo-random walk: reads repeat often, writes now and then.
  let seed = 7;
  let replays = 0;
  for (let i = 0; i < 400; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const req = (steps[seed % steps.length] as () => ApiRequest)();
    slow.store.changed();
    const a = fast.dispatch(req);
    const b = slow.dispatch(req);
    assert.is(a.status, b.status, `#${i} ${req.method} ${req.path}`);
    assert.is(a.body, b.body, `#${i} ${req.method} ${req.path}`);
    assert.equal(a.headers, b.headers);
    if (replayed(a)) replays++;
    assert.not.ok(replayed(b));
  }
  assert.ok(replays > 50, `only ${replays} replays: the walk does not test the cache`);
});

test.run();
