// POST / DELETE /messages/{message_id}/reactions — zulip/zulip zerver/views/reactions.py
// (add_reaction, remove_reaction). The parameters are read before the message is looked up.
import { checkAddReaction, checkRemoveReaction, doAddReaction, doRemoveReaction } from '../actions/reactions.ts';
import type { Ctx } from '../request/context.ts';
import { str } from '../request/params.ts';

const ADD = { emoji_code: str().optional(), emoji_name: str(), reaction_type: str().optional() };
const REMOVE = { emoji_code: str().optional(), emoji_name: str().optional(), reaction_type: str().optional() };

export function addReaction(ctx: Ctx): Record<string, unknown> {
  const input = ctx.params.read(ADD);
  doAddReaction(ctx.world, ctx.me, checkAddReaction(ctx.world, ctx.me, ctx.pathInt('message_id'), input));
  return {};
}

export function removeReaction(ctx: Ctx): Record<string, unknown> {
  const input = ctx.params.read(REMOVE);
  doRemoveReaction(ctx.world, ctx.me, checkRemoveReaction(ctx.world, ctx.me, ctx.pathInt('message_id'), input));
  return {};
}
