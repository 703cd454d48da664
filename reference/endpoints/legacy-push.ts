// POST / DELETE /users/me/apns_device_token and /users/me/android_gcm_reg_id — zulip/zulip
// zerver/views/push_notifications.py (add_apns_device_token, add_android_reg_id,
// remove_apns_device_token, remove_android_reg_id): humans only (@human_users_only, before
// any parameter is read), then the token's checks.
// NOTE: approximation: the real server sends unencrypted notifications to these registrations
// (through the push bouncer, when configured); Understudy sends none: its mobile notifications
// are the end-to-end encrypted ones (reference/actions/push-notify.ts).
import { z } from 'zod';
import { checkLegacyToken, doAddLegacyToken, doRemoveLegacyToken } from '../actions/legacy-push.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { str } from '../request/params.ts';
import type { PushTokenKind } from '../state/devices.ts';
import type { User } from '../state/types.ts';

const FCM: PushTokenKind = 'kind_a';
const APNS: PushTokenKind = 'kind_b';

function human(ctx: Ctx): User {
  if (ctx.me.bot_type !== null) throw new BadRequest('This endpoint does not accept bot requests.');
  return ctx.me;
}

/** ApnsAppId: StringConstraints(pattern="^[.a-zA-Z0-9-]+$"). */
const appid = str(z.string().refine((v) => /^[.a-zA-Z0-9-]+$/.test(v), { message: '{var} has invalid format' }));

export function addApnsToken(ctx: Ctx): Record<string, unknown> {
  const me = human(ctx);
  const p = ctx.params.read({ appid, token: str() });
  checkLegacyToken(p.token, APNS);
  doAddLegacyToken(ctx.world, me, p.token, APNS, p.appid);
  return {};
}

export function addAndroidToken(ctx: Ctx): Record<string, unknown> {
  const me = human(ctx);
  const p = ctx.params.read({ token: str() });
  checkLegacyToken(p.token, FCM);
  doAddLegacyToken(ctx.world, me, p.token, FCM, null);
  return {};
}

export function removeApnsToken(ctx: Ctx): Record<string, unknown> {
  const me = human(ctx);
  const p = ctx.params.read({ token: str() });
  checkLegacyToken(p.token, APNS);
  doRemoveLegacyToken(ctx.world, me, p.token, APNS);
  return {};
}

export function removeAndroidToken(ctx: Ctx): Record<string, unknown> {
  const me = human(ctx);
  const p = ctx.params.read({ token: str() });
  checkLegacyToken(p.token, FCM);
  doRemoveLegacyToken(ctx.world, me, p.token, FCM);
  return {};
}
