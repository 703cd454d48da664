// Group-based permissions: which group-setting value each setting may take, and
// whether a user holds a permission. One table per kind of setting, mirroring
// zulip/zulip zerver/models/groups.py (GroupPermissionSetting), zerver/models/realms.py
// (REALM_PERMISSION_GROUP_SETTINGS), zerver/models/streams.py
// (stream_permission_group_settings), and zerver/lib/user_groups.py
// (user_has_permission_for_group_setting, access_user_group_for_setting).
// No setting may be role:internet; a setting that may not be role:everyone never
// admits a guest, whatever group it names.
import { BadRequest } from '../http/errors.ts';
import type { Store } from '../state/store.ts';
import type { ChannelGroupSetting, GroupSettingValue, RealmGroupSetting, User, UserGroupSetting } from '../state/types.ts';
import { isUserInSetting, type SystemGroupName } from './groups.ts';
import { isGuest } from './users.ts';

export interface SettingConfig {
  allowEveryone: boolean;
  /** Only these system groups (and no other group) are allowed. */
  allowedSystemGroups?: readonly SystemGroupName[];
  /** Changing it needs an organization owner. */
  ownerOnly?: boolean;
}

const open: SettingConfig = { allowEveryone: true };
const members: SettingConfig = { allowEveryone: false };

export const CHANNEL_SETTINGS: Record<ChannelGroupSetting, SettingConfig> = {
  can_add_subscribers_group: members,
  can_administer_channel_group: members,
  can_create_topic_group: open,
  can_delete_any_message_group: open,
  can_delete_own_message_group: open,
  can_move_messages_out_of_channel_group: open,
  can_move_messages_within_channel_group: open,
  can_remove_subscribers_group: open,
  can_resolve_topics_group: open,
  can_send_message_group: open,
  can_subscribe_group: members,
};

export const USER_GROUP_SETTINGS_CONFIG: Record<UserGroupSetting, SettingConfig> = {
  can_add_members_group: members,
  can_join_group: members,
  can_leave_group: open,
  can_manage_group: members,
  can_mention_group: open,
  can_remove_members_group: members,
};

const owners: SettingConfig = { allowEveryone: false, ownerOnly: true };

export const REALM_SETTINGS: Record<RealmGroupSetting, SettingConfig> = {
  can_access_all_users_group: { allowEveryone: true, allowedSystemGroups: ['role:everyone', 'role:members'] },
  can_add_custom_emoji_group: members,
  can_add_subscribers_group: members,
  can_create_bots_group: members,
  can_create_groups: owners,
  can_create_private_channel_group: members,
  can_create_public_channel_group: members,
  can_create_web_public_channel_group: {
    allowEveryone: false,
    allowedSystemGroups: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
  },
  can_create_write_only_bots_group: members,
  can_delete_any_message_group: members,
  can_delete_own_message_group: open,
  can_invite_users_group: owners,
  can_manage_all_groups: owners,
  can_manage_billing_group: owners,
  can_mention_many_users_group: open,
  can_move_messages_between_channels_group: members,
  can_move_messages_between_topics_group: open,
  can_resolve_topics_group: open,
  can_set_delete_message_policy_group: members,
  can_set_topics_policy_group: open,
  can_summarize_topics_group: open,
  create_multiuse_invite_group: owners,
  direct_message_initiator_group: open,
  direct_message_permission_group: open,
};

/** Does the user hold the permission this setting value grants? */
export function hasPermission(store: Store, config: SettingConfig, value: GroupSettingValue, user: User, nowMs: number): boolean {
  if (!config.allowEveryone && isGuest(user)) return false;
  return isUserInSetting(store, value, user.user_id, nowMs);
}

/**
 * Validate a requested group-setting value for `name`, the way the real server's
 * parse_group_setting_value + access_user_group_for_setting do, and normalize it:
 * an anonymous group of one subgroup is that group; an empty one is role:nobody.
 */
export function parseGroupSetting(store: Store, name: string, config: SettingConfig, raw: GroupSettingValue): GroupSettingValue {
  const nobody = store.groupByName('role:nobody');
  if (typeof raw !== 'number') {
    if (config.allowedSystemGroups) throw new BadRequest(`'${name}' must be a system user group.`);
    for (const id of raw.direct_members) {
      const u = store.user(id);
      if (!u || !u.is_active || u.is_system_bot) throw new BadRequest(`Invalid user ID: ${id}`);
    }
    for (const id of raw.direct_subgroups) {
      const g = store.group(id);
      if (!g) throw new BadRequest(`Invalid user group ID: ${id}`);
      if (g.deactivated) throw new BadRequest('User group is deactivated.');
    }
    const members = [...new Set(raw.direct_members)].sort((a, b) => a - b);
    const subgroups = [...new Set(raw.direct_subgroups)].sort((a, b) => a - b);
    if (members.length === 0 && subgroups.length === 0 && nobody) return nobody.id;
    if (members.length === 0 && subgroups.length === 1) return parseGroupSetting(store, name, config, subgroups[0] as number);
    return { direct_members: members, direct_subgroups: subgroups };
  }
  const group = store.group(raw);
  if (!group) throw new BadRequest('Invalid user group');
  if (group.deactivated) throw new BadRequest('User group is deactivated.');
  if (config.allowedSystemGroups) {
    if (!group.is_system_group) throw new BadRequest(`'${name}' must be a system user group.`);
    if (!config.allowedSystemGroups.includes(group.name as SystemGroupName)) {
      throw new BadRequest(`'${name}' setting cannot be set to '${group.name}' group.`);
    }
  }
  if (group.name === 'role:internet') throw new BadRequest(`'${name}' setting cannot be set to 'role:internet' group.`);
  if (group.name === 'role:everyone' && !config.allowEveryone) {
    throw new BadRequest(`'${name}' setting cannot be set to 'role:everyone' group.`);
  }
  return raw;
}

/** Same value? Anonymous groups compare as sets. */
export function sameSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const eq = (x: number[], y: number[]) => x.length === y.length && [...x].sort().join() === [...y].sort().join();
  return eq(a.direct_members, b.direct_members) && eq(a.direct_subgroups, b.direct_subgroups);
}
