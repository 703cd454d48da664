// POST /messages/render — zulip/zulip zerver/views/message_send.py (render_message_backend):
// the content through the renderer that sending uses, as the caller would send it
// (mentions and channel links resolved as the caller may see them), nothing stored and
// nothing sent. The content is taken as given: no stripping, no length limit, and an
// empty one renders to the empty string (the view has no check of its own).
import { renderForStore } from '../domain/render-message.ts';
import type { Ctx } from '../request/context.ts';
import { str } from '../request/params.ts';

export function renderMessage(ctx: Ctx): Record<string, unknown> {
  const { content } = ctx.params.read({ content: str() });
  return { rendered: renderForStore(ctx.store, content, ctx.me, ctx.nowMs()).html };
}
