// PATCH /settings — zulip/zulip zerver/views/user_settings.py json_change_settings.
// NOTE: approximation: only enable_drafts_synchronization and the followed-topic push
// settings (enable_followed_topic_push_notifications,
// enable_followed_topic_wildcard_mentions_notify) and presence_enabled are implemented; every other setting is
// reported in ignored_parameters_unsupported, as an unknown parameter would be.
import { z } from 'zod';
import { changeDraftsSynchronization, changePushSetting } from '../actions/user-settings.ts';
import { setPresenceEnabled } from '../actions/presence.ts';
import { userSetting } from '../domain/user-settings.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

const PARAMS = {
  enable_drafts_synchronization: json(z.boolean()).optional(),
  enable_followed_topic_push_notifications: json(z.boolean()).optional(),
  enable_followed_topic_wildcard_mentions_notify: json(z.boolean()).optional(),
  presence_enabled: json(z.boolean()).optional(),
};

export function updateSettings(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(PARAMS);
  if (p.enable_drafts_synchronization !== undefined) changeDraftsSynchronization(ctx.world, ctx.me, p.enable_drafts_synchronization);
  for (const name of ['enable_followed_topic_push_notifications', 'enable_followed_topic_wildcard_mentions_notify'] as const) {
    const value = p[name];
    if (value !== undefined) changePushSetting(ctx.world, ctx.store.user(ctx.me.user_id) ?? ctx.me, name, value);
  }
  // Only a real change counts (json_change_settings compares with the current value).
  const me = ctx.store.user(ctx.me.user_id) ?? ctx.me;
  if (p.presence_enabled !== undefined && userSetting(me, 'presence_enabled') !== p.presence_enabled) setPresenceEnabled(ctx.world, me, p.presence_enabled);
  return {};
}
