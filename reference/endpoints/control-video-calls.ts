// The test-control surface for video calls: grant or revoke a user's token for the
// video-call provider, as the provider's OAuth flow would (README, "Test-control surface").
import { z } from 'zod';
import { setVidprovToken } from '../actions/video-call.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

export function vidprovToken(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ user_id: json(z.int()), has_token: json(z.boolean()) });
  const user = ctx.store.user(p.user_id);
  if (!user) throw new BadRequest(`No user ${p.user_id}`);
  setVidprovToken(ctx.world, user, p.has_token);
  return {};
}
