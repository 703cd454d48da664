// DELETE /messages/{message_id} — zulip/zulip zerver/views/message_edit.py (delete_message_backend).
import { accessMessageForModify, checkCanDeleteMessage, doDeleteMessage } from '../actions/delete-message.ts';
import type { Ctx } from '../request/context.ts';

export function deleteMessage(ctx: Ctx): Record<string, unknown> {
  const message = accessMessageForModify(ctx.world, ctx.me, ctx.pathInt('message_id'));
  checkCanDeleteMessage(ctx.world, ctx.me, message);
  doDeleteMessage(ctx.world, ctx.me, message);
  return {};
}
