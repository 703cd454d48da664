// Drafts through dispatch, as the fixture characters: every rule of the Draft object and
// of the real server's checks (zerver/tests/test_drafts.py), the events, and that a
// draft is its owner's alone. Every refusal leaves the state exactly as it was.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { draftsInitialState, MAX_DRAFTS_IN_REGISTER_RESPONSE } from '../domain/drafts.ts';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';
import type { User } from '../state/types.ts';

const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;
const VERONA = 1;
const CORE_TEAM = 6; // private; Hamlet is subscribed, Cordelia is not

type Params = Record<string, unknown>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const draft = (more: Params = {}): Params => ({ type: 'stream', to: [VERONA], topic: 'plans', content: 'a thought', ...more });

function ok(ref: Reference, who: number, method: string, path: string, params: Params = {}): Json {
  const res = callAs(ref, who, method, path, params);
  assert.is(res.status, 200, res.body);
  return res.json as Json;
}

/** The request must fail with `msg` and `status` and change nothing. */
function refused(ref: Reference, who: number, method: string, path: string, params: Params, msg: string, status = 400, code = 'BAD_REQUEST'): void {
  const res = assertUnchanged(ref, () => callAs(ref, who, method, path, params));
  assert.is(res.json['msg'], msg, `${method} ${path} ${JSON.stringify(params)}`);
  assert.is(res.json['code'], code);
  assert.is(res.status, status);
}

const create = (ref: Reference, who: number, ...drafts: Params[]): number[] => ok(ref, who, 'POST', '/drafts', { drafts })['ids'];
const list = (ref: Reference, who: number): Json[] => ok(ref, who, 'GET', '/drafts')['drafts'];

test('drafts of every kind are stored, listed oldest edit first, and announced to their owner only', () => {
  const ref = createReference();
  const now = Math.floor(ref.control.now() / 1000);
  const log = emissions(ref);
  const ids = create(
    ref,
    HAMLET,
    draft({ topic: 'plans', content: '  padded  \n' }),
    { type: 'private', to: [OTHELLO], topic: 'dropped', content: 'to Othello', timestamp: 1_000.987_654_321 },
    { type: 'private', to: [CORDELIA, OTHELLO, CORDELIA], topic: '', content: 'to two' },
    { type: 'private', to: [HAMLET], topic: '', content: 'to myself' },
    { type: 'private', to: [], topic: 'x', content: 'nobody yet' },
    { type: '', to: [VERONA], topic: 'x', content: 'unaddressed' },
  );
  assert.is(ids.length, 6);
  assert.equal(ids, [...ids].sort((a, b) => a - b));
  const drafts = list(ref, HAMLET);
  // The draft with the old timestamp comes first; the others were all edited now.
  assert.equal(drafts[0], { id: ids[1], type: 'private', to: [OTHELLO], topic: '', content: 'to Othello', timestamp: 1000 });
  assert.equal(
    drafts.slice(1).map((d) => [d.id, d.type, d.to, d.topic, d.content, d.timestamp]),
    [
      [ids[0], 'stream', [VERONA], 'plans', 'padded', now],
      [ids[2], 'private', [CORDELIA, OTHELLO], '', 'to two', now],
      [ids[3], 'private', [HAMLET], '', 'to myself', now],
      [ids[4], '', [], '', 'nobody yet', now],
      [ids[5], '', [], '', 'unaddressed', now],
    ],
  );
  assert.is(ok(ref, HAMLET, 'GET', '/drafts')['count'], 6);
  const added = log.filter((e) => e.event['type'] === 'drafts');
  assert.is(added.length, 1);
  assert.equal(added[0]?.users, [HAMLET]);
  assert.equal((added[0]?.event['drafts'] as Json[]).map((d) => d.id), ids);
  assert.equal(list(ref, CORDELIA), []);
});

test('long content and topics are cut as messages are; an empty list creates nothing and still says so', () => {
  const ref = createReference();
  const [id] = create(ref, HAMLET, draft({ topic: 't'.repeat(70), content: 'x'.repeat(10_050) }));
  const [d] = list(ref, HAMLET);
  assert.is(d?.id, id);
  assert.is(d?.topic, `${'t'.repeat(57)}...`);
  assert.is([...(d?.content as string)].length, 10_000);
  assert.ok((d?.content as string).endsWith('\n[message truncated]'));
  const log = emissions(ref);
  assert.equal(create(ref, HAMLET), []);
  assert.equal(log.at(-1)?.event, { type: 'drafts', op: 'add', drafts: [] });
});

