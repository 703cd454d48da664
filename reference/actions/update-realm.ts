// Changing organization settings (PATCH /realm): zulip/zulip zerver/views/realm.py
// (update_realm) and zerver/actions/realm_settings.py (do_set_realm_property,
// do_change_realm_permission_group_setting). checkUpdateRealm validates every value
// before any is applied (the real server applies settings one by one) and returns the
// new realm, the response's echo and the events; doUpdateRealm applies them.
import { hasMetadataAccess } from '../domain/channels.ts';
import { directMembers, systemGroupId } from '../domain/groups.ts';
import { REALM_SETTINGS, canonicalGroupSetting, parseGroupSetting, sameSetting } from '../domain/permissions.ts';
import { BadRequest, ExpectationMismatch, RequestVariableInvalid, RoleRequired } from '../errors.ts';
import type { RealmEvent } from '../state/events.ts';
import { REALM_GROUP_SETTINGS, ROLE, type GroupSettingValue, type Realm, type RealmGroupSetting, type User, type UserGroup } from '../state/types.ts';
import type { World } from '../world.ts';
import { editSettings } from '../domain/message-edit.ts';

/** A group setting's new value, and optionally the value the caller believes it has. */
export interface GroupSettingChange {
  new: GroupSettingValue;
  old?: GroupSettingValue | undefined;
}

export interface RealmUpdate {
  groupSettings: Partial<Record<RealmGroupSetting, GroupSettingChange>>;
  name?: string | undefined;
  description?: string | undefined;
  /** A number of seconds, or 'unlimited'; anything else is refused. */
  message_content_delete_limit_seconds?: number | string | undefined;
  /** A channel id, or -1 for none. */
  moderation_request_channel_id?: number | undefined;
  new_stream_announcements_stream_id?: number | undefined;
  waiting_period_threshold?: number | undefined;
  topics_policy?: 'allow_empty_topic' | 'disable_empty_topic' | undefined;
  enable_spectator_access?: boolean | undefined;
  allow_message_editing?: boolean | undefined;
  /** A number of seconds, or 'unlimited'. */
  message_content_edit_limit_seconds?: number | string | undefined;
  move_messages_within_stream_limit_seconds?: number | string | undefined;
  move_messages_between_streams_limit_seconds?: number | string | undefined;
  message_edit_history_visibility_policy?: 'all' | 'moves' | 'none' | undefined;
  enable_read_receipts?: boolean | undefined;
}

export interface RealmPlan {
  next: Realm;
  /** The response: each changed setting (name and description as "updated"). */
  data: Record<string, unknown>;
  events: RealmEvent[];
}

export function checkUpdateRealm(world: World, me: User, req: RealmUpdate): RealmPlan {
  const store = world.store;
  const realm = store.realm;
  const next: Realm = { ...realm };
  const data: Record<string, unknown> = {};
  const events: RealmEvent[] = [];
  const ownerOnly = (name: string) => {
    if (me.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
    return name;
  };

  // update_realm checks who may change what before it parses or applies any value: the
  // owner-only group settings, and waiting_period_threshold whenever it is sent (even
  // with the current value).
  for (const setting of REALM_GROUP_SETTINGS) {
    if (req.groupSettings[setting] !== undefined && REALM_SETTINGS[setting].ownerOnly) ownerOnly(setting);
  }
  if (req.waiting_period_threshold !== undefined) ownerOnly('waiting_period_threshold');

  for (const setting of REALM_GROUP_SETTINGS) {
    const requested = req.groupSettings[setting];
    if (requested === undefined) continue;
    const config = REALM_SETTINGS[setting];
    if (requested.old !== undefined && !sameSetting(canonicalGroupSetting(store, requested.old), realm[setting])) {
      throw new ExpectationMismatch();
    }
    const value = parseGroupSetting(store, setting, config, requested.new);
    if (sameSetting(value, realm[setting])) continue;
    next[setting] = value;
    data[setting] = value;
    events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { [setting]: value } });
  }

  if (req.message_content_delete_limit_seconds !== undefined) {
    const raw = req.message_content_delete_limit_seconds;
    const value = raw === 'unlimited' ? null : typeof raw === 'number' && raw > 0 ? raw : undefined;
    if (value === undefined) {
      throw new RequestVariableInvalid('message_content_delete_limit_seconds', raw);
    }
    if (value !== realm.message_content_delete_limit_seconds) {
      next.message_content_delete_limit_seconds = value;
      data['message_content_delete_limit_seconds'] = value;
      events.push({ type: 'realm', op: 'update', property: 'message_content_delete_limit_seconds', value });
    }
  }

  for (const key of ['moderation_request_channel_id', 'new_stream_announcements_stream_id'] as const) {
    const raw = req[key];
    if (raw === undefined) continue;
    let value: number | null = null;
    if (raw >= 0) {
      const channel = store.channel(raw);
      if (!channel || !hasMetadataAccess(store, me, channel, world.nowMs())) throw new BadRequest('Invalid channel ID');
      if (key === 'moderation_request_channel_id' && !channel.invite_only) {
        throw new BadRequest('Moderation request channel must be private.');
      }
      value = raw;
    }
    if (value === realm[key] && value !== null) continue;
    next[key] = value;
    // The real server echoes the value sent, -1 included.
    data[key] = raw;
    events.push({ type: 'realm', op: 'update', property: key, value: raw });
  }

  if (req.waiting_period_threshold !== undefined && req.waiting_period_threshold !== realm.waiting_period_threshold) {
    next.waiting_period_threshold = req.waiting_period_threshold;
    data['waiting_period_threshold'] = req.waiting_period_threshold;
    events.push({ type: 'realm', op: 'update', property: 'waiting_period_threshold', value: req.waiting_period_threshold });
  }
  if (req.topics_policy !== undefined && req.topics_policy !== realm.topics_policy) {
    next.topics_policy = req.topics_policy;
    data['topics_policy'] = req.topics_policy;
    events.push({
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { topics_policy: req.topics_policy, mandatory_topics: req.topics_policy === 'disable_empty_topic' },
    });
  }
  if (req.enable_spectator_access !== undefined && req.enable_spectator_access !== realm.enable_spectator_access) {
    next.enable_spectator_access = req.enable_spectator_access;
    data['enable_spectator_access'] = req.enable_spectator_access;
    events.push({ type: 'realm', op: 'update', property: 'enable_spectator_access', value: req.enable_spectator_access });
  }
  checkEditSettings(req, realm, next, data, events);
  if (req.enable_read_receipts !== undefined && req.enable_read_receipts !== (realm.enable_read_receipts ?? false)) {
    next.enable_read_receipts = req.enable_read_receipts;
    data['enable_read_receipts'] = req.enable_read_receipts;
    events.push({ type: 'realm', op: 'update', property: 'enable_read_receipts', value: req.enable_read_receipts });
  }
  for (const key of ['name', 'description'] as const) {
    const value = req[key];
    if (value === undefined || value === realm[key]) continue;
    next[key] = value;
    data[key] = 'updated';
    events.push({ type: 'realm', op: 'update', property: key, value });
  }

  return { next, data, events };
}

