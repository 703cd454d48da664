// User groups through dispatch, as the fixture characters: creating groups, changing
// subgroups, listing them; every refusal leaves the state exactly as it was.
import { emissions } from '../testing/emissions.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import type { GroupSettingValue } from '../state/types.ts';

const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;
const IAGO = 4;
const DESDEMONA = 3;
const SHIVA = 5;
const POLONIUS = 12;
const DEFAULT_BOT = 13;
const NOTIFICATION_BOT = 1;
const HAMLETCHARACTERS = 9;
const G = { nobody: 1, owners: 2, administrators: 3, moderators: 4, fullmembers: 5, members: 6, everyone: 7, internet: 8 };

type Params = Record<string, unknown>;

const call = callAs;

/** The request must fail with `msg` (400 BAD_REQUEST unless told) and change nothing. */
function refused(ref: Reference, userId: number, method: string, path: string, params: Params, msg: string, code = 'BAD_REQUEST') {
  const res = assertUnchanged(ref, () => call(ref, userId, method, path, params));
  assert.is(res.json['msg'], msg);
  assert.is(res.json['code'], code);
  assert.is(res.status, 400);
}

function create(ref: Reference, userId: number, name: string, more: Params = {}): number {
  const res = call(ref, userId, 'POST', '/user_groups/create', { name, description: `${name}!`, members: [], ...more });
  assert.is(res.status, 200, JSON.stringify(res.json));
  return res.json['group_id'] as number;
}

function listed(ref: Reference, id: number): Record<string, unknown> {
  const res = call(ref, HAMLET, 'GET', '/user_groups', { include_deactivated_groups: true });
  const g = (res.json['user_groups'] as Array<Record<string, unknown>>).find((x) => x['id'] === id);
  if (!g) throw new Error(`group ${id} not listed`);
  return g;
}

const newEvents = (ref: Reference, from: number) => emissions(ref).filter((e) => e.id >= from);
const nextEventId = (ref: Reference) => (emissions(ref).at(-1)?.id ?? -1) + 1;

function setRealm(ref: Reference, changes: Record<string, GroupSettingValue>) {
  ref.store.setRealm({ ...ref.store.realm, ...changes });
}

// ---- creating ------------------------------------------------------------------

test('Hamlet creates a group; every active user hears of it, then of its subgroups', () => {
  const ref = createReference();
  ref.store.putUser({ ...(ref.store.user(OTHELLO) as NonNullable<ReturnType<typeof ref.store.user>>), is_active: false });
  const from = nextEventId(ref);
  const id = create(ref, HAMLET, 'actors', { members: [CORDELIA, HAMLET, CORDELIA], subgroups: [HAMLETCHARACTERS, G.moderators] });
  const events = newEvents(ref, from);
  assert.equal(
    events.map((e) => (e.event as Record<string, unknown>)['op']),
    ['add', 'add_subgroups'],
  );
  const add = events[0]?.event as Record<string, unknown>;
  assert.equal(add['group'], {
    name: 'actors',
    creator_id: HAMLET,
    date_created: Math.floor(ref.control.now() / 1000),
    members: [HAMLET, CORDELIA],
    description: 'actors!',
    id,
    is_system_group: false,
    direct_subgroup_ids: [],
    can_add_members_group: { direct_members: [HAMLET], direct_subgroups: [] },
    can_join_group: G.nobody,
    can_leave_group: G.everyone,
    can_manage_group: { direct_members: [HAMLET], direct_subgroups: [] },
    can_mention_group: G.everyone,
    can_remove_members_group: G.nobody,
    deactivated: false,
  });
  assert.is(add['for_reactivation'], false);
  assert.equal(events[1]?.event, { type: 'user_group', op: 'add_subgroups', group_id: id, direct_subgroup_ids: [HAMLETCHARACTERS, G.moderators] });
  // Bots included, the deactivated Othello and the system bots not.
  assert.equal(events[0]?.users, [3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14]);
  const shown = listed(ref, id);
  assert.equal(shown['members'], [HAMLET, CORDELIA]);
  assert.equal(shown['direct_subgroup_ids'], [G.moderators, HAMLETCHARACTERS]);
});

