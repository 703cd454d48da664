// Group membership: the role rules of the system groups, nested user-defined groups
// (cycles included), deactivated users, and the full-member waiting period on the
// manual clock. Every check is also compared with a deliberately naive oracle that
// enumerates members the long way, as zerver/lib/user_groups.py describes them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import defaultRealm from '../../fixtures/realm.json' with { type: 'json' };
import { createReference, type Reference } from '../index.ts';
import type { Store } from '../state/store.ts';
import type { GroupSettingValue } from '../state/types.ts';
import { isUserInGroup } from '../testing/groups.ts';
import { isUserInSetting, recursiveMembers, SYSTEM_GROUP_NAMES, systemGroupId } from './groups.ts';

const DAY = 86_400_000;
const CHAIN = SYSTEM_GROUP_NAMES.slice(1); // owners ⊂ administrators ⊂ ... ⊂ internet

/** The oracle: direct members by role, then the closure over subgroups, enumerating users. */
function naiveMembers(store: Store, groupId: number, now: number): number[] {
  const full = (joined: number) => now - joined >= store.realm.waiting_period_threshold * DAY;
  const direct = (name: string): number[] =>
    [...store.data.users.values()]
      .filter((u) => u.is_active && !u.is_system_bot)
      .filter((u) => {
        const roleName = { 100: 'role:owners', 200: 'role:administrators', 300: 'role:moderators', 400: full(u.date_joined) ? 'role:fullmembers' : 'role:members', 600: 'role:everyone' }[u.role];
        return roleName === name;
      })
      .map((u) => u.user_id);
  const out = new Set<number>();
  const seen = new Set<number>();
  const visit = (id: number): void => {
    if (seen.has(id)) return;
    seen.add(id);
    const g = store.group(id);
    if (!g) return;
    if (g.is_system_group) {
      direct(g.name).forEach((u) => out.add(u));
      const i = CHAIN.indexOf(g.name as (typeof CHAIN)[number]);
      if (i > 0) visit(store.groupByName(CHAIN[i - 1] as string)?.id ?? -1);
    } else {
      g.members.filter((u) => store.user(u)?.is_active).forEach((u) => out.add(u));
      g.direct_subgroup_ids.forEach(visit);
    }
  };
  visit(groupId);
  return [...out].sort((a, b) => a - b);
}

function assertAgreesWithOracle(ref: Reference, label: string): void {
  const store = ref.store;
  const now = ref.control.now();
  for (const g of store.groups()) {
    const want = naiveMembers(store, g.id, now);
    assert.equal([...recursiveMembers(store, g.id, now)].sort((a, b) => a - b), want, `${label}: members of ${g.name}`);
    for (const u of store.data.users.values()) {
      assert.is(isUserInGroup(store, g.id, u.user_id, now), want.includes(u.user_id), `${label}: ${u.delivery_email} in ${g.name}`);
    }
  }
}

const idOf = (ref: Reference, email: string) => (ref.store.userByEmail(email) as { user_id: number }).user_id;
const membersByName = (ref: Reference, name: string) =>
  [...recursiveMembers(ref.store, (ref.store.groupByName(name) as { id: number }).id, ref.control.now())].sort((a, b) => a - b).map(
    (id) => ref.store.user(id)?.full_name,
  );

test('the system groups of the default realm follow the roles', () => {
  const ref = createReference();
  const names = (g: string) => membersByName(ref, g);
  const staff = ['Desdemona', 'Iago', 'Shiva'];
  const members = [...staff, 'King Hamlet', 'Cordelia, Lear\'s daughter', 'Othello, the Moor of Venice', 'Prospero from The Tempest', 'aaron', 'ZOE'];
  const bots = ['Zulip Default Bot', 'Zulip Webhook Bot'];
  assert.equal(names('role:nobody'), []);
  assert.equal(names('role:owners'), ['Desdemona']);
  assert.equal(names('role:administrators'), ['Desdemona', 'Iago']);
  assert.equal(names('role:moderators'), staff);
  // A waiting period of 0 days: every member is a full member; bots have the member role.
  assert.equal(names('role:fullmembers'), [...members, ...bots]);
  assert.equal(names('role:members'), [...members, ...bots]);
  assert.equal(names('role:everyone'), [...members, 'Polonius', ...bots]);
  assert.equal(names('role:internet'), names('role:everyone'));
  assert.equal(names('hamletcharacters'), ['King Hamlet', 'Cordelia, Lear\'s daughter']);
  assertAgreesWithOracle(ref, 'default realm');
});

test('system bots are in no system group', () => {
  const ref = createReference();
  const bot = idOf(ref, 'notification-bot@zulip.com');
  for (const name of SYSTEM_GROUP_NAMES) assert.not.ok(isUserInGroup(ref.store, systemGroupId(ref.store, name), bot, ref.control.now()), name);
});

