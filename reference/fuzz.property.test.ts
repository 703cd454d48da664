// The fuzz suite (ARCHITECTURE.md, invariants): no request, however malformed, gets a 5xx;
// every answer is the JSON envelope; every rejection leaves the state exactly as it was.
// The requests are shaped to get past routing and authentication most of the time, so
// that the endpoints themselves are fuzzed: the route's own method 9 times in 10, a
// valid caller 8 times in 10, and half the time a well-formed parameter set for the
// route (so that success paths run too) with perhaps one hostile extra; otherwise the
// real parameter names with hostile values, and unknown names. Every handler is wrapped
// to count the requests that reached one; the test fails below 60%, and prints that
// share and the count of each status.
// Fixed seed; fast-check prints the seed and path of any counterexample (replay with
// FUZZ_SEED / FUZZ_PATH). FUZZ_RUNS sets the number of requests (default 1000): a long
// hunt is FUZZ_RUNS=1000000 (about half an hour here; see the README).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, signHs256 } from './index.ts';
import { ROUTES, type Route } from './routes.ts';
import { stateDigest } from './testing/atomic.ts';

const ref = createReference();
const users = ref.store.realmUsers();
const basic = (email: string, key: string) => `Basic ${btoa(`${email}:${key}`)}`;
const JWT_KEY = 'understudy-jwt-key-not-a-secret-0001';

const NAMES = [
  'type', 'to', 'content', 'topic', 'subject', 'anchor', 'anchor_date', 'num_before', 'num_after', 'include_anchor',
  'narrow', 'message_ids', 'msg_ids', 'apply_markdown', 'client_gravatar', 'allow_empty_topic_name', 'use_first_unread_anchor',
  'read_by_sender', 'local_id', 'queue_id', 'subscriptions', 'principals', 'authorization_errors_fatal', 'announce',
  'invite_only', 'is_web_public', 'history_public_to_subscribers', 'message_retention_days', 'topics_policy',
  'can_send_message_group', 'can_add_subscribers_group', 'can_administer_channel_group', 'can_delete_any_message_group',
  'property', 'value', 'subscription_data', 'include_subscribers', 'name', 'description', 'members', 'subgroups', 'add',
  'delete', 'can_manage_group', 'can_mention_group', 'actions', 'deactivation_notification_comment', 'report_type',
  'user_ids', 'include_custom_profile_fields', 'include_all', 'include_public', 'stream', 'username', 'password', 'token',
  'include_profile', 'moderation_request_channel_id', 'message_content_delete_limit_seconds', 'waiting_period_threshold',
  'can_delete_own_message_group', 'include_deactivated_groups', 'ms', 'id', 'email', 'full_name', 'role', 'topic_name',
];

const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('true', 'false', '1', '-1', '0', '1e309', '9007199254740993', '"x"', '[]', '{}', '[1,2]', '[[1]]', 'null',
    '[{"operator":"channel","operand":"Verona"}]', '[["is","starred"]]', '[{"operator":"search","operand":""}]',
    '{"new":1}', '{"new":{"direct_members":[999],"direct_subgroups":[]}}', '[{"name":"x"}]', '[{"name":""}]',
    '"unlimited"', 'newest', 'oldest', 'first_unread', 'date', 'stream', 'direct', 'color', '#zzz', '\u0000', '(no topic)'),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 70, maxLength: 200 }),
);

const hostileParams = fc.dictionary(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), jsonish, { maxKeys: 6 });

// ---- Well-formed parameter sets, per route ------------------------------------------

