// The user-group object as the API shows it (zulip/zulip zerver/lib/user_groups.py
// user_groups_in_realm_serialized, get_group_setting_value_for_api): GET /user_groups,
// the user_group add event and the registration response's realm_user_groups.
import type { Store } from '../state/store.ts';
import { USER_GROUP_SETTINGS, type GroupSettingValue, type UserGroup } from '../state/types.ts';
import { directMembers, directSubgroups } from './groups.ts';

/** A setting as the API shows it: an id, or an anonymous group of its active members. */
export function settingForApi(store: Store, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  return {
    direct_members: value.direct_members.filter((id) => store.user(id)?.is_active).sort((a, b) => a - b),
    direct_subgroups: [...value.direct_subgroups].sort((a, b) => a - b),
  };
}

/** The user-group object (user_groups_in_realm_serialized). Key order is fixed. */
export function formatUserGroup(store: Store, group: UserGroup, nowMs: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: group.id,
    name: group.name,
    creator_id: group.creator_id,
    date_created: group.date_created,
    description: group.description,
    members: directMembers(store, group, nowMs),
    direct_subgroup_ids: directSubgroups(store, group).sort((a, b) => a - b),
    is_system_group: group.is_system_group,
  };
  for (const setting of USER_GROUP_SETTINGS) out[setting] = settingForApi(store, group[setting]);
  out['deactivated'] = group.deactivated;
  return out;
}
