// Changing a user group: its name, description and permission settings (PATCH
// /user_groups/{id}, with reactivation), its members (POST /user_groups/{id}/members) and
// its deactivation. zulip/zulip zerver/views/user_groups.py (edit_user_group,
// update_user_group_backend, add_members_to_group_backend, remove_members_from_group_backend,
// deactivate_user_group), zerver/lib/user_groups.py (access_user_group_for_update,
// check_user_group_can_be_deactivated, validate_group_setting_value_change) and
// zerver/actions/user_groups.py (do_update_user_group_name and friends). The real views
// run in one transaction, so a later refusal undoes earlier steps: here every check runs
// first, in the views' order, and the plan is applied only when all passed.
import { canonicalGroupSetting, parseGroupSetting, sameSetting, USER_GROUP_SETTINGS_CONFIG, CHANNEL_SETTING_ORDER, CHANNEL_SETTINGS, REALM_SETTINGS } from '../domain/permissions.ts';
import { settingForApi } from '../domain/user-groups.ts';
import { ApiError, BadRequest, ExpectationMismatch } from '../errors.ts';
import type { ServerEvent } from '../state/events.ts';
import {
  USER_GROUP_SETTINGS,
  type ChannelGroupSetting,
  type RealmGroupSetting,
  type GroupSettingValue,
  type User,
  type UserGroup,
  type UserGroupSetting,
} from '../state/types.ts';
import type { World } from '../world.ts';
import { activeUserIds, emitStreamCreate, emitStreamDelete } from './channel-events.ts';
import { internalSend, notificationBot } from './internal-send.ts';
import { silentMention } from './subscription-notices.ts';
import {
  accessUserGroupForUpdate,
  checkActiveUsers,
  checkSubgroupChanges,
  checkUserGroupName,
  doUpdateSubgroups,
  groupAddEvent,
  watchMetadataAccess,
  type SubgroupPlan,
} from './user-groups.ts';

// ---- PATCH /user_groups/{id} ------------------------------------------------------------

export interface GroupSettingChange {
  new: GroupSettingValue;
  old?: GroupSettingValue | undefined;
}

export interface EditGroupRequest {
  name?: string | undefined;
  description?: string | undefined;
  deactivated?: boolean | undefined;
  settings: Partial<Record<UserGroupSetting, GroupSettingChange>>;
}

export interface EditGroupPlan {
  group: UserGroup;
  name?: string;
  description?: string;
  reactivate: boolean;
  settings: Partial<Record<UserGroupSetting, GroupSettingValue>>;
}

export function checkEditUserGroup(world: World, me: User, groupId: number, req: EditGroupRequest): EditGroupPlan {
  const store = world.store;
  const anySetting = USER_GROUP_SETTINGS.some((s) => req.settings[s] !== undefined);
  if (req.name === undefined && req.description === undefined && req.deactivated === undefined && !anySetting) {
    throw new BadRequest('No new data supplied');
  }
  // allow_deactivated=True: a deactivated group's name, description and settings may change.
  const group = accessUserGroupForUpdate(world, me, groupId, 'can_manage_group', true);
  const plan: EditGroupPlan = { group, reactivate: false, settings: {} };
  if (req.name !== undefined && req.name !== group.name) {
    checkUserGroupName(req.name);
    // The unique (realm, name) constraint: deactivated groups' names count too.
    if (store.groupByName(req.name)) throw new BadRequest(`User group '${req.name}' already exists.`);
    plan.name = req.name;
  }
  if (req.description !== undefined && req.description !== group.description) plan.description = req.description;
  plan.reactivate = req.deactivated === false && group.deactivated;
  for (const setting of USER_GROUP_SETTINGS) {
    const requested = req.settings[setting];
    if (requested === undefined) continue;
    const current = settingForApi(store, group[setting]);
    const next = canonicalGroupSetting(store, requested.new);
    if (requested.old !== undefined && !sameSetting(canonicalGroupSetting(store, requested.old), current)) throw new ExpectationMismatch();
    if (sameSetting(next, current)) continue;
    plan.settings[setting] = parseGroupSetting(store, setting, USER_GROUP_SETTINGS_CONFIG[setting], requested.new);
  }
  return plan;
}

