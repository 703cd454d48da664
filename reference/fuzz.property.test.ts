// The fuzz suite (ARCHITECTURE.md, invariants): no request, however malformed, gets a 5xx;
// every answer is the JSON envelope; every rejection leaves the state exactly as it was.
// Random routes, methods, path ids, callers and parameters — the real parameter names
// with hostile values, and unknown names. Fixed seed; fast-check prints the seed and the
// path of any counterexample (replay with FUZZ_SEED / FUZZ_PATH; FUZZ_RUNS for a longer hunt).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from './index.ts';
import { ROUTES } from './routes.ts';
import { stateDigest } from './testing/atomic.ts';

const ref = createReference();
const users = ref.store.realmUsers();
const basic = (email: string, key: string) => `Basic ${btoa(`${email}:${key}`)}`;

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
  'can_delete_own_message_group', 'include_deactivated_groups', 'ms', 'id', 'email', 'full_name', 'role',
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

const caller = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...users).map((u) => ({ authorization: basic(u.delivery_email, u.api_key) })) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constantFrom({ authorization: 'Bearer x' }, { authorization: 'Basic !!!' }, { authorization: basic('iago@zulip.com', 'x'.repeat(32)) }) },
);

const request = fc.record({
  route: fc.constantFrom(...ROUTES.filter((r) => !r.control)),
  otherMethod: fc.option(fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'), { freq: 8 }),
  ids: fc.array(fc.oneof(fc.integer({ min: 0, max: 25 }), fc.constantFrom(987654321, 2147483648)), { minLength: 3, maxLength: 3 }),
  headers: caller,
  params: fc.dictionary(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), jsonish, { maxKeys: 6 }),
  inQuery: fc.boolean(),
});

test('no input gets a 5xx; every answer is an envelope; every rejection changes nothing', () => {
  const seed = Number(process.env['FUZZ_SEED'] ?? 20261122);
  const path = process.env['FUZZ_PATH'];
  fc.assert(
    fc.property(request, (r) => {
      ref.reset();
      let i = 0;
      const url = r.route.path.replace(/\{\w+\}/g, () => String(r.ids[i++] ?? 1));
      const method = r.otherMethod ?? r.route.method;
      const before = stateDigest(ref);
      const res = ref.dispatch({ method, path: url, headers: r.headers, ...(r.inQuery ? { query: r.params } : { body: r.params }) });
      const where = `${method} ${url} ${JSON.stringify(r.params)} → ${res.status} ${res.body.slice(0, 300)}`;
      assert.ok(res.status < 500, where);
      const body = JSON.parse(res.body) as Record<string, unknown>;
      assert.ok(body['result'] === 'success' || body['result'] === 'error', where);
      assert.type(body['msg'], 'string', where);
      if (res.status >= 400) {
        // 405 answers like the real json_method_not_allowed, without a code.
        if (res.status !== 405) assert.type(body['code'], 'string', where);
        assert.is(stateDigest(ref), before, `a rejected request changed the state: ${where}`);
      }
    }),
    { seed, numRuns: Number(process.env['FUZZ_RUNS'] ?? 600), ...(path !== undefined ? { path } : {}) },
  );
});

test.run();
