// POST /mobile_push/register — zulip/zulip zerver/views/push_notifications.py
// register_push_device. Bots are refused before any parameter is read (human_users_only);
// then the parameters, then the action's checks.
import { z } from 'zod';
import { checkRegisterPush, doRegisterPush, refuseBots } from '../actions/register-push.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { PUSH_TOKEN_KINDS, type PushTokenKind } from '../state/devices.ts';

const UINT32_MAX = 2 ** 32 - 1;

/** uint32_validator: an integer, then the range. */
const uint32 = z.unknown().transform((value, ctx) => {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    ctx.addIssue({ code: 'custom', message: '{var} is not an integer' });
    return z.NEVER;
  }
  if (value < 0 || value > UINT32_MAX) {
    ctx.addIssue({ code: 'custom', message: 'Invalid {var}: Value error, Not a valid unsigned 32-bit integer' });
    return z.NEVER;
  }
  return value;
});

const tokenKind = z
  .string()
  .refine((v): v is PushTokenKind => (PUSH_TOKEN_KINDS as readonly string[]).includes(v), {
    message: 'Invalid {var}: Value error, Not in the list of possible values',
  });

export function registerPushDevice(ctx: Ctx): Record<string, unknown> {
  refuseBots(ctx.me);
  const p = ctx.params.read({
    device_id: json(z.int()),
    token_kind: str(tokenKind).optional(),
    push_key: str().optional(),
    push_key_id: json(uint32).optional(),
    bouncer_public_key: str().optional(),
    encrypted_push_registration: str().optional(),
    token_id: str().optional(),
  });
  doRegisterPush(ctx.world, ctx.me, checkRegisterPush(ctx.world, ctx.me, p));
  return {};
}
