// GET /user_groups, POST /user_groups/create, POST /user_groups/{user_group_id}/subgroups,
// PATCH /user_groups/{user_group_id}, GET and POST /user_groups/{user_group_id}/members,
// GET /user_groups/{user_group_id}/members/{user_id}, GET /user_groups/{user_group_id}/subgroups,
// POST /user_groups/{user_group_id}/deactivate — zulip/zulip zerver/views/user_groups.py
// (get_user_groups, add_user_group, update_subgroups_of_user_group, edit_user_group,
// update_user_group_backend, get_user_group_members, get_is_user_group_member,
// get_subgroups_of_user_group, deactivate_user_group). The decorators (guests, bots, can_create_groups)
// run before any parameter is read, as they wrap the real views' typed_endpoint.
import { z } from 'zod';
import {
  checkCreateUserGroup,
  checkUpdateSubgroups,
  doCreateUserGroup,
  doUpdateSubgroups,
  requireGroupCreatePermission,
  requireMemberOrAdmin,
} from '../actions/user-groups.ts';
import {
  checkDeactivateUserGroup,
  checkEditUserGroup,
  checkUpdateMembers,
  doDeactivateUserGroup,
  doEditUserGroup,
  doUpdateMembers,
  type GroupSettingChange,
} from '../actions/user-group-edit.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { directMembers, directSubgroups, recursiveMembers, recursiveSubgroupIds } from '../domain/groups.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { formatUserGroup } from '../domain/user-groups.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { groupSettingValue, intList, json, str } from '../request/params.ts';
import { USER_GROUP_SETTINGS, type GroupSettingValue, type UserGroupSetting } from '../state/types.ts';

export function getUserGroups(ctx: Ctx): Record<string, unknown> {
  requireMemberOrAdmin(ctx.world, ctx.me);
  const p = ctx.params.read({ include_deactivated_groups: json(z.boolean()).default(false) });
  const groups = ctx.store.groups().filter((g) => p.include_deactivated_groups || !g.deactivated);
  return { user_groups: groups.map((g) => formatUserGroup(ctx.store, g, ctx.nowMs())) };
}

export function createUserGroup(ctx: Ctx): Record<string, unknown> {
  const me = requireGroupCreatePermission(ctx.world, ctx.me);
  const settingParams = Object.fromEntries(USER_GROUP_SETTINGS.map((s) => [s, json(groupSettingValue()).optional()]));
  const settings = ctx.params.read(settingParams) as Partial<Record<UserGroupSetting, GroupSettingValue>>;
  const p = ctx.params.read({
    name: str(),
    description: str(),
    members: json(intList()),
    subgroups: json(intList()).optional(),
  });
  const plan = checkCreateUserGroup(ctx.world, me, { ...p, settings });
  const group = doCreateUserGroup(ctx.world, me, plan);
  return { group_id: group.id };
}

export function updateSubgroups(ctx: Ctx): Record<string, unknown> {
  const me = requireMemberOrAdmin(ctx.world, ctx.me);
  const p = ctx.params.read({ add: json(intList()).optional(), delete: json(intList()).optional() });
  const plan = checkUpdateSubgroups(ctx.world, me, ctx.pathInt('user_group_id'), p.add, p.delete);
  doUpdateSubgroups(ctx.world, plan);
  return {};
}

const change = json(z.strictObject({ new: groupSettingValue(), old: groupSettingValue().optional() }));

export function editUserGroup(ctx: Ctx): Record<string, unknown> {
  const me = requireMemberOrAdmin(ctx.world, ctx.me);
  const settings = ctx.params.read(Object.fromEntries(USER_GROUP_SETTINGS.map((s) => [s, change.optional()]))) as Partial<
    Record<UserGroupSetting, GroupSettingChange>
  >;
  const p = ctx.params.read({ name: str().optional(), description: str().optional(), deactivated: json(z.boolean()).optional() });
  const plan = checkEditUserGroup(ctx.world, me, ctx.pathInt('user_group_id'), { ...p, settings });
  doEditUserGroup(ctx.world, plan);
  return {};
}

export function updateUserGroupMembers(ctx: Ctx): Record<string, unknown> {
  const me = requireMemberOrAdmin(ctx.world, ctx.me);
  const p = ctx.params.read({
    add: json(intList()).optional(),
    delete: json(intList()).optional(),
    add_subgroups: json(intList()).optional(),
    delete_subgroups: json(intList()).optional(),
  });
  const plan = checkUpdateMembers(ctx.world, me, ctx.pathInt('user_group_id'), p);
  doUpdateMembers(ctx.world, plan);
  return {};
}

export function deactivateUserGroup(ctx: Ctx): Record<string, unknown> {
  // No require_member_or_admin here: the group's can_manage_group decides.
  const group = checkDeactivateUserGroup(ctx.world, ctx.me, ctx.pathInt('user_group_id'));
  doDeactivateUserGroup(ctx.world, group);
  return {};
}

/** access_user_group_to_read_membership: any group of the realm but a deactivated one. */
function groupToRead(ctx: Ctx) {
  const group = ctx.store.group(ctx.pathInt('user_group_id'));
  if (!group) throw new BadRequest('Invalid user group');
  if (group.deactivated) throw new BadRequest('User group is deactivated.');
  return group;
}

export function getUserGroupMembers(ctx: Ctx): Record<string, unknown> {
  requireMemberOrAdmin(ctx.world, ctx.me);
  const p = ctx.params.read({ direct_member_only: json(z.boolean()).default(false) });
  const group = groupToRead(ctx);
  const members = p.direct_member_only ? directMembers(ctx.store, group, ctx.nowMs()) : [...recursiveMembers(ctx.store, group.id, ctx.nowMs())].sort((a, b) => a - b);
  return { members };
}

export function getIsUserGroupMember(ctx: Ctx): Record<string, unknown> {
  const me = requireMemberOrAdmin(ctx.world, ctx.me);
  const p = ctx.params.read({ direct_member_only: json(z.boolean()).default(false) });
  const group = groupToRead(ctx);
  // access_user_by_id(for_admin=False), with allow_bots=True from feature level 458.
  const target = ctx.store.user(ctx.pathInt('user_id'));
  if (!target || target.is_system_bot) throw new BadRequest('No such user');
  if (target.is_bot && !atLeast(ctx.world, 'group_membership_of_bots')) throw new BadRequest('No such user');
  if (!target.is_active) throw new BadRequest('User is deactivated');
  if (!canAccessUser(ctx.store, me, target, ctx.nowMs())) throw new BadRequest('Insufficient permission');
  const now = ctx.nowMs();
  const member = p.direct_member_only ? directMembers(ctx.store, group, now).includes(target.user_id) : recursiveMembers(ctx.store, group.id, now).has(target.user_id);
  return { is_user_group_member: member };
}

export function getUserGroupSubgroups(ctx: Ctx): Record<string, unknown> {
  requireMemberOrAdmin(ctx.world, ctx.me);
  const p = ctx.params.read({ direct_subgroup_only: json(z.boolean()).default(false) });
  const group = groupToRead(ctx);
  const direct = directSubgroups(ctx.store, group);
  const subgroups = p.direct_subgroup_only ? direct : [...recursiveSubgroupIds(ctx.store, direct)];
  return { subgroups: subgroups.sort((a, b) => a - b) };
}
