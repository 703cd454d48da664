// Property: the group-setting module (groups.ts isUserInSetting / recursiveMembers,
// testing/groups.ts isUserInGroup, permissions.ts hasPermission) agrees with a small model written
// here from the real server's description, and sharing no code with reference/:
//   - system groups hold the members the real server stores by role (owners,
//     administrators, moderators; members = every member-role user; fullmembers = the
//     member-role users at least `waiting_period_threshold` whole days old; everyone =
//     guests) and are chained owners ⊂ administrators ⊂ ... ⊂ internet;
//   - a user-defined group holds its listed members and, recursively, its subgroups'
//     (cycles allowed); only active accounts count. System bots belong to another realm
//     on the real server: no system group holds them, and the API never lets anyone
//     list them in a group (that state is unreachable; listed, they count, as in
//     groups.test.ts);
//   - a setting that may not be role:everyone never admits a guest.
// Random users (roles, bots, system bots, active or not, join dates), groups with
// nested subgroups and cycles, setting values (ids, anonymous groups, unknown ids), a
// waiting period and a clock. Fixed seed; a failure prints the seed and the replay
// path: run again with FC_SEED=<seed> FC_PATH=<path>.
import { test } from 'uvu';
import fc from 'fast-check';
import defaultRealm from '../../fixtures/realm.json' with { type: 'json' };
import { createReference } from '../index.ts';
import { isUserInGroup } from '../testing/groups.ts';
import { isUserInSetting, recursiveMembers } from './groups.ts';
import { hasPermission } from './permissions.ts';

const DAY = 86_400_000;
const INSTANT = Date.parse(defaultRealm.instant);
const SEED = process.env['FC_SEED'] !== undefined ? Number(process.env['FC_SEED']) : 20_260_115;
const PATH = process.env['FC_PATH'];
const RUNS = Number(process.env['FC_RUNS'] ?? 300);

// ---- the model -------------------------------------------------------------------

type RoleName = 'owner' | 'administrator' | 'moderator' | 'member' | 'guest';
interface ModelUser {
  id: number;
  role: RoleName;
  bot: boolean;
  systemBot: boolean;
  active: boolean;
  /** Milliseconds before the fixture instant. */
  joinedAgo: number;
}
interface ModelGroup {
  id: number;
  members: number[];
  subgroups: number[];
}
type Setting = number | { direct_members: number[]; direct_subgroups: number[] };
interface World {
  users: ModelUser[];
  groups: ModelGroup[];
  threshold: number;
  advance: number;
  settings: Array<{ value: Setting; allowEveryone: boolean }>;
}

/** The default realm's system groups: id → name. */
const SYSTEM: Record<number, string> = Object.fromEntries(
  defaultRealm.groups.filter((g) => 'is_system_group' in g && g.is_system_group).map((g) => [g.id, g.name]),
);
const SYSTEM_IDS = Object.keys(SYSTEM).map(Number);
const CHAIN_BELOW: Record<string, string | undefined> = {
  'role:administrators': 'role:owners',
  'role:moderators': 'role:administrators',
  'role:fullmembers': 'role:moderators',
  'role:members': 'role:fullmembers',
  'role:everyone': 'role:members',
  'role:internet': 'role:everyone',
};
const idOfSystem = (name: string) => Number(Object.keys(SYSTEM).find((k) => SYSTEM[Number(k)] === name));
const FIRST_USER_ID = 100;
const FIRST_GROUP_ID = 100;

function storedSystemMembers(w: World, name: string): number[] {
  const now = INSTANT + w.advance;
  const full = (u: ModelUser) => Math.floor((now - (INSTANT - u.joinedAgo)) / DAY) >= w.threshold;
  return w.users
    .filter((u) => !u.systemBot)
    .filter((u) => {
      switch (name) {
        case 'role:owners':
          return u.role === 'owner';
        case 'role:administrators':
          return u.role === 'administrator';
        case 'role:moderators':
          return u.role === 'moderator';
        case 'role:fullmembers':
          return u.role === 'member' && full(u);
        case 'role:members':
          return u.role === 'member';
        case 'role:everyone':
          return u.role === 'guest';
        default:
          return false;
      }
    })
    .map((u) => u.id);
}