test('every role but guests may create groups under the default can_create_groups; bots from level 496', () => {
  const ref = createReference();
  for (const who of [DESDEMONA, IAGO, SHIVA, HAMLET, DEFAULT_BOT]) create(ref, who, `by ${who}`);
  refused(ref, POLONIUS, 'POST', '/user_groups/create', {}, 'Not allowed for guest users');
  ref.control.setConfig({ feature_level: 495 });
  refused(ref, DEFAULT_BOT, 'POST', '/user_groups/create', { name: 'x', description: '', members: [] }, 'This endpoint does not accept bot requests.');
});

test('can_create_groups decides, in each group-setting form', () => {
  const ref = createReference();
  setRealm(ref, { can_create_groups: G.administrators });
  refused(ref, SHIVA, 'POST', '/user_groups/create', {}, 'Insufficient permission');
  create(ref, IAGO, 'admins may');
  create(ref, DESDEMONA, 'owners too, through the chain');
  setRealm(ref, { can_create_groups: HAMLETCHARACTERS });
  create(ref, CORDELIA, 'a member of hamletcharacters');
  refused(ref, OTHELLO, 'POST', '/user_groups/create', {}, 'Insufficient permission');
  setRealm(ref, { can_create_groups: { direct_members: [OTHELLO, POLONIUS], direct_subgroups: [G.owners] } });
  create(ref, OTHELLO, 'named directly');
  create(ref, DESDEMONA, 'through a subgroup of the anonymous group');
  refused(ref, HAMLET, 'POST', '/user_groups/create', {}, 'Insufficient permission');
  // The guest decorator comes first, whatever the setting says.
  refused(ref, POLONIUS, 'POST', '/user_groups/create', {}, 'Not allowed for guest users');
  setRealm(ref, { can_create_groups: G.nobody });
  refused(ref, DESDEMONA, 'POST', '/user_groups/create', {}, 'Insufficient permission');
});

test('the permission check comes before the parameters are read', () => {
  const ref = createReference();
  setRealm(ref, { can_create_groups: G.nobody });
  refused(ref, HAMLET, 'POST', '/user_groups/create', { members: 'not json' }, 'Insufficient permission');
});

test('group names: blank, too long, reserved prefixes, taken (deactivated groups too)', () => {
  const ref = createReference();
  const p = (name: string) => ({ name, description: '', members: [] });
  refused(ref, HAMLET, 'POST', '/user_groups/create', p(' \t '), "User group name can't be empty!");
  refused(ref, HAMLET, 'POST', '/user_groups/create', p('é'.repeat(101)), 'User group name cannot exceed 100 characters.');
  create(ref, HAMLET, 'é'.repeat(100));
  // Astral characters count once, as Python counts them.
  create(ref, HAMLET, '🎭'.repeat(100));
  for (const prefix of ['@', 'role:', 'user:', 'stream:', 'channel:']) {
    refused(ref, HAMLET, 'POST', '/user_groups/create', p(`${prefix}x`), `User group name cannot start with '${prefix}'.`);
  }
  create(ref, HAMLET, 'Role:not reserved (case-sensitive)');
  refused(ref, CORDELIA, 'POST', '/user_groups/create', p('hamletcharacters'), "User group 'hamletcharacters' already exists.");
  const gone = create(ref, HAMLET, 'gone');
  ref.store.putGroup({ ...(ref.store.group(gone) as NonNullable<ReturnType<typeof ref.store.group>>), deactivated: true });
  refused(ref, HAMLET, 'POST', '/user_groups/create', p('gone'), "User group 'gone' already exists.");
  create(ref, HAMLET, 'Gone');
  create(ref, HAMLET, ' padded ');
  assert.ok(ref.store.groupByName(' padded '), 'names are not stripped');
});