/** The changes in the real view's order: name, description, reactivation, then each setting; one event each. */
export function doEditUserGroup(world: World, plan: EditGroupPlan): void {
  const store = world.store;
  const id = plan.group.id;
  const users = activeUserIds(store);
  const current = () => store.group(id) as UserGroup;
  if (plan.name !== undefined) {
    store.putGroup({ ...current(), name: plan.name });
    // `deactivated` routes the event (clients without include_deactivated_groups never hear of a
    // deactivated group's new name) and is taken off before delivery.
    store.emit(users, { type: 'user_group', op: 'update', group_id: id, data: { name: plan.name }, deactivated: current().deactivated });
  }
  if (plan.description !== undefined) {
    store.putGroup({ ...current(), description: plan.description });
    store.emit(users, { type: 'user_group', op: 'update', group_id: id, data: { description: plan.description } });
  }
  if (plan.reactivate) {
    store.putGroup({ ...current(), deactivated: false });
    store.emit(users, { type: 'user_group', op: 'update', group_id: id, data: { deactivated: false } });
    const g = current();
    // NOTE: approximation: the real event lists the group's direct members as stored, deactivated users
    // included, in the database's order; here the active ones, ascending.
    const members = g.members.filter((m) => store.user(m)?.is_active).sort((a, b) => a - b);
    store.emit(users, groupAddEvent(world, g, members, [...g.direct_subgroup_ids], true));
  }
  for (const setting of USER_GROUP_SETTINGS) {
    const value = plan.settings[setting];
    if (value === undefined) continue;
    store.putGroup({ ...current(), [setting]: value });
    store.emit(users, { type: 'user_group', op: 'update', group_id: id, data: { [setting]: settingForApi(store, value) } });
  }
}

// ---- POST /user_groups/{id}/members -------------------------------------------------------

export interface MembersRequest {
  add?: number[] | undefined;
  delete?: number[] | undefined;
  add_subgroups?: number[] | undefined;
  delete_subgroups?: number[] | undefined;
}

export interface MembersPlan {
  group: UserGroup;
  add: number[];
  remove: number[];
  subgroups: SubgroupPlan | null;
  actor: User;
}

const some = (l: number[] | undefined): l is number[] => l !== undefined && l.length > 0;

/**
 * update_user_group_backend: add, delete, add_subgroups, delete_subgroups, in that order, in
 * one transaction: each step is checked against the group as the steps before it leave it.
 */
export function checkUpdateMembers(world: World, me: User, groupId: number, req: MembersRequest): MembersPlan {
  const store = world.store;
  if (!some(req.add) && !some(req.delete) && !some(req.add_subgroups) && !some(req.delete_subgroups)) {
    throw new BadRequest('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".');
  }
  const self = (ids: number[]) => ids.length === 1 && ids[0] === me.user_id;
  /** Joining or leaving oneself: can_join_group / can_leave_group, else the general permission. */
  const access = (ids: number[], own: UserGroupSetting, other: UserGroupSetting): UserGroup => {
    if (self(ids)) {
      try {
        return accessUserGroupForUpdate(world, me, groupId, own);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
      }
    }
    return accessUserGroupForUpdate(world, me, groupId, other);
  };
  let group: UserGroup | undefined;
  let members = new Set((store.group(groupId)?.members ?? []).filter((id) => store.user(id)?.is_active));
  const plan = { add: [] as number[], remove: [] as number[] };
  if (some(req.add)) {
    group = access(req.add, 'can_join_group', 'can_add_members_group');
    const ids = checkActiveUsers(store, req.add);
    const already = ids.find((id) => members.has(id));
    if (already !== undefined) throw new BadRequest(`User ${already} is already a member of this group`);
    plan.add = ids;
    members = new Set([...members, ...ids]);
  }
  if (some(req.delete)) {
    // remove_members_from_group_backend reads the users before it checks access.
    const ids = checkActiveUsers(store, req.delete);
    group = access(req.delete, 'can_leave_group', 'can_remove_members_group');
    const absent = req.delete.find((id) => !members.has(id));
    if (absent !== undefined) throw new BadRequest(`There is no member '${absent}' in this user group`);
    plan.remove = ids;
  }
  let subgroups: SubgroupPlan | null = null;
  if (some(req.add_subgroups) || some(req.delete_subgroups)) {
    subgroups = checkSubgroupChanges(world, me, groupId, req.add_subgroups, req.delete_subgroups);
    group ??= store.group(groupId);
  }
  return { group: group as UserGroup, ...plan, subgroups, actor: me };
}

