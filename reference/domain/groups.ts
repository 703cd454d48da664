// Group-setting evaluation: who is in a user group or a group-setting value.
// Mirrors zulip/zulip zerver/lib/user_groups.py (is_user_in_group,
// get_recursive_group_members) and the system groups of create_system_user_groups_for_realm:
// owners ⊂ administrators ⊂ moderators ⊂ fullmembers ⊂ members ⊂ everyone ⊂ internet,
// each a direct subgroup of the next; role:nobody is empty. A system group's direct
// members are computed from roles, so a role change never leaves them stale: a
// member-role user is a direct member of role:members, and also of role:fullmembers
// once past the realm's waiting period (update_users_in_full_members_system_group
// adds to fullmembers without removing from members).
// Deactivated users are members of nothing; system bots (another realm on the real
// server) of no system group. Bots with a role are placed by their role like humans.
//
// NOTE: approximation: the real server stores role:fullmembers membership and a periodic
// job (promote_new_full_members) refreshes it, so a member may pass the waiting period
// and still not be in role:fullmembers until the job runs. Here it is computed live from
// the clock, in whole days as the job counts them.
//
// Membership checks never enumerate users: a system group is a rule on the user's
// role (the chain above, folded), and a user-defined group is a walk over its
// subgroups asking the store's member index. Only listing members enumerates.
import type { Store } from '../state/store.ts';
import { ROLE, type GroupSettingValue, type User, type UserGroup } from '../state/types.ts';

export const SYSTEM_GROUP_NAMES = [
  'role:nobody',
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
] as const;
export type SystemGroupName = (typeof SYSTEM_GROUP_NAMES)[number];

const DAY_MS = 86_400_000;

/** Direct members of a group (for system groups: by role), active users only, ascending. */
export function directMembers(store: Store, group: UserGroup, nowMs: number): number[] {
  if (!group.is_system_group) return group.members.filter((id) => store.user(id)?.is_active).sort((a, b) => a - b);
  const out: number[] = [];
  for (const u of store.data.users.values()) {
    if (!u.is_system_bot && u.is_active && isDirectSystemMember(store, group.name, u, nowMs)) out.push(u.user_id);
  }
  return out.sort((a, b) => a - b);
}

export function isDirectSystemMember(store: Store, name: string, u: User, nowMs: number): boolean {
  switch (name) {
    case 'role:owners':
      return u.role === ROLE.owner;
    case 'role:administrators':
      return u.role === ROLE.administrator;
    case 'role:moderators':
      return u.role === ROLE.moderator;
    case 'role:fullmembers':
      return u.role === ROLE.member && isFullMember(store, u, nowMs);
    case 'role:members':
      return u.role === ROLE.member;
    case 'role:everyone':
      return u.role === ROLE.guest;
    default:
      return false;
  }
}

/**
 * Is an active user in the system group, through the chain below it? The chain folded
 * into one rule per group, so that a check costs O(1) whatever the realm's size.
 */
function isInSystemGroup(store: Store, name: string, u: User, nowMs: number): boolean {
  if (u.is_system_bot) return false;
  switch (name) {
    case 'role:owners':
      return u.role === ROLE.owner;
    case 'role:administrators':
      return u.role <= ROLE.administrator;
    case 'role:moderators':
      return u.role <= ROLE.moderator;
    case 'role:fullmembers':
      return u.role <= ROLE.moderator || (u.role === ROLE.member && isFullMember(store, u, nowMs));
    case 'role:members':
      return u.role <= ROLE.member;
    case 'role:everyone':
    case 'role:internet':
      return u.role <= ROLE.member || u.role === ROLE.guest;
    default:
      return false;
  }
}

/**
 * A member whose account is at least the realm's waiting period old. The real job
 * counts whole days, `(now - date_joined).days < threshold` meaning provisional, which
 * for a whole-number threshold is the same as comparing milliseconds.
 */
export function isFullMember(store: Store, u: User, nowMs: number): boolean {
  return nowMs - u.date_joined >= store.realm.waiting_period_threshold * DAY_MS;
}

/** Direct subgroups; for system groups, the chain above. */
export function directSubgroups(store: Store, group: UserGroup): number[] {
  if (!group.is_system_group) return [...group.direct_subgroup_ids];
  const i = SYSTEM_GROUP_NAMES.indexOf(group.name as SystemGroupName);
  if (i <= 1) return [];
  const below = store.groupByName(SYSTEM_GROUP_NAMES[i - 1] as string);
  return below ? [below.id] : [];
}

/**
 * Every active member of the group, through nested subgroups (cycles are tolerated). A set,
 * in no particular order: its callers (mentions, push payloads) only ask membership and size.
 */
export function recursiveMembers(store: Store, groupId: number, nowMs: number): Set<number> {
  const found: number[] = [];
  const systemGroups: string[] = [];
  walk(store, [groupId], new Set(), (g) => {
    if (g.is_system_group) systemGroups.push(g.name);
    else for (const id of g.members) if (store.user(id)?.is_active) found.push(id);
    return false;
  });
  // One pass over the users however many system groups were reached.
  if (systemGroups.length > 0) {
    for (const u of store.data.users.values()) {
      if (u.is_active && systemGroups.some((name) => isInSystemGroup(store, name, u, nowMs))) found.push(u.user_id);
    }
  }
  return new Set(found);
}

/** Is the user included by this group-setting value? */
export function isUserInSetting(store: Store, value: GroupSettingValue, userId: number, nowMs: number): boolean {
  const u = store.user(userId);
  if (!u || !u.is_active) return false;
  if (typeof value === 'number') return reaches(store, [value], new Set(), u, nowMs);
  if (value.direct_members.includes(userId)) return true;
  return reaches(store, value.direct_subgroups, new Set(), u, nowMs);
}

/** Does any group reachable from `start` contain the (active) user directly, or by role? */
function reaches(store: Store, start: readonly number[], seen: Set<number>, u: User, nowMs: number): boolean {
  return walk(store, start, seen, (g) =>
    g.is_system_group ? isInSystemGroup(store, g.name, u, nowMs) : store.isDirectGroupMember(g.id, u.user_id),
  );
}

/**
 * Depth-first over user-defined subgroups, each group once, until `visit` says stop.
 * A system group's subgroups are not followed: isInSystemGroup already covers its chain.
 */
function walk(store: Store, start: readonly number[], seen: Set<number>, visit: (g: UserGroup) => boolean): boolean {
  const stack = [...start];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    const g = store.group(id);
    // Defensive: every id reaching here names a stored group (scripts/mutation/equivalent.json).
    if (g === undefined) continue;
    if (visit(g)) return true;
    if (!g.is_system_group) for (const sub of g.direct_subgroup_ids) stack.push(sub);
  }
  return false;
}

/**
 * The given groups and every group below them (direct subgroups, recursively, the
 * system chain included), each once: get_recursive_subgroups_for_groups. Unknown ids
 * are left out. Used to refuse a subgroup that would close a cycle.
 */
export function recursiveSubgroupIds(store: Store, ids: readonly number[]): Set<number> {
  const seen = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    const g = store.group(id);
    if (!g) continue;
    seen.add(id);
    for (const sub of directSubgroups(store, g)) stack.push(sub);
  }
  return seen;
}

export function systemGroupId(store: Store, name: SystemGroupName): number {
  const g = store.groupByName(name);
  if (!g) throw new Error(`the realm has no system group ${name}`);
  return g.id;
}