test('members must be active users of the realm; bots may be members', () => {
  const ref = createReference();
  ref.store.putUser({ ...(ref.store.user(OTHELLO) as NonNullable<ReturnType<typeof ref.store.user>>), is_active: false });
  const p = (members: number[]) => ({ name: 'g', description: '', members });
  refused(ref, HAMLET, 'POST', '/user_groups/create', p([HAMLET, 999, 998]), 'Invalid user ID: 999');
  refused(ref, HAMLET, 'POST', '/user_groups/create', p([OTHELLO]), `Invalid user ID: ${OTHELLO}`);
  refused(ref, HAMLET, 'POST', '/user_groups/create', p([NOTIFICATION_BOT]), `Invalid user ID: ${NOTIFICATION_BOT}`);
  // Members are checked before the name.
  refused(ref, HAMLET, 'POST', '/user_groups/create', { ...p([999]), name: '' }, 'Invalid user ID: 999');
  create(ref, HAMLET, 'with a bot', { members: [DEFAULT_BOT] });
});

test('subgroups at creation: unknown and deactivated ones are refused, nothing is created', () => {
  const ref = createReference();
  const gone = create(ref, HAMLET, 'gone');
  ref.store.putGroup({ ...(ref.store.group(gone) as NonNullable<ReturnType<typeof ref.store.group>>), deactivated: true });
  refused(ref, HAMLET, 'POST', '/user_groups/create', { name: 'g', description: '', members: [], subgroups: [HAMLETCHARACTERS, 999, 998] }, 'Invalid user group ID: 999');
  refused(ref, HAMLET, 'POST', '/user_groups/create', { name: 'g', description: '', members: [], subgroups: [gone] }, 'User group is deactivated.');
  // The name is checked for duplicates before the subgroups.
  refused(ref, HAMLET, 'POST', '/user_groups/create', { name: 'gone', description: '', members: [], subgroups: [999] }, "User group 'gone' already exists.");
});

test('the six settings: what each may be, and how values are normalized', () => {
  const ref = createReference();
  const p = (setting: string, value: unknown) => ({ name: 'g', description: '', members: [], [setting]: value });
  for (const setting of ['can_add_members_group', 'can_join_group', 'can_leave_group', 'can_manage_group', 'can_mention_group', 'can_remove_members_group']) {
    refused(ref, HAMLET, 'POST', '/user_groups/create', p(setting, G.internet), `'${setting}' setting cannot be set to 'role:internet' group.`);
    refused(ref, HAMLET, 'POST', '/user_groups/create', p(setting, { direct_members: [], direct_subgroups: [G.internet] }), `'${setting}' setting cannot be set to 'role:internet' group.`);
    refused(ref, HAMLET, 'POST', '/user_groups/create', p(setting, 999), 'Invalid user group');
    refused(ref, HAMLET, 'POST', '/user_groups/create', p(setting, { direct_members: [999], direct_subgroups: [999] }), 'Invalid user ID: 999');
    refused(ref, HAMLET, 'POST', '/user_groups/create', p(setting, { direct_members: [HAMLET], direct_subgroups: [999] }), 'Invalid user group ID: 999');
  }
  for (const setting of ['can_add_members_group', 'can_join_group', 'can_manage_group', 'can_remove_members_group']) {
    refused(ref, HAMLET, 'POST', '/user_groups/create', p(setting, G.everyone), `'${setting}' setting cannot be set to 'role:everyone' group.`);
  }
  // can_mention_group may be role:owners from feature level 326 on, not before.
  const old = createReference({ featureLevel: 325 });
  refused(old, HAMLET, 'POST', '/user_groups/create', p('can_mention_group', G.owners), "'can_mention_group' setting cannot be set to 'role:owners' group.");
  create(ref, HAMLET, 'owners-mention', { can_mention_group: G.owners });
  // role:internet and role:everyone inside an anonymous group with members are not checked.
  const id = create(ref, HAMLET, 'normalized', {
    can_leave_group: G.everyone,
    can_mention_group: { direct_members: [], direct_subgroups: [HAMLETCHARACTERS] },
    can_join_group: { direct_members: [], direct_subgroups: [] },
    can_manage_group: { direct_members: [CORDELIA, CORDELIA, HAMLET], direct_subgroups: [G.internet] },
    can_remove_members_group: G.owners,
  });
  const g = listed(ref, id);
  assert.is(g['can_leave_group'], G.everyone);
  assert.is(g['can_mention_group'], HAMLETCHARACTERS);
  assert.is(g['can_join_group'], G.nobody);
  assert.equal(g['can_manage_group'], { direct_members: [HAMLET, CORDELIA], direct_subgroups: [G.internet] });
  assert.is(g['can_remove_members_group'], G.owners);
  // A deactivated group is no setting value, named or inside an anonymous group.
  ref.store.putGroup({ ...(ref.store.group(id) as NonNullable<ReturnType<typeof ref.store.group>>), deactivated: true });
  refused(ref, HAMLET, 'POST', '/user_groups/create', p('can_manage_group', id), 'User group is deactivated.');
  refused(ref, HAMLET, 'POST', '/user_groups/create', p('can_manage_group', { direct_members: [HAMLET], direct_subgroups: [id] }), 'User group is deactivated.');
});