export function doUpdateMembers(world: World, plan: MembersPlan): void {
  const store = world.store;
  const id = plan.group.id;
  if (plan.add.length > 0) {
    const watch = watchMetadataAccess(world, id);
    const g = store.group(id) as UserGroup;
    store.putGroup({ ...g, members: [...g.members.filter((m) => !plan.add.includes(m)), ...plan.add] });
    store.emit(activeUserIds(store), { type: 'user_group', op: 'add_members', group_id: id, user_ids: plan.add });
    for (const { channel, gained } of watch.changes()) {
      if (gained.length === 0) continue;
      emitStreamCreate(store, channel, gained, world.nowSeconds());
      store.emit(gained, { type: 'subscription', op: 'peer_add', stream_ids: [channel.stream_id], user_ids: store.subscribers(channel.stream_id) });
    }
    notifyMembers(world, plan.actor, plan.add, store.group(id) as UserGroup, 'added you to');
  }
  if (plan.remove.length > 0) {
    const watch = watchMetadataAccess(world, id);
    const g = store.group(id) as UserGroup;
    const gone = new Set(plan.remove);
    store.putGroup({ ...g, members: g.members.filter((m) => !gone.has(m)) });
    store.emit(activeUserIds(store), { type: 'user_group', op: 'remove_members', group_id: id, user_ids: plan.remove });
    for (const { channel, lost } of watch.changes()) emitStreamDelete(store, [channel], lost);
    notifyMembers(world, plan.actor, plan.remove, store.group(id) as UserGroup, 'removed you from');
  }
  if (plan.subgroups) doUpdateSubgroups(world, plan.subgroups);
}

/** notify_for_user_group_subscription_changes: a direct message from Notification Bot to each human but the actor. */
function notifyMembers(world: World, actor: User, ids: number[], group: UserGroup, verb: string): void {
  const bot = notificationBot(world);
  for (const id of ids) {
    const u = world.store.user(id);
    if (!u || id === actor.user_id || u.is_bot) continue;
    internalSend(world, bot, { dm_user_ids: [id] }, `${silentMention(actor)} ${verb} the group @_*${group.name}*.`);
  }
}

// ---- POST /user_groups/{id}/deactivate ----------------------------------------------------

/** The objections list channel settings in Stream.stream_permission_group_settings order. */
const CHANNEL_OBJECTION_ORDER = CHANNEL_SETTING_ORDER;

/** Realm.REALM_PERMISSION_GROUP_SETTINGS, in its order: the order of domain/permissions.ts REALM_SETTINGS. */
const REALM_OBJECTION_ORDER = Object.keys(REALM_SETTINGS) as RealmGroupSetting[];

/** Where a setting value names the group, directly or as a subgroup of its anonymous group. */
function usesGroup(value: GroupSettingValue, groupId: number): boolean {
  return typeof value === 'number' ? value === groupId : value.direct_subgroups.includes(groupId);
}

/** access_user_group_for_deactivation: can_manage_group on an active group, then check_user_group_can_be_deactivated. */
export function checkDeactivateUserGroup(world: World, me: User, groupId: number): UserGroup {
  const store = world.store;
  const group = accessUserGroupForUpdate(world, me, groupId, 'can_manage_group', false);
  const objections: Record<string, unknown>[] = [];
  const live = store.groups().filter((g) => !g.deactivated);
  const supergroups = live.filter((g) => !g.is_system_group && g.direct_subgroup_ids.includes(groupId)).map((g) => g.id);
  if (supergroups.length > 0) objections.push({ type: 'subgroup', supergroup_ids: supergroups });
  for (const channel of [...store.channels()].filter((c) => !c.is_archived).sort((a, b) => a.stream_id - b.stream_id)) {
    const settings = CHANNEL_OBJECTION_ORDER.filter((s) => s in CHANNEL_SETTINGS && usesGroup(channel[s], groupId));
    if (settings.length > 0) objections.push({ type: 'channel', channel_id: channel.stream_id, settings });
  }
  for (const g of live) {
    const settings = USER_GROUP_SETTINGS.filter((s) => usesGroup(g[s], groupId));
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: g.id, settings });
  }
  const realmSettings = REALM_OBJECTION_ORDER.filter((s) => usesGroup(store.realm[s], groupId));
  if (realmSettings.length > 0) objections.push({ type: 'realm', settings: realmSettings });
  if (objections.length > 0) throw new ApiError(400, 'CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', { objections });
  return group;
}

/** do_deactivate_user_group: `update {deactivated: true}` for clients that list deactivated groups, `remove` for the others. */
export function doDeactivateUserGroup(world: World, group: UserGroup): void {
  const store = world.store;
  store.putGroup({ ...(store.group(group.id) as UserGroup), deactivated: true });
  const users = activeUserIds(store);
  const events: ServerEvent[] = [
    { type: 'user_group', op: 'update', group_id: group.id, data: { deactivated: true } },
    { type: 'user_group', op: 'remove', group_id: group.id },
  ];
  for (const e of events) store.emit(users, e);
}