/** Every active user a group reaches, the long way round. */
function modelMembers(w: World, groupId: number): Set<number> {
  const seen = new Set<number>();
  const out = new Set<number>();
  const todo = [groupId];
  while (todo.length > 0) {
    const id = todo.shift() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    const name = SYSTEM[id];
    if (name !== undefined) {
      storedSystemMembers(w, name).forEach((u) => out.add(u));
      const below = CHAIN_BELOW[name];
      if (below) todo.push(idOfSystem(below));
      continue;
    }
    const g = w.groups.find((x) => x.id === id);
    if (!g) continue;
    g.members.forEach((u) => out.add(u));
    todo.push(...g.subgroups);
  }
  const active = new Set(w.users.filter((u) => u.active).map((u) => u.id));
  return new Set([...out].filter((u) => active.has(u)));
}

function modelInSetting(w: World, value: Setting, userId: number): boolean {
  const u = w.users.find((x) => x.id === userId);
  if (!u || !u.active) return false;
  if (typeof value === 'number') return modelMembers(w, value).has(userId);
  return value.direct_members.includes(userId) || value.direct_subgroups.some((g) => modelMembers(w, g).has(userId));
}

// ---- generators ------------------------------------------------------------------

const userArb = fc.record({
  role: fc.constantFrom<RoleName>('owner', 'administrator', 'moderator', 'member', 'member', 'guest'),
  bot: fc.boolean(),
  active: fc.boolean(),
  // Often exactly on a day boundary, or a millisecond either side of one.
  joinedAgo: fc.oneof(
    fc.integer({ min: 0, max: 60 * DAY }),
    fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom(-1, 0, 1)).map(([d, ms]) => Math.max(0, d * DAY + ms)),
  ),
});

const worldArb: fc.Arbitrary<World> = fc
  .record({
    users: fc.array(fc.tuple(userArb, fc.integer({ min: 0, max: 9 })), { minLength: 1, maxLength: 8 }),
    groupCount: fc.integer({ min: 0, max: 6 }),
    threshold: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 6 })),
    advance: fc.oneof(fc.integer({ min: 0, max: 20 * DAY }), fc.integer({ min: 0, max: 3 }).map((d) => d * DAY)),
  })
  .chain(({ users, groupCount, threshold, advance }) => {
    const modelUsers: ModelUser[] = users.map(([u, dice], i) => ({
      id: FIRST_USER_ID + i,
      ...u,
      // Bots take the member role or an admin role, as the real server allows; one in ten is a system bot.
      role: u.bot && u.role === 'guest' ? 'member' : u.role,
      systemBot: u.bot && dice === 0,
    }));
    const userIds = modelUsers.map((u) => u.id);
    const groupIds = Array.from({ length: groupCount }, (_, i) => FIRST_GROUP_ID + i);
    // Any group id may be named: system, user-defined (itself too), or unknown.
    const anyGroup = fc.constantFrom(...SYSTEM_IDS, ...groupIds, 999);
    const anyUser = fc.constantFrom(...userIds, 998);
    const groupsArb = fc.tuple(
      ...groupIds.map((id) =>
        fc.record({
          id: fc.constant(id),
          members: fc.uniqueArray(fc.constantFrom(...userIds), { maxLength: 4 }),
          subgroups: fc.uniqueArray(anyGroup.filter((g) => g !== 999), { maxLength: 3 }),
        }),
      ),
    );
    const settingArb: fc.Arbitrary<Setting> = fc.oneof(
      anyGroup,
      fc.record({
        direct_members: fc.uniqueArray(anyUser, { maxLength: 3 }),
        direct_subgroups: fc.uniqueArray(anyGroup, { maxLength: 3 }),
      }),
    );
    return fc.record({
      users: fc.constant(modelUsers),
      groups: groupsArb.map((gs) => [...gs]),
      threshold: fc.constant(threshold),
      advance: fc.constant(advance),
      settings: fc.array(fc.record({ value: settingArb, allowEveryone: fc.boolean() }), { minLength: 1, maxLength: 6 }),
    });
  });

// ---- the world as a fixture --------------------------------------------------------

const ROLE_NUMBER: Record<RoleName, number> = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 };