test('an anonymous setting lists only its active members', () => {
  const ref = createReference();
  const id = create(ref, HAMLET, 'g', { can_manage_group: { direct_members: [OTHELLO, CORDELIA], direct_subgroups: [] } });
  ref.store.putUser({ ...(ref.store.user(OTHELLO) as NonNullable<ReturnType<typeof ref.store.user>>), is_active: false });
  assert.equal(listed(ref, id)['can_manage_group'], { direct_members: [CORDELIA], direct_subgroups: [] });
});

// ---- subgroups -------------------------------------------------------------------

test('subgroups: add and delete, with their events', () => {
  const ref = createReference();
  const a = create(ref, HAMLET, 'a');
  const b = create(ref, HAMLET, 'b');
  const from = nextEventId(ref);
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${a}/subgroups`, { add: [b, HAMLETCHARACTERS, b] }).status, 200);
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${a}/subgroups`, { delete: [b] }).status, 200);
  assert.equal(
    newEvents(ref, from).map((e) => e.event),
    [
      { type: 'user_group', op: 'add_subgroups', group_id: a, direct_subgroup_ids: [b, HAMLETCHARACTERS] },
      { type: 'user_group', op: 'remove_subgroups', group_id: a, direct_subgroup_ids: [b] },
    ],
  );
  assert.equal(listed(ref, a)['direct_subgroup_ids'], [HAMLETCHARACTERS]);
});

test('subgroups: every refusal, in the real order', () => {
  const ref = createReference();
  const a = create(ref, HAMLET, 'a');
  const b = create(ref, HAMLET, 'b');
  const c = create(ref, HAMLET, 'c');
  const path = `/user_groups/${a}/subgroups`;
  refused(ref, POLONIUS, 'POST', path, { add: [b] }, 'Not allowed for guest users');
  refused(ref, HAMLET, 'POST', path, {}, 'Nothing to do. Specify at least one of "add" or "delete".');
  refused(ref, HAMLET, 'POST', path, { add: [], delete: [] }, 'Nothing to do. Specify at least one of "add" or "delete".');
  refused(ref, HAMLET, 'POST', '/user_groups/999/subgroups', { add: [b] }, 'Invalid user group');
  refused(ref, DESDEMONA, 'POST', `/user_groups/${G.members}/subgroups`, { add: [b] }, 'Insufficient permission');
  refused(ref, DESDEMONA, 'POST', `/user_groups/${G.nobody}/subgroups`, { delete: [G.owners] }, 'Insufficient permission');
  refused(ref, CORDELIA, 'POST', path, { add: [b] }, 'Insufficient permission');
  refused(ref, HAMLET, 'POST', path, { add: [b, 999, 998] }, 'Invalid user group ID: 999');
  refused(ref, HAMLET, 'POST', path, { add: [a] }, `User group ${a} is already a subgroup of one of the passed subgroups.`);
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${b}/subgroups`, { add: [c] }).status, 200);
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${c}/subgroups`, { add: [G.moderators] }).status, 200);
  refused(ref, HAMLET, 'POST', `/user_groups/${c}/subgroups`, { add: [b] }, `User group ${c} is already a subgroup of one of the passed subgroups.`);
  assert.is(call(ref, HAMLET, 'POST', path, { add: [b] }).status, 200);
  refused(ref, HAMLET, 'POST', `/user_groups/${c}/subgroups`, { add: [HAMLETCHARACTERS, a] }, `User group ${c} is already a subgroup of one of the passed subgroups.`);
  refused(ref, HAMLET, 'POST', path, { add: [c, b] }, `User group ${b} is already a subgroup of this group.`);
  refused(ref, HAMLET, 'POST', path, { delete: [c] }, `User group ${c} is not a subgroup of this group.`);
  refused(ref, HAMLET, 'POST', path, { delete: [999] }, 'Invalid user group ID: 999');
  // "add" then "delete" in one transaction: a failing delete undoes the add.
  refused(ref, HAMLET, 'POST', path, { add: [HAMLETCHARACTERS], delete: [c] }, `User group ${c} is not a subgroup of this group.`);
});

