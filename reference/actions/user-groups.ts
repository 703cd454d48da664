// Creating user groups and changing their subgroups: zulip/zulip
// zerver/views/user_groups.py (add_user_group, update_subgroups_of_user_group),
// zerver/lib/user_groups.py (check_user_group_name, access_user_group_for_update,
// lock_subgroups_with_respect_to_supergroup) and zerver/actions/user_groups.py
// (check_add_user_group, add_subgroups_to_user_group, remove_subgroups_from_user_group).
// check* validates everything and returns a plan; do* applies it and emits the events.
import { atLeast } from '../domain/feature-levels.ts';
import { recursiveSubgroupIds, systemGroupId } from '../domain/groups.ts';
import { defaultSetting, hasPermission, parseGroupSetting, REALM_SETTINGS, USER_GROUP_SETTINGS_CONFIG } from '../domain/permissions.ts';
import { isGuest } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest } from '../errors.ts';
import type { Store } from '../state/store.ts';
import type { ServerEvent } from '../state/events.ts';
import { USER_GROUP_SETTINGS, type GroupSettingValue, type User, type UserGroup, type UserGroupSetting } from '../state/types.ts';
import { formatUserGroup } from '../domain/user-groups.ts';
import { activeUserIds, emitStreamCreate, emitStreamDelete, metadataAccessUserIds } from './channel-events.ts';

const NAME_MAX_LENGTH = 100;
const RESERVED_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];

/**
 * require_member_or_admin: no guests; no bots before feature level 496. The API documentation names
 * group creation and subgroup updates; the API changelog says the same level opened
 * GET /user_groups to bots, so all three follow it.
 */
export function requireMemberOrAdmin(world: World, me: User): User {
  if (isGuest(me)) throw new BadRequest('Not allowed for guest users');
  if (me.is_bot && !atLeast(world, 'bots_manage_groups')) {
    throw new BadRequest('This endpoint does not accept bot requests.');
  }
  return me;
}

/** require_user_group_create_permission: the member-or-admin rule, then the realm's can_create_groups. */
export function requireGroupCreatePermission(world: World, actor: User): User {
  const me = requireMemberOrAdmin(world, actor);
  const { store } = world;
  if (!hasPermission(store, REALM_SETTINGS.can_create_groups, store.realm.can_create_groups, me, world.nowMs())) {
    throw new BadRequest('Insufficient permission');
  }
  return me;
}

/** check_user_group_name: the name is kept as given (not stripped). */
export function checkUserGroupName(name: string): void {
  if (name.trim() === '') throw new BadRequest("User group name can't be empty!");
  if ([...name].length > NAME_MAX_LENGTH) throw new BadRequest(`User group name cannot exceed ${NAME_MAX_LENGTH} characters.`);
  for (const prefix of RESERVED_PREFIXES) {
    if (name.startsWith(prefix)) throw new BadRequest(`User group name cannot start with '${prefix}'.`);
  }
}

