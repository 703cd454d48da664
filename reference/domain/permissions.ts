// Group-based permissions: which group-setting value each setting may take, and
// whether a user holds a permission. One table per kind of setting, mirroring
// zulip/zulip zerver/models/groups.py (GroupPermissionSetting), zerver/models/realms.py
// (REALM_PERMISSION_GROUP_SETTINGS), zerver/models/streams.py
// (stream_permission_group_settings), and zerver/lib/user_groups.py
// (user_has_permission_for_group_setting, access_user_group_for_setting).
// No setting may be role:internet (allow_internet_group is false for every realm,
// channel and user-group setting); a setting that may not be role:everyone never
// admits a guest, whatever group it names (user_has_permission_for_group_setting).
import { BadRequest } from '../errors.ts';
import { atLeast } from './feature-levels.ts';
import type { Store } from '../state/store.ts';
import { CHANNEL_GROUP_SETTINGS, type ChannelGroupSetting, type GroupSettingValue, type RealmGroupSetting, type User, type UserGroupSetting } from '../state/types.ts';
import { isUserInSetting, systemGroupId, type SystemGroupName } from './groups.ts';
import { isGuest } from './users.ts';

export interface SettingConfig {
  /** allow_everyone_group: may it be role:everyone? When false, guests never hold it. */
  allowEveryone: boolean;
  /** allow_nobody_group (default true). */
  allowNobody?: boolean;
  /** require_system_group: a named system group only, never an anonymous group. */
  requireSystemGroup?: boolean;
  /** allowed_system_groups: only these (system) groups. */
  allowedSystemGroups?: readonly SystemGroupName[];
  /** May it be role:owners (default true)? Only can_mention_group said no, before feature level 326 (allow_owners_group). */
  allowOwners?: boolean;
  /** Changing it needs an organization owner. */
  ownerOnly?: boolean;
  /** The value of a new realm, channel or group: a system group, or an anonymous group of the creator. */
  default: SystemGroupName | 'creator';
}

const open = (d: SettingConfig['default']): SettingConfig => ({ allowEveryone: true, default: d });
const members = (d: SettingConfig['default']): SettingConfig => ({ allowEveryone: false, default: d });

export const CHANNEL_SETTINGS: Record<ChannelGroupSetting, SettingConfig> = {
  can_add_subscribers_group: members('role:nobody'),
  can_administer_channel_group: members('creator'),
  can_create_topic_group: open('role:everyone'),
  can_delete_any_message_group: open('role:nobody'),
  can_delete_own_message_group: open('role:nobody'),
  can_move_messages_out_of_channel_group: open('role:nobody'),
  can_move_messages_within_channel_group: open('role:nobody'),
  can_remove_subscribers_group: open('role:administrators'),
  can_resolve_topics_group: open('role:nobody'),
  can_send_message_group: open('role:everyone'),
  can_subscribe_group: members('role:nobody'),
};

export const USER_GROUP_SETTINGS_CONFIG: Record<UserGroupSetting, SettingConfig> = {
  can_add_members_group: members('creator'),
  can_join_group: members('role:nobody'),
  can_leave_group: open('role:everyone'),
  can_manage_group: members('creator'),
  // Before feature level 326 can_mention_group could not be 'role:owners' (allow_owners_group
  // false); from it on GroupPermissionSetting has no allow_owners_group and
  // zerver/lib/user_groups.py::check_setting_configuration_for_system_groups no such check.
  can_mention_group: { allowEveryone: true, allowOwners: false, default: 'role:everyone' },
  can_remove_members_group: members('role:nobody'),
};

const owners = (d: SettingConfig['default']): SettingConfig => ({ allowEveryone: false, ownerOnly: true, default: d });

/** In the order of Realm.REALM_PERMISSION_GROUP_SETTINGS, which update_realm follows. */
export const REALM_SETTINGS: Record<RealmGroupSetting, SettingConfig> = {
  create_multiuse_invite_group: owners('role:administrators'),
  can_access_all_users_group: {
    allowEveryone: true,
    allowNobody: false,
    requireSystemGroup: true,
    allowedSystemGroups: ['role:everyone', 'role:members'],
    default: 'role:everyone',
  },
  can_add_subscribers_group: members('role:members'),
  can_add_custom_emoji_group: members('role:members'),
  can_create_bots_group: members('role:members'),
  can_create_groups: owners('role:members'),
  can_create_public_channel_group: members('role:members'),
  can_create_private_channel_group: members('role:members'),
  can_create_web_public_channel_group: {
    allowEveryone: false,
    requireSystemGroup: true,
    allowedSystemGroups: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
    default: 'role:owners',
  },
  can_create_write_only_bots_group: members('role:members'),
  can_delete_any_message_group: members('role:administrators'),
  can_delete_own_message_group: open('role:everyone'),
  can_invite_users_group: owners('role:members'),
  can_manage_all_groups: { ...owners('role:owners'), allowNobody: false },
  can_manage_billing_group: { ...owners('role:administrators'), allowNobody: false },
  can_mention_many_users_group: open('role:administrators'),
  can_move_messages_between_channels_group: members('role:members'),
  can_move_messages_between_topics_group: open('role:everyone'),
  can_resolve_topics_group: open('role:everyone'),
  can_set_delete_message_policy_group: members('role:moderators'),
  can_set_topics_policy_group: open('role:members'),
  can_summarize_topics_group: open('role:everyone'),
  direct_message_initiator_group: open('role:everyone'),
  direct_message_permission_group: open('role:everyone'),
};

