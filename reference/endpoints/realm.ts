// PATCH /realm — zulip/zulip zerver/views/realm.py (update_realm). Conformance suites
// set realm policy this way, so the settings that the message and channel rules read
// are all here; the change itself is actions/update-realm.ts.
import { z } from 'zod';
import { checkUpdateRealm, doUpdateRealm, type GroupSettingChange } from '../actions/update-realm.ts';
import { isAdmin } from '../domain/users.ts';
import { RoleRequired } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { groupSettingValue, json, str } from '../request/params.ts';
import { REALM_GROUP_SETTINGS, type RealmGroupSetting } from '../state/types.ts';

const change = json(z.strictObject({ new: groupSettingValue(), old: groupSettingValue().optional() }));
const GROUP_PARAMS = Object.fromEntries(REALM_GROUP_SETTINGS.map((s) => [s, change.optional()]));
const PARAMS = {
  name: str(z.string().min(1).max(40)).optional(),
  description: str(z.string().max(1000)).optional(),
  message_content_delete_limit_seconds: json(z.union([z.int(), z.string()])).optional(),
  moderation_request_channel_id: json(z.int()).optional(),
  new_stream_announcements_stream_id: json(z.int()).optional(),
  waiting_period_threshold: json(z.int().min(0)).optional(),
  topics_policy: str(z.enum(['allow_empty_topic', 'disable_empty_topic'])).optional(),
  enable_spectator_access: json(z.boolean()).optional(),
  allow_message_editing: json(z.boolean()).optional(),
  message_content_edit_limit_seconds: json(z.union([z.int(), z.string()])).optional(),
  move_messages_within_stream_limit_seconds: json(z.union([z.int(), z.string()])).optional(),
  move_messages_between_streams_limit_seconds: json(z.union([z.int(), z.string()])).optional(),
  message_edit_history_visibility_policy: str(z.enum(['all', 'moves', 'none'])).optional(),
  enable_read_receipts: json(z.boolean()).optional(),
};

export function updateRealm(ctx: Ctx): Record<string, unknown> {
  const me = ctx.me;
  // @require_realm_admin runs before the parameters are read.
  if (!isAdmin(me)) throw new RoleRequired('Must be an organization administrator');
  const groupSettings = ctx.params.read(GROUP_PARAMS) as Partial<Record<RealmGroupSetting, GroupSettingChange>>;
  const plan = checkUpdateRealm(ctx.world, me, { groupSettings, ...ctx.params.read(PARAMS) });
  doUpdateRealm(ctx.world, plan);
  return plan.data;
}