/** MessageEditHistoryVisibilityPolicyEnum. */
const HISTORY_POLICY = { all: 1, moves: 2, none: 3 } as const;

/**
 * The message-editing settings (update_realm, do_set_realm_property): the two edit settings
 * are told as update_dict, the history policy by its name, the move limits as update.
 */
function checkEditSettings(req: RealmUpdate, realm: Realm, next: Realm, data: Record<string, unknown>, events: RealmEvent[]): void {
  const current = editSettings(realm);
  for (const key of ['message_content_edit_limit_seconds', 'move_messages_within_stream_limit_seconds', 'move_messages_between_streams_limit_seconds'] as const) {
    const raw = req[key];
    if (raw === undefined) continue;
    const value = raw === 'unlimited' ? null : typeof raw === 'number' && raw > 0 ? raw : undefined;
    if (value === undefined) throw new RequestVariableInvalid(key, raw);
    if (value === current[key]) continue;
    next[key] = value;
    data[key] = value;
    events.push(
      key === 'message_content_edit_limit_seconds'
        ? { type: 'realm', op: 'update_dict', property: 'default', data: { [key]: value } }
        : { type: 'realm', op: 'update', property: key, value },
    );
  }
  if (req.allow_message_editing !== undefined && req.allow_message_editing !== current.allow_message_editing) {
    next.allow_message_editing = req.allow_message_editing;
    data['allow_message_editing'] = req.allow_message_editing;
    events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { allow_message_editing: req.allow_message_editing } });
  }
  const policy = req.message_edit_history_visibility_policy;
  if (policy !== undefined && policy !== current.message_edit_history_visibility_policy) {
    next.message_edit_history_visibility_policy = policy;
    data['message_edit_history_visibility_policy'] = HISTORY_POLICY[policy];
    events.push({ type: 'realm', op: 'update', property: 'message_edit_history_visibility_policy', value: policy });
  }
}

/**
 * Store the new realm and tell every active user about each change; a new waiting period
 * changes who is a full member (update_users_in_full_members_system_group), told as
 * role:fullmembers' remove_members and add_members.
 */
export function doUpdateRealm(world: World, plan: RealmPlan): void {
  const store = world.store;
  // Every realm has its system groups (systemGroupId throws for one that does not).
  const fullMembers = store.group(systemGroupId(store, 'role:fullmembers')) as UserGroup;
  const before = directMembers(store, fullMembers, world.nowMs());
  store.setRealm(plan.next);
  const everyone = store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id);
  for (const event of plan.events) store.emit(everyone, event);
  const after = directMembers(store, fullMembers, world.nowMs());
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (removed.length > 0) store.emit(everyone, { type: 'user_group', op: 'remove_members', group_id: fullMembers.id, user_ids: removed });
  if (added.length > 0) store.emit(everyone, { type: 'user_group', op: 'add_members', group_id: fullMembers.id, user_ids: added });
}