/** user_ids_to_users(allow_deactivated=False): active users of the realm, bots included. */
export function checkActiveUsers(store: Store, ids: readonly number[]): number[] {
  for (const id of ids) {
    const u = store.user(id);
    if (!u || !u.is_active || u.is_system_bot) throw new BadRequest(`Invalid user ID: ${id}`);
  }
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The named groups to use as subgroups: the first unknown id, then any deactivated one, is an error. */
function checkSubgroups(store: Store, ids: readonly number[]): number[] {
  const missing = ids.find((id) => !store.group(id));
  if (missing !== undefined) throw new BadRequest(`Invalid user group ID: ${missing}`);
  if (ids.some((id) => store.group(id)?.deactivated)) throw new BadRequest('User group is deactivated.');
  return [...new Set(ids)];
}

export interface CreateGroupRequest {
  name: string;
  description: string;
  members: number[];
  subgroups: number[] | undefined;
  settings: Partial<Record<UserGroupSetting, GroupSettingValue>>;
}

export interface CreateGroupPlan {
  name: string;
  description: string;
  members: number[];
  subgroups: number[];
  settings: Record<UserGroupSetting, GroupSettingValue>;
}

/** Everything add_user_group checks after its decorators, in its order. */
export function checkCreateUserGroup(world: World, creator: User, req: CreateGroupRequest): CreateGroupPlan {
  const store = world.store;
  const members = checkActiveUsers(store, req.members);
  checkUserGroupName(req.name);
  const settings = {} as Record<UserGroupSetting, GroupSettingValue>;
  for (const setting of USER_GROUP_SETTINGS) {
    const raw = req.settings[setting];
    const config = USER_GROUP_SETTINGS_CONFIG[setting];
    settings[setting] = raw === undefined ? defaultSetting(store, config, creator.user_id) : parseGroupSetting(store, setting, config, raw);
  }
  // Unique per realm, deactivated groups included, case-sensitively (a database constraint).
  if (store.groupByName(req.name)) throw new BadRequest(`User group '${req.name}' already exists.`);
  const subgroups = req.subgroups && req.subgroups.length > 0 ? checkSubgroups(store, req.subgroups) : [];
  return { name: req.name, description: req.description, members, subgroups, settings: structuredClone(settings) };
}

/**
 * Creates the group and tells every active user: a `user_group` `add` event with
 * empty direct_subgroup_ids, then (the view adds subgroups afterwards) `add_subgroups`.
 */
export function doCreateUserGroup(world: World, creator: User, plan: CreateGroupPlan): UserGroup {
  const store = world.store;
  const group: UserGroup = {
    id: store.nextId('groups'),
    name: plan.name,
    description: plan.description,
    members: plan.members,
    direct_subgroup_ids: [],
    is_system_group: false,
    deactivated: false,
    date_created: world.nowSeconds(),
    creator_id: creator.user_id,
    ...plan.settings,
  };
  store.putGroup(group);
  store.emit(activeUserIds(store), groupAddEvent(world, group, plan.members, [], false));
  if (plan.subgroups.length > 0) doAddSubgroups(world, group.id, plan.subgroups);
  return store.group(group.id) as UserGroup;
}

/** The `user_group` `add` event (do_send_create_user_group_event), at creation and at reactivation. */
export function groupAddEvent(world: World, group: UserGroup, members: number[], subgroups: number[], forReactivation: boolean): ServerEvent {
  const shown = formatUserGroup(world.store, group, world.nowMs());
  const settings = Object.fromEntries(USER_GROUP_SETTINGS.map((s) => [s, shown[s]]));
  return {
    type: 'user_group',
    op: 'add',
    group: {
      name: group.name,
      creator_id: group.creator_id,
      date_created: group.date_created,
      members,
      description: group.description,
      id: group.id,
      is_system_group: group.is_system_group,
      direct_subgroup_ids: subgroups,
      ...settings,
      deactivated: false,
    },
    for_reactivation: forReactivation,
  };
}

// ---- subgroups ---------------------------------------------------------------------

/**
 * access_user_group_for_update: the group the caller may change with `permission`
 * (can_manage_group always counts; the realm's can_manage_all_groups overrides all).
 */
export function accessUserGroupForUpdate(
  world: World,
  me: User,
  groupId: number,
  permission: UserGroupSetting,
  /** allow_deactivated: membership changes follow the feature level (391); PATCH always; deactivation never. */
  allowDeactivated: boolean = atLeast(world, 'deactivated_group_subgroups'),
): UserGroup {
  const store = world.store;
  const now = world.nowMs();
  const group = store.group(groupId);
  if (!group) throw new BadRequest('Invalid user group');
  if (group.deactivated && !allowDeactivated) {
    throw new BadRequest('User group is deactivated.');
  }
  if (group.is_system_group) throw new BadRequest('Insufficient permission');
  if (hasPermission(store, REALM_SETTINGS.can_manage_all_groups, store.realm.can_manage_all_groups, me, now)) return group;
  if (hasPermission(store, USER_GROUP_SETTINGS_CONFIG.can_manage_group, group.can_manage_group, me, now)) return group;
  if (permission !== 'can_manage_group' && hasPermission(store, USER_GROUP_SETTINGS_CONFIG[permission], group[permission], me, now)) {
    return group;
  }
  throw new BadRequest('Insufficient permission');
}

export interface SubgroupPlan {
  groupId: number;
  add: number[];
  remove: number[];
}

/**
 * update_subgroups_of_user_group: "add" runs first, then "delete", in one transaction;
 * so "delete" is checked against the subgroups as "add" leaves them.
 */
export function checkUpdateSubgroups(world: World, me: User, groupId: number, add: number[] | undefined, del: number[] | undefined): SubgroupPlan {
  if ((add === undefined || add.length === 0) && (del === undefined || del.length === 0)) {
    throw new BadRequest('Nothing to do. Specify at least one of "add" or "delete".');
  }
  return checkSubgroupChanges(world, me, groupId, add, del);
}

/** add_subgroups_to_group_backend then remove_subgroups_from_group_backend, either list possibly empty. */
export function checkSubgroupChanges(world: World, me: User, groupId: number, add: number[] | undefined, del: number[] | undefined): SubgroupPlan {
  const store = world.store;
  let current = new Set(store.group(groupId)?.direct_subgroup_ids ?? []);
  const plan: SubgroupPlan = { groupId, add: [], remove: [] };
  if (add !== undefined && add.length > 0) {
    accessUserGroupForUpdate(world, me, groupId, 'can_add_members_group');
    const ids = checkSubgroups(store, add);
    const already = ids.find((id) => current.has(id));
    if (already !== undefined) throw new BadRequest(`User group ${already} is already a subgroup of this group.`);
    if (recursiveSubgroupIds(store, ids).has(groupId)) {
      throw new BadRequest(`User group ${groupId} is already a subgroup of one of the passed subgroups.`);
    }
    plan.add = ids;
    current = new Set([...current, ...ids]);
  }
  if (del !== undefined && del.length > 0) {
    accessUserGroupForUpdate(world, me, groupId, 'can_manage_group');
    const ids = checkSubgroups(store, del);
    const absent = ids.find((id) => !current.has(id));
    if (absent !== undefined) throw new BadRequest(`User group ${absent} is not a subgroup of this group.`);
    plan.remove = ids;
  }
  return plan;
}

export function doUpdateSubgroups(world: World, plan: SubgroupPlan): void {
  if (plan.add.length > 0) doAddSubgroups(world, plan.groupId, plan.add);
  if (plan.remove.length > 0) doRemoveSubgroups(world, plan.groupId, plan.remove);
}

function doAddSubgroups(world: World, groupId: number, ids: number[]): void {
  const store = world.store;
  const watch = watchMetadataAccess(world, groupId);
  const group = store.group(groupId) as UserGroup;
  store.putGroup({ ...group, direct_subgroup_ids: [...group.direct_subgroup_ids, ...ids] });
  store.emit(activeUserIds(store), { type: 'user_group', op: 'add_subgroups', group_id: groupId, direct_subgroup_ids: ids });
  for (const { channel, gained } of watch.changes()) {
    if (gained.length === 0) continue;
    emitStreamCreate(store, channel, gained, world.nowSeconds());
    store.emit(gained, { type: 'subscription', op: 'peer_add', stream_ids: [channel.stream_id], user_ids: store.subscribers(channel.stream_id) });
  }
}

function doRemoveSubgroups(world: World, groupId: number, ids: number[]): void {
  const store = world.store;
  const watch = watchMetadataAccess(world, groupId);
  const group = store.group(groupId) as UserGroup;
  const removed = new Set(ids);
  store.putGroup({ ...group, direct_subgroup_ids: group.direct_subgroup_ids.filter((id) => !removed.has(id)) });
  store.emit(activeUserIds(store), { type: 'user_group', op: 'remove_subgroups', group_id: groupId, direct_subgroup_ids: ids });
  for (const { channel, lost } of watch.changes()) emitStreamDelete(store, [channel], lost);
}

/**
 * Channels whose metadata-granting settings (can_add_subscribers_group,
 * can_administer_channel_group, can_subscribe_group) reach `groupId`
 * (get_metadata_access_streams_via_group_ids over the group's supergroups), and who
 * can see each before a change: after it, changes() says who gained and who lost
 * (bulk_can_access_stream_metadata_user_ids before and after), both in ascending order as
 * metadataAccessUserIds gives them (emitStreamDelete sorts its recipients anyway).
 */
export function watchMetadataAccess(world: World, groupId: number) {
  const store = world.store;
  const reaches = (v: GroupSettingValue) => recursiveSubgroupIds(store, typeof v === 'number' ? [v] : v.direct_subgroups).has(groupId);
  const channels = store
    .channels()
    .filter((c) => reaches(c.can_add_subscribers_group) || reaches(c.can_administer_channel_group) || reaches(c.can_subscribe_group))
    .sort((a, b) => a.stream_id - b.stream_id);
  const before = channels.map((c) => new Set(metadataAccessUserIds(store, c, world.nowMs())));
  return {
    changes() {
      return channels.map((c, i) => {
        const old = before[i] as Set<number>;
        const now = metadataAccessUserIds(store, c, world.nowMs());
        const nowSet = new Set(now);
        return { channel: c, gained: now.filter((id) => !old.has(id)), lost: [...old].filter((id) => !nowSet.has(id)) };
      });
    },
  };
}