/** A new channel's or group's value of a setting: the named system group, or its creator alone. */
export function defaultSetting(store: Store, config: SettingConfig, creatorId: number): GroupSettingValue {
  if (config.default !== 'creator') return systemGroupId(store, config.default);
  return { direct_members: [creatorId], direct_subgroups: [] };
}

/** Does the user hold the permission this setting value grants? */
export function hasPermission(store: Store, config: SettingConfig, value: GroupSettingValue, user: User, nowMs: number): boolean {
  if (!config.allowEveryone && isGuest(user)) return false;
  return isUserInSetting(store, value, user.user_id, nowMs);
}

/**
 * parse_group_setting_value alone (zerver/lib/user_groups.py): an anonymous group of exactly
 * one subgroup and no members is that group; an empty one is role:nobody. update_realm
 * reads both `new` and `old` through it.
 */
export function canonicalGroupSetting(store: Store, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const { direct_members: m, direct_subgroups: g } = value;
  if (m.length === 0 && g.length === 1) return g[0] as number;
  if (m.length === 0 && g.length === 0) return systemGroupId(store, 'role:nobody');
  return value;
}

/**
 * Validate a requested group-setting value for `name` and normalize it, in the real
 * server's order: parse_group_setting_value first (an anonymous group of exactly one
 * subgroup and no members is that group; an empty one is role:nobody), then
 * access_user_group_for_setting with check_setting_configuration_for_system_groups.
 * An anonymous group keeps its members and subgroups, deduplicated and sorted.
 */
export function parseGroupSetting(store: Store, name: string, config: SettingConfig, raw: GroupSettingValue): GroupSettingValue {
  const value = canonicalGroupSetting(store, raw);
  if (typeof value === 'number') {
    checkNamedGroupForSetting(store, name, config, value);
    return value;
  }
  if (config.requireSystemGroup) throw new BadRequest(`'${name}' must be a system user group.`);
  for (const id of value.direct_members) {
    const u = store.user(id);
    if (!u || !u.is_active || u.is_system_bot) throw new BadRequest(`Invalid user ID: ${id}`);
  }
  const missing = value.direct_subgroups.find((id) => !store.group(id));
  if (missing !== undefined) throw new BadRequest(`Invalid user group ID: ${missing}`);
  if (value.direct_subgroups.some((id) => store.group(id)?.deactivated)) throw new BadRequest('User group is deactivated.');
  return {
    direct_members: [...new Set(value.direct_members)].sort((a, b) => a - b),
    direct_subgroups: [...new Set(value.direct_subgroups)].sort((a, b) => a - b),
  };
}

function checkNamedGroupForSetting(store: Store, name: string, config: SettingConfig, id: number): void {
  const group = store.group(id);
  if (!group) throw new BadRequest('Invalid user group');
  if (group.deactivated) throw new BadRequest('User group is deactivated.');
  if (config.requireSystemGroup && !group.is_system_group) throw new BadRequest(`'${name}' must be a system user group.`);
  const refuse = (groupName: string) => new BadRequest(`'${name}' setting cannot be set to '${groupName}' group.`);
  if (group.name === 'role:internet') throw refuse('role:internet');
  if (config.allowNobody === false && group.name === 'role:nobody') throw refuse('role:nobody');
  if (!config.allowEveryone && group.name === 'role:everyone') throw refuse('role:everyone');
  if (config.allowOwners === false && group.name === 'role:owners' && !atLeast(store, 'mention_group_owners')) throw refuse('role:owners');
  if (config.allowedSystemGroups && !config.allowedSystemGroups.includes(group.name as SystemGroupName)) throw refuse(group.name);
}

/** Same value? Anonymous groups compare as sets. */
export function sameSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const eq = (x: number[], y: number[]) => x.length === y.length && [...x].sort().join() === [...y].sort().join();
  return eq(a.direct_members, b.direct_members) && eq(a.direct_subgroups, b.direct_subgroups);
}

/** Stream.stream_permission_group_settings, in its order (PATCH /streams changes and objections to deactivating a group follow it). */
export const CHANNEL_SETTING_ORDER: readonly ChannelGroupSetting[] = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_send_message_group',
  'can_subscribe_group',
  'can_resolve_topics_group',
];
if (CHANNEL_SETTING_ORDER.length !== CHANNEL_GROUP_SETTINGS.length) throw new Error('CHANNEL_SETTING_ORDER misses a channel setting');