test('every malformed draft, and every draft the server refuses, changes nothing', () => {
  const ref = createReference();
  ref.control.addUser({ email: 'gone@zulip.com', full_name: 'Gone', is_active: false });
  const gone = ref.store.userByEmail('gone@zulip.com') as User;
  const cases: Array<[unknown, string]> = [
    ['[', 'drafts is not valid JSON'],
    [{}, 'drafts is not a list'],
    [[3], 'drafts[0] is not a dict'],
    [[draft({ type: 'channel' })], 'Invalid drafts[0]["type"]'],
    [[draft({ to: 1 })], 'drafts[0]["to"] is not a list'],
    [[draft({ to: ['1'] })], 'drafts[0]["to"][0] is not an integer'],
    [[draft({ topic: 5 })], 'drafts[0]["topic"] is not a string'],
    [[draft({ content: ' \n\t ' })], 'drafts[0]["content"] cannot be blank'],
    [[draft({ foo: 1 })], 'Argument "foo" at drafts[0]["foo"] is unexpected'],
    [[{ type: 'stream', topic: 't', content: 'c' }], 'drafts[0]["to"] field is missing: Field required'],
    [[draft({ timestamp: '12' })], 'drafts[0]["timestamp"]["int"] is not an integer'],
    [[draft({ content: 'nul\u0000' })], 'Message must not contain null bytes'],
    [[draft({ timestamp: -10.1 })], 'Timestamp must not be negative.'],
    [[draft({ topic: 'nul\u0000' })], 'Topic must not contain null bytes'],
    [[draft({ to: [VERONA, 2] })], 'Must specify exactly 1 channel ID for channel messages'],
    [[draft({ to: [] })], 'Must specify exactly 1 channel ID for channel messages'],
    [[draft({ to: [99_999] })], 'Invalid channel ID'],
    [[draft({ type: 'private', to: [OTHELLO, 99_999_999_999] })], 'Invalid user ID 99999999999'],
    [[draft({ type: 'private', to: [gone.user_id] })], "'gone@zulip.com' is no longer using Zulip."],
    [[draft(), draft({ to: [99_999] })], 'Invalid channel ID'],
  ];
  for (const [drafts, msg] of cases) refused(ref, HAMLET, 'POST', '/drafts', { drafts }, msg);
  refused(ref, HAMLET, 'POST', '/drafts', {}, "Missing 'drafts' argument", 400, 'REQUEST_VARIABLE_MISSING');
  // A private channel one is not subscribed to is refused exactly as a missing one.
  refused(ref, CORDELIA, 'POST', '/drafts', { drafts: [draft({ to: [CORE_TEAM] })] }, 'Invalid channel ID');
  assert.equal(create(ref, HAMLET, draft({ to: [CORE_TEAM] })).length, 1);
  assert.equal(list(ref, CORDELIA), []);
});

test('an archived channel is refused like a missing one', () => {
  const ref = createReference();
  assert.is(ref.dispatch({ method: 'POST', path: '/_understudy/channels/2/archive' }).status, 200);
  refused(ref, HAMLET, 'POST', '/drafts', { drafts: [draft({ to: [2] })] }, 'Invalid channel ID');
});

test('PATCH replaces a draft wholesale and tells the owner', () => {
  const ref = createReference();
  const [id] = create(ref, HAMLET, draft({ timestamp: 5 }));
  const log = emissions(ref);
  ok(ref, HAMLET, 'PATCH', `/drafts/${id}`, { draft: { type: 'private', to: [OTHELLO], topic: 'ignored', content: 'rewritten' } });
  const now = Math.floor(ref.control.now() / 1000);
  const expected = { id, type: 'private', to: [OTHELLO], topic: '', content: 'rewritten', timestamp: now };
  assert.equal(list(ref, HAMLET), [expected]);
  assert.equal(log.map((e) => [e.users, e.event]), [[[HAMLET], { type: 'drafts', op: 'update', draft: expected }]]);
});

