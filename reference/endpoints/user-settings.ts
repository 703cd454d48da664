// PATCH /settings — zulip/zulip zerver/views/user_settings.py json_change_settings.
// NOTE: approximation: only enable_drafts_synchronization, the push settings
// (enable_offline_push_notifications, enable_stream_push_notifications, wildcard_mentions_notify,
// enable_followed_topic_push_notifications, enable_followed_topic_wildcard_mentions_notify),
// the typing settings (send_stream_typing_notifications, send_private_typing_notifications,
// receives_typing_notifications) and send_read_receipts are implemented; every other setting
// is reported in ignored_parameters_unsupported, as an unknown parameter would be.
import { z } from 'zod';
import { changeDraftsSynchronization, changePushSetting } from '../actions/user-settings.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

const PARAMS = {
  enable_drafts_synchronization: json(z.boolean()).optional(),
  enable_followed_topic_push_notifications: json(z.boolean()).optional(),
  enable_followed_topic_wildcard_mentions_notify: json(z.boolean()).optional(),
  enable_offline_push_notifications: json(z.boolean()).optional(),
  enable_stream_push_notifications: json(z.boolean()).optional(),
  wildcard_mentions_notify: json(z.boolean()).optional(),
  send_stream_typing_notifications: json(z.boolean()).optional(),
  send_private_typing_notifications: json(z.boolean()).optional(),
  receives_typing_notifications: json(z.boolean()).optional(),
  send_read_receipts: json(z.boolean()).optional(),
};

export function updateSettings(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(PARAMS);
  if (p.enable_drafts_synchronization !== undefined) changeDraftsSynchronization(ctx.world, ctx.me, p.enable_drafts_synchronization);
  const names = [
    'enable_followed_topic_push_notifications',
    'enable_followed_topic_wildcard_mentions_notify',
    'enable_offline_push_notifications',
    'enable_stream_push_notifications',
    'wildcard_mentions_notify',
    'send_stream_typing_notifications',
    'send_private_typing_notifications',
    'receives_typing_notifications',
    'send_read_receipts',
  ] as const;
  for (const name of names) {
    const value = p[name];
    if (value !== undefined) changePushSetting(ctx.world, ctx.store.user(ctx.me.user_id) ?? ctx.me, name, value);
  }
  return {};
}
