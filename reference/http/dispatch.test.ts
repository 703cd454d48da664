// The dispatch path answers byte for byte what it answered before the performance work
// (route index, credential memo, response cache, group-membership rules). The golden
// file was recorded from the straightforward implementation; rerun with
// UPDATE_GOLDEN=1 after an intended change to a response and review the diff.
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import defaultRealm from '../../fixtures/realm.json' with { type: 'json' };
import { createReference, type ApiRequest, type Reference } from '../index.ts';

const GOLDEN = new URL('./dispatch.golden.json', import.meta.url);
const KEYS: Record<string, string> = {
  desdemona: 'tt5Enr8noDtiIjfTOOrPulboDZFwgGN9',
  iago: 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd',
  shiva: 'MtLhzZl0X5r05EBmJyCmMgfc8WtwliEW',
  hamlet: '9nYpu0sUHvIrOijMyMFoexS2V8wCEIc1',
  cordelia: 'OPHgKBOdAPXyAC5CVITHHb8pOkEIsYMH',
  aaron: 'JtXRwogBZdcyMVO7efXAxrGhxWNmIN3r',
  polonius: 'Xw07g2P29Mxns07ClCqcgoZDGBLKAHh9',
  'default-bot': 'tOyMwUwHBEUrjFyvyGQDATxJD5iFbKnO',
  'webhook-bot': 'zG1Arxi6xw2t5m3DOYZpfMXDgJED1Uom',
};
const basic = (user: string, key = KEYS[user] ?? '') => `Basic ${btoa(`${user}@zulip.com:${key}`)}`;
const as = (user: string, method: string, path: string, more: Partial<ApiRequest> = {}): ApiRequest => ({
  method,
  path,
  ...more,
  headers: { authorization: basic(user), ...more.headers },
});

/** A step: a request, or an in-process control call between requests. */
type Step = ApiRequest | ((ref: Reference) => void);