test("another user's draft and a missing draft are indistinguishable, for PATCH and DELETE", () => {
  const ref = createReference();
  const [id] = create(ref, HAMLET, draft());
  const missing = (id as number) + 100;
  const answers = [id, missing].flatMap((target) => [
    assertUnchanged(ref, () => callAs(ref, CORDELIA, 'PATCH', `/drafts/${target}`, { draft: draft() })).body,
    assertUnchanged(ref, () => callAs(ref, CORDELIA, 'DELETE', `/drafts/${target}`)).body,
  ]);
  assert.equal(new Set(answers).size, 1);
  refused(ref, CORDELIA, 'DELETE', `/drafts/${id}`, {}, 'Draft does not exist', 404);
  // The new version is parsed before the draft is looked up, and checked after.
  refused(ref, HAMLET, 'PATCH', `/drafts/${missing}`, { draft: draft({ type: 'x' }) }, 'Invalid draft["type"]');
  refused(ref, CORDELIA, 'PATCH', `/drafts/${missing}`, { draft: draft({ to: [CORE_TEAM] }) }, 'Draft does not exist', 404);
  refused(ref, HAMLET, 'PATCH', `/drafts/${id}`, { draft: draft({ to: [99_999] }) }, 'Invalid channel ID');
  refused(ref, HAMLET, 'PATCH', `/drafts/${id}`, {}, "Missing 'draft' argument", 400, 'REQUEST_VARIABLE_MISSING');
});

test('DELETE removes the draft and tells the owner', () => {
  const ref = createReference();
  const [a, b] = create(ref, HAMLET, draft(), draft({ content: 'second' }));
  const log = emissions(ref);
  ok(ref, HAMLET, 'DELETE', `/drafts/${a}`);
  assert.equal(list(ref, HAMLET).map((d) => d.id), [b]);
  assert.equal(log.map((e) => [e.users, e.event]), [[[HAMLET], { type: 'drafts', op: 'remove', draft_id: a }]]);
  refused(ref, HAMLET, 'DELETE', `/drafts/${a}`, {}, 'Draft does not exist', 404);
});

test('with draft synchronization off, all four endpoints refuse before reading a parameter', () => {
  const ref = createReference();
  const [id] = create(ref, HAMLET, draft());
  ok(ref, HAMLET, 'PATCH', '/settings', { enable_drafts_synchronization: false });
  const msg = 'User has disabled synchronizing drafts.';
  refused(ref, HAMLET, 'GET', '/drafts', {}, msg);
  refused(ref, HAMLET, 'POST', '/drafts', { drafts: 'not json' }, msg);
  refused(ref, HAMLET, 'PATCH', `/drafts/${id}`, {}, msg);
  refused(ref, HAMLET, 'DELETE', `/drafts/${id}`, {}, msg);
});

test('turning synchronization off deletes the drafts without draft events; on again, they stay gone', () => {
  const ref = createReference();
  create(ref, HAMLET, draft(), draft());
  create(ref, CORDELIA, draft());
  const log = emissions(ref);
  const res = ok(ref, HAMLET, 'PATCH', '/settings', { enable_drafts_synchronization: false, emojiset: 'google' });
  assert.equal(res['ignored_parameters_unsupported'], undefined, 'emojiset is a setting, at its current value');
  assert.equal(log.map((e) => [e.users, e.event]), [[[HAMLET], { type: 'user_settings', op: 'update', property: 'enable_drafts_synchronization', value: false }]]);
  assert.is(ref.store.user(HAMLET)?.enable_drafts_synchronization, false);
  // The same value again changes nothing.
  assertUnchanged(ref, () => ok(ref, HAMLET, 'PATCH', '/settings', { enable_drafts_synchronization: false }));
  ok(ref, HAMLET, 'PATCH', '/settings', { enable_drafts_synchronization: true });
  assert.equal(list(ref, HAMLET), []);
  assert.is(list(ref, CORDELIA).length, 1);
  refused(ref, HAMLET, 'PATCH', '/settings', { enable_drafts_synchronization: 'yes' }, 'enable_drafts_synchronization is not valid JSON');
});

test('the registration state lists the newest 1000 drafts, newest first', () => {
  const ref = createReference();
  const many = Array.from({ length: MAX_DRAFTS_IN_REGISTER_RESPONSE + 1 }, (_, i) => draft({ content: `n${i}`, timestamp: 1_000 + i }));
  const ids = create(ref, HAMLET, ...many);
  const { drafts } = draftsInitialState({ store: ref.store, user: ref.store.user(HAMLET) as User });
  assert.is(drafts.length, MAX_DRAFTS_IN_REGISTER_RESPONSE);
  assert.is(drafts[0]?.id, ids.at(-1));
  assert.is(drafts.at(-1)?.id, ids[1]);
  assert.equal(draftsInitialState({ store: ref.store, user: ref.store.user(CORDELIA) as User }), { drafts: [] });
  // As the events describe them.
  assert.equal(drafts[0], list(ref, HAMLET).at(-1));
});

test.run();