test('subgroups: who may add (manage, add-members, can_manage_all_groups) and who may delete (manage only)', () => {
  const ref = createReference();
  const a = create(ref, HAMLET, 'a', {
    can_manage_group: { direct_members: [CORDELIA], direct_subgroups: [] },
    can_add_members_group: HAMLETCHARACTERS,
  });
  const b = create(ref, HAMLET, 'b');
  const path = `/user_groups/${a}/subgroups`;
  // Hamlet is in hamletcharacters: he may add but not delete.
  assert.is(call(ref, HAMLET, 'POST', path, { add: [b] }).status, 200);
  refused(ref, HAMLET, 'POST', path, { delete: [b] }, 'Insufficient permission');
  refused(ref, IAGO, 'POST', path, { delete: [b] }, 'Insufficient permission');
  refused(ref, OTHELLO, 'POST', path, { add: [G.members] }, 'Insufficient permission');
  assert.is(call(ref, CORDELIA, 'POST', path, { delete: [b] }).status, 200);
  assert.is(call(ref, DESDEMONA, 'POST', path, { add: [b] }).status, 200, 'owners manage all groups');
  setRealm(ref, { can_manage_all_groups: G.administrators });
  assert.is(call(ref, IAGO, 'POST', path, { delete: [b] }).status, 200);
  // A guest named in a setting that may not be role:everyone gets nothing from it.
  const c = create(ref, HAMLET, 'c', { can_manage_group: { direct_members: [POLONIUS], direct_subgroups: [] } });
  refused(ref, POLONIUS, 'POST', `/user_groups/${c}/subgroups`, { add: [b] }, 'Not allowed for guest users');
});

test('subgroups of a deactivated group may change from level 391; deactivated subgroups never', () => {
  const ref = createReference();
  const a = create(ref, HAMLET, 'a');
  const b = create(ref, HAMLET, 'b');
  const gone = create(ref, HAMLET, 'gone');
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${a}/subgroups`, { add: [gone] }).status, 200);
  const deactivate = (id: number) => ref.store.putGroup({ ...(ref.store.group(id) as NonNullable<ReturnType<typeof ref.store.group>>), deactivated: true });
  deactivate(gone);
  refused(ref, HAMLET, 'POST', `/user_groups/${a}/subgroups`, { delete: [gone] }, 'User group is deactivated.');
  refused(ref, HAMLET, 'POST', `/user_groups/${b}/subgroups`, { add: [gone] }, 'User group is deactivated.');
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${gone}/subgroups`, { add: [b] }).status, 200);
  ref.control.setConfig({ feature_level: 390 });
  refused(ref, HAMLET, 'POST', `/user_groups/${gone}/subgroups`, { delete: [b] }, 'User group is deactivated.');
});

test('bots change subgroups from level 496', () => {
  const ref = createReference();
  const a = create(ref, DEFAULT_BOT, 'a');
  const b = create(ref, DEFAULT_BOT, 'b');
  ref.control.setConfig({ feature_level: 495 });
  refused(ref, DEFAULT_BOT, 'POST', `/user_groups/${a}/subgroups`, { add: [b] }, 'This endpoint does not accept bot requests.');
  ref.control.setConfig({ feature_level: 496 });
  assert.is(call(ref, DEFAULT_BOT, 'POST', `/user_groups/${a}/subgroups`, { add: [b] }).status, 200);
});

