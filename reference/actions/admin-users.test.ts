// The name rules of POST /users and PATCH /users/{user_id} (zerver/lib/users.py check_full_name,
// zerver/lib/string_validation.py is_character_printable), and who hears of a role change
// (zerver/actions/users.py do_change_user_role).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { emissions } from '../testing/emissions.ts';
import { ApiError } from '../errors.ts';
import { checkFullName } from './admin-users.ts';

const refusal = (name: string): string | null => {
  try {
    checkFullName(name);
    return null;
  } catch (e) {
    return e instanceof ApiError ? e.message : String(e);
  }
};

test('check_full_name: stripped; length counted in characters; unprintable and reserved characters; a trailing |digits', () => {
  assert.is(checkFullName('  Ariel  '), 'Ariel');
  assert.is(checkFullName('😀'.repeat(100)), '😀'.repeat(100));
  assert.is(refusal('😀'.repeat(101)), 'Name too long!');
  assert.is(refusal(' \t '), 'Name must not be empty!');
  assert.is(refusal('Tab\u0007bell'), 'Invalid characters in name!');
  assert.is(refusal('Non\ufffecharacter'), 'Invalid characters in name!');
  assert.is(refusal('Non\ufdd0character'), 'Invalid characters in name!');
  assert.is(refusal('a@b'), 'Invalid characters in name!');
  assert.is(refusal('Alice|999'), 'Invalid format!');
  assert.is(refusal('Alice|999 '), null, 'the |digits rule looks at the name as sent, spaces included');
  assert.is(refusal('Alice|x9'), null);
  assert.is(refusal('Zoë Ünicode'), null);
});

test('a role change: realm_user update to everyone who may see the user, the system groups to every active user, channel events to the user alone', () => {
  const ref = createReference();
  const admin = ref.store.userByEmail('iago@zulip.com')!;
  const res = ref.dispatch({ method: 'POST', path: '/_understudy/users', body: { email: 'ariel@zulip.com', full_name: 'Ariel' } });
  const id = res.json['user_id'] as number;
  const log = emissions(ref);
  const patch = ref.dispatch({
    method: 'PATCH',
    path: `/api/v1/users/${id}`,
    headers: { authorization: `Basic ${btoa(`${admin.delivery_email}:${admin.api_key}`)}` },
    body: { role: '600' },
  });
  assert.is(patch.status, 200, patch.body);
  const update = log.find((e) => e.event['type'] === 'realm_user');
  assert.equal(update?.event, { type: 'realm_user', op: 'update', person: { user_id: id, role: 600 } });
  const groups = log.filter((e) => e.event['type'] === 'user_group').map((e) => [e.event['op'], ref.store.group(e.event['group_id'] as number)!.name]);
  // The default realm has no waiting period: a new member is a full member too, and leaves
  // role:fullmembers last (update_users_in_full_members_system_group).
  assert.is(ref.store.realm.waiting_period_threshold, 0);
  assert.equal(groups, [
    ['remove_members', 'role:members'],
    ['add_members', 'role:everyone'],
    ['remove_members', 'role:fullmembers'],
  ]);
  const deletes = log.filter((e) => e.event['type'] === 'stream');
  assert.ok(deletes.length > 0 && deletes.every((e) => e.users.length === 1 && e.users[0] === id && e.event['op'] === 'delete'));
});

test.run();