const CHANNELS = ['Verona', 'Denmark', 'Scotland', 'Venice', 'Rome', 'core team', 'moderation requests'];
const userId = fc.integer({ min: 3, max: 14 });
const messageId = fc.integer({ min: 1, max: 18 });
const channelId = fc.integer({ min: 1, max: 7 });
const groupId = fc.integer({ min: 1, max: 9 });
const bool = fc.constantFrom('true', 'false');
const word = fc.constantFrom('lunch', 'castle', 'hello', 'Verona', 'tempest', 'ghost', '(no topic)', 'ünïcode', '🙂');
const text = fc.oneof(word, fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom('**bold** and `code`', '@**King Hamlet** hi', '#**Verona** see', '> quote\n\nreply', '```py\nx = 1\n```'));
const ids = (one: fc.Arbitrary<number>) => fc.array(one, { maxLength: 4 }).map((xs) => JSON.stringify(xs));
const narrow = fc
  .constantFrom<unknown[]>(
    [], [{ operator: 'channel', operand: 'Verona' }], [['channel', 'Denmark'], ['topic', 'lunch']], [['is', 'starred']], [['is', 'dm']],
    [['search', 'hello']], [['sender', 'hamlet@zulip.com']], [['dm', [6, 7]]], [{ operator: 'channel', operand: 'Scotland', negated: true }],
  )
  .map((n) => JSON.stringify(n));
const subscriptionProperty = fc.oneof(
  fc.record({ property: fc.constant('color'), value: fc.constantFrom('#76ce90', '#000000', 'red') }),
  fc.record({ property: fc.constantFrom('is_muted', 'pin_to_top', 'in_home_view', 'desktop_notifications'), value: fc.boolean() }),
);
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** Linkifier parameters: valid and invalid RE2 patterns and URL templates. */
const linkifier = fc.record({
  pattern: fc.oneof(fc.constantFrom('#(?P<id>[0-9]+)', '(foo', 'a**', '[z-a]', '(?P<id>(a+)+)b', '(?=x)', '\\', '(?P<id>\\pL+)'), text),
  url_template: fc.oneof(fc.constantFrom('https://e.com/{id}', '{id', '', 'https://e.com/{?id,x}', 'https://e.com/%%{id}'), text),
});