function fixtureOf(w: World): unknown {
  const f = structuredClone(defaultRealm) as unknown as Record<string, unknown> & { realm: Record<string, unknown>; groups: unknown[] };
  f.realm['waiting_period_threshold'] = w.threshold;
  f.realm['moderation_request_channel_id'] = null;
  f.realm['new_stream_announcements_stream_id'] = null;
  f['channels'] = [];
  f['messages'] = [];
  // The custom emoji name their uploader, a user of the default realm.
  f['realm_emoji'] = [];
  f['users'] = w.users.map((u) => ({
    user_id: u.id,
    email: `u${u.id}@example.com`,
    full_name: `User ${u.id}`,
    role: u.role,
    bot_type: u.bot ? 1 : null,
    is_system_bot: u.systemBot,
    is_active: u.active,
    date_joined: new Date(INSTANT - u.joinedAgo).toISOString(),
    api_key: `key${String(u.id).padStart(29, '0')}`,
  }));
  f.groups = [
    ...f.groups.filter((g) => (g as { is_system_group?: boolean }).is_system_group),
    ...w.groups.map((g) => ({ id: g.id, name: `group ${g.id}`, members: g.members, direct_subgroup_ids: g.subgroups, creator_id: null, date_created: null })),
  ];
  return f;
}

function checkWorld(w: World): void {
  const ref = createReference({ fixture: fixtureOf(w) });
  ref.control.advance(w.advance);
  const store = ref.store;
  const now = ref.control.now();
  const everyGroup = [...SYSTEM_IDS, ...w.groups.map((g) => g.id), 999];
  for (const gid of everyGroup) {
    const want = [...modelMembers(w, gid)].sort((a, b) => a - b);
    const got = [...recursiveMembers(store, gid, now)].sort((a, b) => a - b);
    if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`members of group ${gid}: got ${JSON.stringify(got)}, model says ${JSON.stringify(want)}`);
    for (const u of w.users) {
      if (isUserInGroup(store, gid, u.id, now) !== want.includes(u.id)) throw new Error(`user ${u.id} in group ${gid}: model says ${want.includes(u.id)}`);
    }
  }
  for (const { value, allowEveryone } of w.settings) {
    for (const u of w.users) {
      const inSetting = modelInSetting(w, value, u.id);
      if (isUserInSetting(store, value, u.id, now) !== inSetting) {
        throw new Error(`user ${u.id} in setting ${JSON.stringify(value)}: model says ${inSetting}`);
      }
      const permitted = inSetting && (allowEveryone || u.role !== 'guest');
      const user = store.user(u.id);
      if (!user) throw new Error(`user ${u.id} missing from the store`);
      if (hasPermission(store, { allowEveryone, default: 'role:nobody' }, value, user, now) !== permitted) {
        throw new Error(`user ${u.id} (${u.role}) permitted by ${JSON.stringify(value)} (allowEveryone ${allowEveryone}): model says ${permitted}`);
      }
    }
  }
}

test('group-setting membership and permission agree with the model', () => {
  const details = fc.check(
    fc.property(worldArb, (w) => {
      checkWorld(w);
    }),
    { seed: SEED, numRuns: RUNS, ...(PATH !== undefined ? { path: PATH, endOnFailure: true } : {}) },
  );
  if (details.failed) {
    throw new Error(
      `${fc.defaultReportMessage(details) ?? 'property failed'}\n` +
        `replay: FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath ?? ''} ` +
        `node --import tsx node_modules/uvu/bin.js reference/domain groups.property.test.ts`,
    );
  }
});

test('the model itself: role:fullmembers counts whole days since joining', () => {
  const member: ModelUser = { id: FIRST_USER_ID, role: 'member', bot: false, systemBot: false, active: true, joinedAgo: 3 * DAY - 1 };
  const w: World = { users: [member], groups: [], threshold: 3, advance: 0, settings: [] };
  if (modelMembers(w, idOfSystem('role:fullmembers')).size !== 0) throw new Error('a day short is not full');
  if (modelMembers({ ...w, advance: 1 }, idOfSystem('role:fullmembers')).size !== 1) throw new Error('three days is full');
  checkWorld(w);
  checkWorld({ ...w, advance: 1 });
});

test.run();
