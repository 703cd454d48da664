// GET /user_groups, POST /user_groups/create, POST /user_groups/{user_group_id}/subgroups
// — zulip/zulip zerver/views/user_groups.py (get_user_groups, add_user_group,
// update_subgroups_of_user_group). The decorators (guests, bots, can_create_groups)
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
import { formatUserGroup } from '../domain/user-groups.ts';
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
