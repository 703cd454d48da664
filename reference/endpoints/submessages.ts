// POST /submessage — zulip/zulip zerver/views/submessage.py (process_submessage).
import { checkSubmessage, doAddSubmessage } from '../actions/submessages.ts';
import type { Ctx } from '../request/context.ts';
import { int, json, str } from '../request/params.ts';

const PARAMS = { content: str(), message_id: json(int()), msg_type: str() };

export function processSubmessage(ctx: Ctx): Record<string, unknown> {
  const input = ctx.params.read(PARAMS);
  const message = checkSubmessage(ctx.world, ctx.me, input);
  doAddSubmessage(ctx.world, ctx.me, message, input);
  return {};
}
