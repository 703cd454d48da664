// DELETE /messages/{message_id} — zulip/zulip zerver/views/message_edit.py (delete_message_backend).
import { accessMessageForModify, checkCanDeleteMessage, doDeleteMessage } from '../actions/delete-message.ts';
import type { Ctx } from '../http/context.ts';

export function deleteMessage(ctx: Ctx): Record<string, unknown> {
  const message = accessMessageForModify(ctx, ctx.pathInt('message_id'));
  checkCanDeleteMessage(ctx, ctx.me, message);
  doDeleteMessage(ctx, ctx.me, message);
  return {};
}
