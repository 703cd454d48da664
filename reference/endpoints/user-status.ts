// POST /users/me/status, POST and GET /users/{user_id}/status — zulip/zulip
// zerver/views/presence.py (update_user_status_backend, update_user_status_admin,
// get_status_backend).
import { z } from 'zod';
import { requireHuman } from '../actions/presence.ts';
import { checkStatusTarget, checkUserStatus, doUpdateUserStatus } from '../actions/user-status.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { userStatusOf } from '../domain/user-status.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

/** status_text: stripped, then at most 60 characters. */
const statusText = str(
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().refine((s) => [...s].length <= 60, { message: '{var} is too long (limit: 60 characters)' })),
).optional();

const OWN = {
  away: json(z.boolean()).optional(),
  emoji_code: str().optional(),
  emoji_name: str().optional(),
  reaction_type: str().optional(),
  status_text: statusText,
};

const ADMIN = {
  status_text: statusText,
  emoji_name: str().optional(),
  emoji_code: str().optional(),
  reaction_type: str().optional(),
};

export function updateOwnStatus(ctx: Ctx): Record<string, unknown> {
  requireHuman(ctx.me);
  const p = ctx.params.read(OWN);
  doUpdateUserStatus(ctx.world, ctx.me, checkUserStatus(p));
  return {};
}

/** From feature level 473 a bot administrator may use it too (the administrator check still applies). */
export function updateUserStatusAsAdmin(ctx: Ctx): Record<string, unknown> {
  if (!atLeast(ctx.store, 'status_admin_bots')) requireHuman(ctx.me);
  const p = ctx.params.read(ADMIN);
  const target = checkStatusTarget(ctx.world, ctx.me, ctx.pathInt('user_id'));
  doUpdateUserStatus(ctx.world, target, checkUserStatus(p));
  return {};
}

/** access_user_by_id(for_admin=False): an active human the caller may know. */
export function getUserStatus(ctx: Ctx): Record<string, unknown> {
  const target = ctx.store.user(ctx.pathInt('user_id'));
  if (target === undefined || target.is_system_bot || target.is_bot) throw new BadRequest('No such user');
  if (!target.is_active) throw new BadRequest('User is deactivated');
  if (!canAccessUser(ctx.store, ctx.me, target, ctx.nowMs())) throw new BadRequest('Insufficient permission');
  return { status: userStatusOf(ctx.store, target) };
}
