// PATCH /realm — zulip/zulip zerver/views/realm.py (update_realm) and
// zerver/actions/realm_settings.py. Conformance suites set realm policy this way, so
// the settings that the message and channel rules read are all here. Every value is
// validated before any is applied (the real server applies settings one by one).
import { z } from 'zod';
import { REALM_SETTINGS, parseGroupSetting, sameSetting } from '../domain/permissions.ts';
import { hasMetadataAccess } from '../domain/channels.ts';
import { isAdmin } from '../domain/users.ts';
import type { Ctx } from '../http/context.ts';
import { ApiError, BadRequest, RoleRequired } from '../http/errors.ts';
import { groupSettingValue, json, str } from '../http/params.ts';
import { REALM_GROUP_SETTINGS, ROLE, type GroupSettingValue, type Realm } from '../state/types.ts';

const change = json(z.strictObject({ new: groupSettingValue(), old: groupSettingValue().optional() }));

export function updateRealm(ctx: Ctx): Record<string, unknown> {
  const me = ctx.me;
  if (!isAdmin(me)) throw new RoleRequired('Must be an organization administrator');
  const groupChanges = ctx.params.read(Object.fromEntries(REALM_GROUP_SETTINGS.map((s) => [s, change.optional()])));
  const p = ctx.params.read({
    name: str(z.string().min(1).max(40)).optional(),
    description: str(z.string().max(1000)).optional(),
    message_content_delete_limit_seconds: json(z.union([z.int(), z.string()])).optional(),
    moderation_request_channel_id: json(z.int()).optional(),
    new_stream_announcements_stream_id: json(z.int()).optional(),
    waiting_period_threshold: json(z.int().min(0)).optional(),
    topics_policy: str(z.enum(['allow_empty_topic', 'disable_empty_topic'])).optional(),
    enable_spectator_access: json(z.boolean()).optional(),
  });
  const store = ctx.store;
  const realm = store.realm;
  const next: Realm = { ...realm };
  const data: Record<string, unknown> = {};
  const events: Array<Record<string, unknown>> = [];
  const ownerOnly = (name: string) => {
    if (me.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
    return name;
  };

  for (const setting of REALM_GROUP_SETTINGS) {
    const requested = groupChanges[setting] as { new: GroupSettingValue; old?: GroupSettingValue } | undefined;
    if (requested === undefined) continue;
    const config = REALM_SETTINGS[setting];
    if (config.ownerOnly) ownerOnly(setting);
    if (requested.old !== undefined && !sameSetting(requested.old, realm[setting])) {
      throw new ApiError(400, 'EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
    }
    const value = parseGroupSetting(store, setting, config, requested.new);
    if (sameSetting(value, realm[setting])) continue;
    next[setting] = value;
    data[setting] = value;
    events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { [setting]: value } });
  }

  if (p.message_content_delete_limit_seconds !== undefined) {
    const raw = p.message_content_delete_limit_seconds;
    const value = raw === 'unlimited' ? null : typeof raw === 'number' && raw > 0 ? raw : undefined;
    if (value === undefined) {
      throw new ApiError(400, 'REQUEST_VARIABLE_INVALID', `Bad value for 'message_content_delete_limit_seconds': ${String(raw)}`, {
        var_name: 'message_content_delete_limit_seconds',
        bad_value: raw,
      });
    }
    if (value !== realm.message_content_delete_limit_seconds) {
      next.message_content_delete_limit_seconds = value;
      data['message_content_delete_limit_seconds'] = value;
      events.push({ type: 'realm', op: 'update', property: 'message_content_delete_limit_seconds', value });
    }
  }

  for (const key of ['moderation_request_channel_id', 'new_stream_announcements_stream_id'] as const) {
    const raw = p[key];
    if (raw === undefined) continue;
    let value: number | null = null;
    if (raw >= 0) {
      const channel = store.channel(raw);
      if (!channel || !hasMetadataAccess(store, me, channel, ctx.nowMs())) throw new BadRequest('Invalid channel ID');
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

  if (p.waiting_period_threshold !== undefined && p.waiting_period_threshold !== realm.waiting_period_threshold) {
    ownerOnly('waiting_period_threshold');
    next.waiting_period_threshold = p.waiting_period_threshold;
    data['waiting_period_threshold'] = p.waiting_period_threshold;
    events.push({ type: 'realm', op: 'update', property: 'waiting_period_threshold', value: p.waiting_period_threshold });
  }
  if (p.topics_policy !== undefined && p.topics_policy !== realm.topics_policy) {
    next.topics_policy = p.topics_policy;
    data['topics_policy'] = p.topics_policy;
    events.push({
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { topics_policy: p.topics_policy, mandatory_topics: p.topics_policy === 'disable_empty_topic' },
    });
  }
  if (p.enable_spectator_access !== undefined && p.enable_spectator_access !== realm.enable_spectator_access) {
    next.enable_spectator_access = p.enable_spectator_access;
    data['enable_spectator_access'] = p.enable_spectator_access;
    events.push({ type: 'realm', op: 'update', property: 'enable_spectator_access', value: p.enable_spectator_access });
  }
  for (const key of ['name', 'description'] as const) {
    const value = p[key];
    if (value === undefined || value === realm[key]) continue;
    next[key] = value;
    data[key] = 'updated';
    events.push({ type: 'realm', op: 'update', property: key, value });
  }

  store.setRealm(next);
  const everyone = store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id);
  for (const event of events) store.emit(everyone, event);
  return data;
}
