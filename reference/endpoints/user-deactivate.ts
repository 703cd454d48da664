// DELETE /users/{user_id} — zulip/zulip zerver/views/users.py (deactivate_user_backend).
// Parameters are read first (a too-long comment is refused before the user is looked
// up); `actions` (FL 459) is a JSON object, documented as a query parameter even for
// DELETE: query and body are merged, so either works here.
import { z } from 'zod';
import { checkDeactivateUser, doDeactivateUser } from '../actions/deactivate-user.ts';
import { atLeast } from '../domain/feature-levels.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

const COMMENT_MAX = 2000;

const actionsSchema = z.object({
  delete_profile: z.boolean().default(false),
  delete_public_channel_messages: z.boolean().default(false),
  delete_private_channel_messages: z.boolean().default(false),
  delete_direct_messages: z.boolean().default(false),
});
const NO_ACTIONS = actionsSchema.parse({});
const ACTIONS = json(actionsSchema).default(NO_ACTIONS);

export function deactivateUser(ctx: Ctx): Record<string, unknown> {
  // Before feature level 459 `actions` is no parameter.
  const actions = atLeast(ctx.world, 'deactivate_user_actions') ? ctx.params.one('actions', ACTIONS) : NO_ACTIONS;
  const p = ctx.params.read({
    // Capped in code points, as Python counts them.
    deactivation_notification_comment: str(
      z.string().refine((s) => [...s].length <= COMMENT_MAX, { message: `{var} is too long (limit: ${COMMENT_MAX} characters)` }),
    ).optional(),
  });
  const target = checkDeactivateUser(ctx.world, ctx.me, ctx.pathInt('user_id'));
  doDeactivateUser(ctx.world, ctx.me, target, actions, p.deactivation_notification_comment?.trim());
  return {};
}