/** A 30-day waiting period, a new member, a deactivated member, and nested groups with a cycle. */
function nestedRealm(): Reference {
  const f = structuredClone(defaultRealm) as unknown as {
    realm: { waiting_period_threshold: number };
    users: Array<Record<string, unknown>>;
    groups: Array<Record<string, unknown>>;
  };
  f.realm.waiting_period_threshold = 30;
  for (const u of f.users) if (u['email'] === 'aaron@zulip.com') u['date_joined'] = '2026-01-05T12:00:00+00:00';
  f.users.push({ user_id: 15, email: 'ghost@zulip.com', full_name: 'Ghost', date_joined: '2025-06-01T09:00:00+00:00', is_active: false, api_key: 'GhostGhostGhostGhostGhostGhost12' });
  const made = { creator_id: 3, date_created: '2025-06-02T10:00:00+00:00' };
  f.groups.push(
    { id: 10, name: 'outer', members: [10, 15, 1], direct_subgroup_ids: [9, 11], ...made },
    { id: 11, name: 'cycle', members: [12], direct_subgroup_ids: [10], ...made },
    { id: 12, name: 'mods', members: [], direct_subgroup_ids: [4], ...made },
    { id: 13, name: 'self', members: [8], direct_subgroup_ids: [13, 99], ...made },
  );
  return createReference({ fixture: f });
}

test('nested groups include their subgroups’ members, through cycles, without deactivated users', () => {
  const ref = nestedRealm();
  // outer = aaron, the notification bot (listed by name), hamletcharacters, and cycle (Polonius, and outer again).
  assert.equal(membersByName(ref, 'outer'), ['Notification Bot', 'King Hamlet', 'Cordelia, Lear\'s daughter', 'aaron', 'Polonius']);
  assert.equal(membersByName(ref, 'cycle'), membersByName(ref, 'outer'));
  assert.equal(membersByName(ref, 'mods'), ['Desdemona', 'Iago', 'Shiva']);
  assert.equal(membersByName(ref, 'self'), ['Othello, the Moor of Venice']);
  assert.not.ok(isUserInGroup(ref.store, 10, 15, ref.control.now()), 'Ghost is deactivated');
  assertAgreesWithOracle(ref, 'nested realm');
});

test('a new member becomes a full member when the waiting period has passed on the manual clock', () => {
  const ref = nestedRealm();
  const aaron = idOf(ref, 'aaron@zulip.com');
  const full = systemGroupId(ref.store, 'role:fullmembers');
  assert.not.ok(isUserInGroup(ref.store, full, aaron, ref.control.now()));
  assert.ok(isUserInGroup(ref.store, systemGroupId(ref.store, 'role:members'), aaron, ref.control.now()));
  ref.control.advance(20 * DAY - 1);
  assert.not.ok(isUserInGroup(ref.store, full, aaron, ref.control.now()), 'one millisecond early');
  assertAgreesWithOracle(ref, 'a millisecond before');
  ref.control.advance(1);
  assert.ok(isUserInGroup(ref.store, full, aaron, ref.control.now()));
  assertAgreesWithOracle(ref, 'thirty days after joining');
});

test('a group-setting value includes its direct members and its subgroups’ members, active only', () => {
  const ref = nestedRealm();
  const now = ref.control.now();
  const value: GroupSettingValue = { direct_members: [8, 15], direct_subgroups: [12, 11] };
  const included = ref.store.realmUsers().filter((u) => isUserInSetting(ref.store, value, u.user_id, now));
  assert.equal(
    included.map((u) => u.full_name),
    ['Desdemona', 'Iago', 'Shiva', 'King Hamlet', 'Cordelia, Lear\'s daughter', 'Othello, the Moor of Venice', 'aaron', 'Polonius'],
  );
  assert.ok(isUserInSetting(ref.store, systemGroupId(ref.store, 'role:everyone'), idOf(ref, 'polonius@zulip.com'), now));
  assert.not.ok(isUserInSetting(ref.store, 999, idOf(ref, 'iago@zulip.com'), now), 'an unknown group has no members');
});

test('changing a group through the store is seen at once', () => {
  const ref = nestedRealm();
  const now = ref.control.now();
  const outer = ref.store.group(10);
  if (!outer) throw new Error('no outer group');
  ref.store.putGroup({ ...outer, members: [], direct_subgroup_ids: [12] });
  assert.equal(membersByName(ref, 'outer'), ['Desdemona', 'Iago', 'Shiva']);
  assert.not.ok(isUserInGroup(ref.store, 10, idOf(ref, 'aaron@zulip.com'), now));
  assertAgreesWithOracle(ref, 'after putGroup');
  ref.reset();
  assert.ok(isUserInGroup(ref.store, 10, idOf(ref, 'aaron@zulip.com'), now));
  assertAgreesWithOracle(ref, 'after reset');
});

test.run();
