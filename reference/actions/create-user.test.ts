// Adding a user (the test-control surface): the events every active user gets
// (zulip/zulip zerver/actions/create_user.py notify_created_user, notify_created_bot,
// and the system groups' add_members of do_create_user).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { emissions } from '../testing/emissions.ts';

const add = (ref: ReturnType<typeof createReference>, body: Record<string, string>) => {
  const res = ref.dispatch({ method: 'POST', path: '/_understudy/users', body });
  assert.is(res.status, 200, res.body);
  return res.json['user_id'] as number;
};
const groupId = (ref: ReturnType<typeof createReference>, name: string) => ref.store.groupByName(name)!.id;

test('a new member: realm_user add, with the address for those who may see it (everyone, by default), then the role’s system groups', () => {
  const ref = createReference();
  const log = emissions(ref);
  const id = add(ref, { email: 'ariel@zulip.com', full_name: 'Ariel' });
  const adds = log.filter((e) => e.event['type'] === 'realm_user');
  assert.is(adds.length, 1, 'everyone may see a new user’s address by default');
  assert.equal((adds[0]!.event['person'] as Record<string, unknown>)['delivery_email'], 'ariel@zulip.com');
  assert.ok(adds[0]!.users.includes(id) && adds[0]!.users.includes(12));
  const joined = log.filter((e) => e.event['type'] === 'user_group').map((e) => [e.event['op'], e.event['group_id'], e.event['user_ids']]);
  assert.equal(joined, [
    ['add_members', groupId(ref, 'role:fullmembers'), [id]],
    ['add_members', groupId(ref, 'role:members'), [id]],
  ]);
  assert.ok(log.indexOf(adds[0]!) < log.findIndex((e) => e.event['type'] === 'user_group'), 'the user first, then the groups');
});

test('each role joins its own system group; an inactive user joins none', () => {
  const ref = createReference();
  const log = emissions(ref);
  const joins = (body: Record<string, string>) => {
    const from = log.length;
    const id = add(ref, body);
    return log.slice(from).filter((e) => e.event['type'] === 'user_group').map((e) => [e.event['group_id'], e.event['user_ids']]).flatMap(([g, ids]) => ((ids as number[]).includes(id) ? [g] : []));
  };
  assert.equal(joins({ email: 'g@zulip.com', full_name: 'G', role: 'guest' }), [groupId(ref, 'role:everyone')]);
  assert.equal(joins({ email: 'o@zulip.com', full_name: 'O', role: 'owner' }), [groupId(ref, 'role:owners')]);
  assert.equal(joins({ email: 'm@zulip.com', full_name: 'M', role: 'moderator' }), [groupId(ref, 'role:moderators')]);
  assert.equal(joins({ email: 'i@zulip.com', full_name: 'I', is_active: 'false' }), []);
});

test('a bot: its owner and the administrators get realm_bot add with its key (below feature level 474)', () => {
  const ref = createReference({ featureLevel: 473 });
  const log = emissions(ref);
  const id = add(ref, { email: 'helper-bot@zulip.com', full_name: 'Helper', bot_type: '1', bot_owner_id: '8' });
  const bots = log.filter((e) => e.event['type'] === 'realm_bot');
  assert.equal(bots.map((e) => e.users), [[3], [4], [8]]);
  const bot = bots[0]!.event['bot'] as Record<string, unknown>;
  assert.equal([bot['user_id'], bot['owner_id'], bot['api_key'], bot['is_active']], [id, 8, ref.store.user(id)!.api_key, true]);
});

test('a bot from feature level 474: the same realm_bot add, with only its id and settings', () => {
  const ref = createReference();
  const log = emissions(ref);
  const id = add(ref, { email: 'helper-bot@zulip.com', full_name: 'Helper', bot_type: '1', bot_owner_id: '8' });
  const bots = log.filter((e) => e.event['type'] === 'realm_bot');
  assert.equal(bots.map((e) => e.users), [[3], [4], [8]]);
  assert.equal(bots[0]!.event['bot'], { user_id: id, default_sending_stream: null, default_events_register_stream: null, default_all_public_streams: false, services: [] });
});

test.run();