/** "METHOD path" → parameters with which the route can succeed (values as the API takes them). */
const WELL_FORMED: Record<string, fc.Arbitrary<Record<string, string | undefined>>> = {
  'POST /api/v1/fetch_api_key': fc.record({ username: fc.constantFrom(...users.map((u) => u.delivery_email)), password: fc.constantFrom('secret', 'wrong') }),
  'POST /api/v1/jwt/fetch_api_key': fc.record({
    token: fc.constantFrom('hamlet@zulip.com', 'iago@zulip.com', 'nobody@zulip.com').map((email) => signHs256({ email }, JWT_KEY)),
    include_profile: opt(bool),
  }),
  'GET /api/v1/users': fc.record({ client_gravatar: opt(bool), include_custom_profile_fields: opt(bool), user_ids: opt(ids(userId)) }),
  'GET /api/v1/users/{user_id}': fc.record({ client_gravatar: opt(bool) }),
  'GET /api/v1/streams': fc.record({ include_public: opt(bool), include_subscribed: opt(bool), include_all: opt(bool) }),
  'GET /api/v1/get_stream_id': fc.record({ stream: fc.constantFrom(...CHANNELS, 'Nowhere') }),
  'POST /api/v1/messages': fc.oneof(
    fc.record({ type: fc.constantFrom('stream', 'channel'), to: fc.oneof(fc.constantFrom(...CHANNELS), channelId.map(String)), topic: word, content: text }),
    fc.record({ type: fc.constantFrom('direct', 'private'), to: ids(userId), content: text }),
  ),
  'GET /api/v1/messages': fc.record({
    anchor: fc.oneof(fc.constantFrom('newest', 'oldest', 'first_unread'), messageId.map(String)),
    num_before: fc.integer({ min: 0, max: 20 }).map(String),
    num_after: fc.integer({ min: 0, max: 20 }).map(String),
    narrow: opt(narrow),
    apply_markdown: opt(bool),
  }),
  'GET /api/v1/messages/matches_narrow': fc.record({ msg_ids: ids(messageId), narrow }),
  'POST /api/v1/messages/{message_id}/report': fc.record({ report_type: fc.constantFrom('spam', 'harassment', 'inappropriate', 'norms', 'other'), description: opt(text) }),
  'PATCH /api/v1/realm': fc.oneof(
    fc.record({ name: opt(word), description: opt(text), waiting_period_threshold: opt(fc.nat(30).map(String)), enable_spectator_access: opt(bool) }),
    fc.record({ topics_policy: fc.constantFrom('allow_empty_topic', 'disable_empty_topic') }),
    groupId.map((g) => ({ can_create_groups: JSON.stringify({ new: g }) })),
  ),
  'GET /api/v1/users/me/subscriptions': fc.record({ include_subscribers: opt(bool) }),
  'POST /api/v1/users/me/subscriptions': fc.record({
    subscriptions: fc.array(fc.oneof(fc.constantFrom(...CHANNELS), word), { minLength: 1, maxLength: 3 }).map((ns) => JSON.stringify(ns.map((name) => ({ name })))),
    principals: opt(ids(userId)),
  }),
  'DELETE /api/v1/users/me/subscriptions': fc.record({ subscriptions: fc.array(fc.constantFrom(...CHANNELS), { minLength: 1, maxLength: 3 }).map((ns) => JSON.stringify(ns)) }),
  'PATCH /api/v1/users/me/subscriptions/{stream_id}': subscriptionProperty.map(({ property, value }) => ({ property, value: typeof value === 'string' ? value : String(value) })),
  'POST /api/v1/users/me/subscriptions/properties': fc
    .array(fc.tuple(channelId, subscriptionProperty), { minLength: 1, maxLength: 3 })
    .map((xs) => ({ subscription_data: JSON.stringify(xs.map(([stream_id, p]) => ({ stream_id, ...p }))) })),
  'GET /api/v1/users/me/{stream_id}/topics': fc.record({ allow_empty_topic_name: opt(bool) }),
  'GET /api/v1/user_groups': fc.record({ include_deactivated_groups: opt(bool) }),
  'POST /api/v1/user_groups/create': fc.record({ name: word, description: text, members: ids(userId), subgroups: opt(ids(groupId)) }),
  'POST /api/v1/user_groups/{user_group_id}/subgroups': fc.record({ add: opt(ids(groupId)), delete: opt(ids(groupId)) }),
  'DELETE /api/v1/users/{user_id}': fc.record({ deactivation_notification_comment: opt(text) }),
  'POST /api/v1/realm/filters': linkifier,
  'PATCH /api/v1/realm/filters/{filter_id}': linkifier,
  'PATCH /api/v1/realm/linkifiers': fc.record({ ordered_linkifier_ids: ids(fc.nat(5)) }),
  'POST /api/v1/realm/profile_fields': fc.record({
    name: fc.oneof(word, text),
    field_type: fc.integer({ min: 0, max: 9 }).map(String),
    hint: opt(text),
    field_data: opt(fc.constantFrom('{"0":{"text":"A","order":"1"}}', '{"subtype":"github"}', '{"subtype":"custom","url_pattern":"https://e.com/%(username)s"}', '{}', '[]')),
    display_in_profile_summary: opt(bool),
  }),
  'PATCH /api/v1/users/me/profile_data': fc
    .array(fc.record({ id: fc.nat(5), value: fc.oneof(text, fc.array(userId, { maxLength: 2 })) }), { maxLength: 2 })
    .map((data) => ({ data: JSON.stringify(data) })),
  'DELETE /api/v1/users/me/profile_data': fc.record({ data: ids(fc.nat(5)) }),
};

/** Well-formed for the route, sometimes with one hostile extra; routes without parameters get none. */
function wellFormed(route: Route): fc.Arbitrary<Record<string, string>> {
  const base = (WELL_FORMED[`${route.method} ${route.path}`] ?? fc.constant({})).map(
    (p) => Object.fromEntries(Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined)),
  );
  return fc.tuple(base, fc.option(fc.tuple(fc.constantFrom(...NAMES), jsonish), { freq: 4 })).map(([p, extra]) => (extra ? { ...p, [extra[0]]: extra[1] } : p));
}

