// POST and DELETE /users/me/muted_users/{muted_user_id} — zulip/zulip
// zerver/views/muted_users.py (mute_user, unmute_user).
import { checkMuteUser, checkUnmuteUser, doMuteUser, doUnmuteUser } from '../actions/muted-users.ts';
import type { Ctx } from '../request/context.ts';

export function muteUser(ctx: Ctx): Record<string, unknown> {
  doMuteUser(ctx.world, ctx.me, checkMuteUser(ctx.world, ctx.me, ctx.pathInt('muted_user_id')));
  return {};
}

export function unmuteUser(ctx: Ctx): Record<string, unknown> {
  doUnmuteUser(ctx.world, ctx.me, checkUnmuteUser(ctx.world, ctx.me, ctx.pathInt('muted_user_id')));
  return {};
}