test('a subgroup that grants metadata access to a private channel tells who gains it and who loses it', () => {
  const ref = createReference();
  const a = create(ref, HAMLET, 'a');
  const b = create(ref, HAMLET, 'b', { members: [CORDELIA] });
  const core = ref.store.channel(6);
  if (!core) throw new Error('no core team');
  ref.store.putChannel({ ...core, can_subscribe_group: a });
  let from = nextEventId(ref);
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${a}/subgroups`, { add: [b] }).status, 200);
  const added = newEvents(ref, from);
  assert.equal(added.map((e) => [(e.event as Record<string, unknown>)['type'], (e.event as Record<string, unknown>)['op'], e.users]), [
    ['user_group', 'add_subgroups', [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]],
    ['stream', 'create', [CORDELIA]],
    ['subscription', 'peer_add', [CORDELIA]],
  ]);
  assert.equal((added[2]?.event as Record<string, unknown>)['user_ids'], [3, 4, 6]);
  from = nextEventId(ref);
  assert.is(call(ref, HAMLET, 'POST', `/user_groups/${a}/subgroups`, { delete: [b] }).status, 200);
  const removed = newEvents(ref, from);
  assert.equal(removed[1]?.event, { type: 'stream', op: 'delete', streams: [{ stream_id: 6 }], stream_ids: [6], for_archiving: false });
  assert.equal(removed[1]?.users, [CORDELIA]);
});

// ---- listing ---------------------------------------------------------------------

test('GET /user_groups: system groups by role, sorted ids, deactivated groups on request', () => {
  const ref = createReference();
  const res = call(ref, HAMLET, 'GET', '/user_groups');
  const groups = res.json['user_groups'] as Array<Record<string, unknown>>;
  assert.equal(groups.map((g) => g['id']), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const byName = Object.fromEntries(groups.map((g) => [g['name'], g]));
  assert.equal(byName['role:members']?.['members'], [6, 7, 8, 9, 10, 11, 13, 14]);
  assert.equal(byName['role:fullmembers']?.['members'], [6, 7, 8, 9, 10, 11, 13, 14]);
  assert.equal(byName['role:fullmembers']?.['direct_subgroup_ids'], [G.moderators]);
  assert.equal(byName['role:everyone']?.['members'], [POLONIUS]);
  assert.equal(byName['role:internet']?.['members'], []);
  assert.equal(byName['role:internet']?.['direct_subgroup_ids'], [G.everyone]);
  assert.equal(byName['role:owners']?.['direct_subgroup_ids'], []);
  assert.is(byName['role:owners']?.['can_manage_group'], G.nobody);
  const gone = create(ref, HAMLET, 'gone');
  ref.store.putGroup({ ...(ref.store.group(gone) as NonNullable<ReturnType<typeof ref.store.group>>), deactivated: true });
  const ids = (params: Params) => (call(ref, HAMLET, 'GET', '/user_groups', params).json['user_groups'] as Array<{ id: number }>).map((g) => g.id);
  assert.not.ok(ids({}).includes(gone));
  assert.ok(ids({ include_deactivated_groups: true }).includes(gone));
  refused(ref, POLONIUS, 'GET', '/user_groups', {}, 'Not allowed for guest users');
  assert.is(call(ref, DEFAULT_BOT, 'GET', '/user_groups').status, 200);
  ref.control.setConfig({ feature_level: 495 });
  refused(ref, DEFAULT_BOT, 'GET', '/user_groups', {}, 'This endpoint does not accept bot requests.');
});

test('a member past the waiting period is a direct member of role:fullmembers as well as role:members', () => {
  const ref = createReference();
  ref.store.setRealm({ ...ref.store.realm, waiting_period_threshold: 10 });
  const { user_id: id } = ref.control.addUser({ email: 'new@zulip.com', full_name: 'Newcomer' });
  const members = (name: string) =>
    ((call(ref, HAMLET, 'GET', '/user_groups').json['user_groups'] as Array<Record<string, unknown>>).find((g) => g['name'] === name)?.['members'] as number[]);
  assert.ok(members('role:members').includes(id));
  assert.not.ok(members('role:fullmembers').includes(id));
  ref.control.advance(10 * 86_400_000);
  assert.ok(members('role:members').includes(id));
  assert.ok(members('role:fullmembers').includes(id));
});

test.run();