const DEFAULT_REALM_STEPS: Step[] = [
  as('iago', 'GET', '/api/v1/users'),
  as('iago', 'GET', '/api/v1/users'),
  as('iago', 'GET', '/api/v1/users', { query: { client_gravatar: 'false' } }),
  as('hamlet', 'GET', '/api/v1/users', { query: 'client_gravatar=false&include_custom_profile_fields=true' }),
  as('polonius', 'GET', '/api/v1/users?client_gravatar=false'),
  as('polonius', 'GET', '/api/v1/users/'),
  as('shiva', 'GET', '/api/v1/users', { query: { user_ids: '[11,3,4]' } }),
  as('shiva', 'GET', '/api/v1/users', { query: { user_ids: '[1]' } }),
  as('shiva', 'GET', '/api/v1/users', { query: { user_ids: '[999]' } }),
  as('shiva', 'GET', '/api/v1/users', { query: { user_ids: 'nope' } }),
  as('hamlet', 'GET', '/api/v1/users', { query: { client_gravatar: '1' } }),
  as('hamlet', 'GET', '/api/v1/users', { query: { zzz: '1', aaa: '2' } }),
  as('default-bot', 'GET', '/api/v1/users'),
  as('webhook-bot', 'GET', '/api/v1/users'),
  { method: 'GET', path: '/api/v1/users' },
  { method: 'GET', path: '/api/v1/users', headers: { Authorization: basic('iago') } },
  { method: 'get', path: '/api/v1/users', headers: { authorization: basic('iago').replace('Basic', 'basic') } },
  { method: 'GET', path: '/api/v1/users', headers: { authorization: 'Bearer abc' } },
  { method: 'GET', path: '/api/v1/users', headers: { authorization: 'Basic !!!' } },
  { method: 'GET', path: '/api/v1/users', headers: { authorization: 'Basic' } },
  { method: 'GET', path: '/api/v1/users', headers: { authorization: `Basic ${btoa('iago@zulip.com')}` } },
  as('iago', 'GET', '/api/v1/users', { headers: { authorization: basic('iago', 'short') } }),
  as('iago', 'GET', '/api/v1/users', { headers: { authorization: basic('hamlet', KEYS['iago']) } }),
  { method: 'GET', path: '/api/v1/users', headers: { authorization: `Basic ${btoa(`IAGO@ZULIP.COM:${KEYS['iago']}`)}` } },
  as('iago', 'HEAD', '/api/v1/users'),
  as('iago', 'POST', '/api/v1/users'),
  as('iago', 'GET', '/api/v1/nonexistent'),
  as('iago', 'GET', '/api/v1/users//'),
  as('iago', 'GET', '/api/v1/users/me'),
  as('polonius', 'GET', '/api/v1/users/me'),
  as('hamlet', 'GET', '/api/v1/users/4', { query: { client_gravatar: 'false' } }),
  as('hamlet', 'GET', '/api/v1/users/1'),
  as('hamlet', 'GET', '/api/v1/users/999999'),
  as('hamlet', 'DELETE', '/api/v1/users/4'),
  as('iago', 'GET', '/api/v1/streams'),
  as('iago', 'GET', '/api/v1/streams'),
  as('iago', 'GET', '/api/v1/streams', { query: { include_all: 'true', include_default: 'true', exclude_archived: 'false' } }),
  as('hamlet', 'GET', '/api/v1/streams', { query: { include_public: 'false' } }),
  as('hamlet', 'GET', '/api/v1/streams', { query: { include_all_active: 'true', include_can_access_content: 'true' } }),
  as('polonius', 'GET', '/api/v1/streams'),
  as('polonius', 'GET', '/api/v1/streams', { query: { include_all: 'true', include_web_public: 'true' } }),
  as('default-bot', 'GET', '/api/v1/streams', { query: { include_owner_subscribed: 'true', include_public: 'false' } }),
  as('iago', 'GET', '/api/v1/streams', { query: { include_public: 'yes' } }),
  as('iago', 'GET', '/api/v1/streams', { body: 'include_subscribed=false&include_public=true', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  { method: 'GET', path: '/api/v1/streams' },
  as('iago', 'GET', '/api/v1/users/me/subscriptions'),
  as('cordelia', 'GET', '/api/v1/users/me/subscriptions', { query: { include_subscribers: 'true' } }),
  as('cordelia', 'GET', '/api/v1/users/me/subscriptions', { query: { include_subscribers: 'maybe' } }),
  { method: 'GET', path: '/api/v1/server_settings' },
  { method: 'POST', path: '/_understudy/users', body: { email: 'new@zulip.com', full_name: 'New Person', role: 'guest' } },
  as('iago', 'GET', '/api/v1/users', { query: { client_gravatar: 'false' } }),
  as('polonius', 'GET', '/api/v1/users'),
  (ref) => ref.control.advance(40 * 86_400_000),
  as('iago', 'GET', '/api/v1/streams'),
  (ref) => ref.reset(),
  as('iago', 'GET', '/api/v1/users', { query: { client_gravatar: 'false' } }),
  as('iago', 'GET', '/api/v1/streams'),
];

/**
 * The default realm plus a 30-day waiting period, a new member, a deactivated
 * member, nested user groups with a cycle, and private channels whose access
 * depends on group settings.
 */
function groupsRealm(): unknown {
  const f = structuredClone(defaultRealm) as unknown as {
    realm: { waiting_period_threshold: number };
    users: Array<Record<string, unknown>>;
    groups: Array<Record<string, unknown>>;
    channels: Array<Record<string, unknown>>;
  };
  f.realm.waiting_period_threshold = 30;
  for (const u of f.users) if (u['email'] === 'aaron@zulip.com') u['date_joined'] = '2026-01-05T12:00:00+00:00';
  f.users.push({
    user_id: 15,
    email: 'ghost@zulip.com',
    full_name: 'Ghost',
    date_joined: '2025-06-01T09:00:00+00:00',
    is_active: false,
    api_key: 'GhostGhostGhostGhostGhostGhost12',
  });
  f.groups.push(
    { id: 10, name: 'outer', members: [10, 15], direct_subgroup_ids: [9, 11], creator_id: 3, date_created: '2025-06-02T10:00:00+00:00' },
    { id: 11, name: 'cycle', members: [12], direct_subgroup_ids: [10], creator_id: 3, date_created: '2025-06-02T10:00:00+00:00' },
    { id: 12, name: 'mods', members: [], direct_subgroup_ids: [4], creator_id: 3, date_created: '2025-06-02T10:00:00+00:00' },
  );
  f.channels.push(
    { stream_id: 8, name: 'inner circle', invite_only: true, date_created: '2025-06-01T09:00:00+00:00', subscribers: [3], settings: { can_subscribe_group: 10 } },
    {
      stream_id: 9,
      name: 'full house',
      invite_only: true,
      date_created: '2026-01-14T09:00:00+00:00',
      subscribers: [],
      settings: { can_add_subscribers_group: 'role:fullmembers', can_administer_channel_group: { direct_members: [8], direct_subgroups: [12] } },
    },
    { stream_id: 10, name: 'secret', invite_only: true, history_public_to_subscribers: false, date_created: '2025-06-01T09:00:00+00:00', subscribers: [4], settings: { can_subscribe_group: 11 } },
  );
  return f;
}

const everyone = ['desdemona', 'iago', 'shiva', 'hamlet', 'cordelia', 'aaron', 'polonius', 'default-bot'];
const GROUPS_REALM_STEPS: Step[] = [
  ...everyone.map((u) => as(u, 'GET', '/api/v1/streams', { query: { include_all: 'true' } })),
  as('aaron', 'GET', '/api/v1/streams', { query: { include_can_access_content: 'true', include_public: 'false' } }),
  as('aaron', 'GET', '/api/v1/users', { query: { client_gravatar: 'false' } }),
  (ref) => ref.control.advance(21 * 86_400_000),
  ...['aaron', 'polonius'].map((u) => as(u, 'GET', '/api/v1/streams', { query: { include_all: 'true' } })),
];

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function run(ref: Reference, steps: Step[]): Recorded[] {
  const out: Recorded[] = [];
  for (const step of steps) {
    if (typeof step === 'function') step(ref);
    else {
      const res = ref.dispatch(step);
      assert.equal(res.json, JSON.parse(res.body), `${step.method} ${step.path}: json is the parsed body`);
      out.push({ status: res.status, headers: res.headers, body: res.body });
    }
  }
  return out;
}

function record(): Record<string, Recorded[]> {
  return {
    default: run(createReference(), DEFAULT_REALM_STEPS),
    groups: run(createReference({ fixture: groupsRealm() }), GROUPS_REALM_STEPS),
  };
}

if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(GOLDEN, JSON.stringify(record(), null, 1) + '\n');
const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, Recorded[]>;

test('every recorded request gets the same status, headers and bytes as before', () => {
  const now = record();
  for (const realm of Object.keys(golden)) {
    const want = golden[realm] ?? [];
    const got = now[realm] ?? [];
    assert.is(got.length, want.length, realm);
    want.forEach((w, i) => assert.equal(got[i], w, `${realm} #${i}`));
  }
});

test('a repeated request is answered with the same bytes, and a fresh json object each time', () => {
  const ref = createReference();
  const req = as('iago', 'GET', '/api/v1/users');
  const a = ref.dispatch(req);
  const b = ref.dispatch(req);
  assert.is(b.body, a.body);
  assert.equal(b.json, a.json);
  (b.json['members'] as unknown[]).pop();
  b.headers['x-mutated'] = '1';
  const c = ref.dispatch(req);
  assert.equal(c.json, a.json);
  assert.is(c.headers['x-mutated'], undefined);
});

test('OPTIONS: 204 with the sorted methods of the path, before authentication; preflight gives the same; 404 for no path', () => {
  const ref = createReference();
  for (const answer of [ref.dispatch({ method: 'OPTIONS', path: '/api/v1/users/me/subscriptions?x=1' }), ref.preflight({ method: 'options', path: '/api/v1/users/me/subscriptions' })]) {
    assert.is(answer?.status, 204);
    assert.is(answer?.body, '');
    const allow = (answer?.headers['Allow'] ?? '').split(', ');
    assert.equal(allow, [...allow].sort());
    assert.ok(allow.includes('GET') && allow.includes('HEAD') && allow.includes('POST'));
  }
  assert.is(ref.dispatch({ method: 'OPTIONS', path: '/api/v1/no_such_endpoint' }).status, 404);
});

test.run();