/** A path parameter: usually one that exists, for its kind. */
function pathId(name: string): fc.Arbitrary<number> {
  const valid = { user_id: userId, message_id: messageId, stream_id: channelId, user_group_id: groupId }[name] ?? fc.nat(25);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.oneof(fc.integer({ min: 0, max: 25 }), fc.constantFrom(987654321, 2147483648)) });
}

const caller = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...users).map((u) => ({ authorization: basic(u.delivery_email, u.api_key) })) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constantFrom({ authorization: 'Bearer x' }, { authorization: 'Basic !!!' }, { authorization: basic('iago@zulip.com', 'x'.repeat(32)) }) },
);

const API_ROUTES = ROUTES.filter((r) => !r.control);
const request = fc.constantFrom(...API_ROUTES).chain((route) =>
  fc.record({
    route: fc.constant(route),
    otherMethod: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT') }),
    ids: fc.tuple(...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => pathId(m[1] as string))),
    headers: caller,
    params: fc.oneof(wellFormed(route), hostileParams),
    inQuery: fc.boolean(),
  }),
);

// ---- Instrumentation: which requests reached an endpoint --------------------------------

let reached = 0;
const originals = new Map<Route, Route['handler']>();
for (const route of API_ROUTES) {
  originals.set(route, route.handler);
  (route as { handler: Route['handler'] }).handler = (ctx) => {
    reached++;
    return (originals.get(route) as Route['handler'])(ctx);
  };
}
test.after(() => {
  for (const [route, handler] of originals) (route as { handler: Route['handler'] }).handler = handler;
});

test('no input gets a 5xx; every answer is an envelope; every rejection changes nothing; most reach an endpoint', () => {
  const seed = Number(process.env['FUZZ_SEED'] ?? 20261122);
  const path = process.env['FUZZ_PATH'];
  const runs = Number(process.env['FUZZ_RUNS'] ?? 1000);
  ref.reset();
  const initial = stateDigest(ref);
  const statuses = new Map<number, number>();
  let requests = 0;
  reached = 0;
  const started = performance.now();
  fc.assert(
    fc.property(request, (r) => {
      ref.reset();
      let i = 0;
      const url = r.route.path.replace(/\{\w+\}/g, () => String(r.ids[i++] ?? 1));
      const method = r.otherMethod ?? r.route.method;
      const res = ref.dispatch({ method, path: url, headers: r.headers, ...(r.inQuery ? { query: r.params } : { body: r.params }) });
      requests++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${method} ${url} ${JSON.stringify(r.params)} → ${res.status} ${res.body.slice(0, 300)}`;
      if ((r.route.path.includes('/user_uploads/') || r.route.path.includes('/user_avatars/')) && res.headers['Content-Type'] !== 'application/json') {
        // A download answers bytes, the real server's HTML error pages or its login redirect, not the envelope.
        assert.ok(res.status < 500, where);
        if (res.status >= 300) assert.is(stateDigest(ref), initial, `a refused download changed the state: ${where}`);
        return;
      }
      const body = JSON.parse(res.body) as Record<string, unknown>;
      // 501 is no failure: a documented endpoint Understudy does not emulate (another method of a routed path).
      assert.ok(res.status < 500 || (res.status === 501 && body['code'] === 'NOT_IMPLEMENTED'), where);
      assert.ok(body['result'] === 'success' || body['result'] === 'error', where);
      assert.type(body['msg'], 'string', where);
      if (res.status >= 400) {
        // 405 answers like the real json_method_not_allowed, without a code.
        if (res.status !== 405) assert.type(body['code'], 'string', where);
        assert.is(stateDigest(ref), initial, `a rejected request changed the state: ${where}`);
      }
    }),
    { seed, numRuns: runs, ...(path !== undefined ? { path } : {}) },
  );
  const share = reached / requests;
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  console.log(`\n  fuzz: ${requests} requests in ${((performance.now() - started) / 1000).toFixed(1)} s; ${(share * 100).toFixed(1)}% reached an endpoint; ${counts}`);
  if (path === undefined) assert.ok(share >= 0.6, `only ${(share * 100).toFixed(1)}% of the requests reached an endpoint`);
});

test.run();
