// PATCH /realm's events beyond the setting itself: a new waiting period changes who is a
// full member (zulip/zulip zerver/actions/realm_settings.py do_set_realm_property and
// update_users_in_full_members_system_group), told as role:fullmembers' membership.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';

test('a longer waiting period removes the newest members from role:fullmembers; a shorter one adds them back', () => {
  const ref = createReference();
  const log = emissions(ref);
  const fresh = ref.dispatch({ method: 'POST', path: '/_understudy/users', body: { email: 'newcomer@zulip.com', full_name: 'Newcomer' } }).json['user_id'] as number;
  const fullMembers = ref.store.groupByName('role:fullmembers')!.id;
  const membership = (from: number) => log.slice(from).filter((e) => e.event['type'] === 'user_group').map((e) => [e.event['op'], e.event['group_id'], e.event['user_ids']]);
  let from = log.length;
  assert.is(callAs(ref, 'desdemona', 'PATCH', '/realm', { waiting_period_threshold: 10 }).status, 200);
  const events = log.slice(from);
  assert.equal(events[0]!.event, { type: 'realm', op: 'update', property: 'waiting_period_threshold', value: 10 });
  assert.equal(membership(from), [['remove_members', fullMembers, [fresh]]]);
  assert.equal(events.at(-1)!.users, ref.store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id));
  from = log.length;
  assert.is(callAs(ref, 'desdemona', 'PATCH', '/realm', { waiting_period_threshold: 0 }).status, 200);
  assert.equal(membership(from), [['add_members', fullMembers, [fresh]]]);
  from = log.length;
  assert.is(callAs(ref, 'desdemona', 'PATCH', '/realm', { name: 'Elsinore' }).status, 200);
  assert.equal(membership(from), [], 'other settings leave the groups alone');
});

test.run();
