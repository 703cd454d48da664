// POST /calls/vidprov/create — zulip/zulip zerver/views/video_calls.py (the Webex call,
// POST /calls/webex/create upstream). No parameters: extra ones are reported as ignored.
import { checkCreateVideoCall, doCreateVideoCall } from '../actions/video-call.ts';
import type { Ctx } from '../request/context.ts';

export function createVideoCall(ctx: Ctx): Record<string, unknown> {
  checkCreateVideoCall(ctx.world, ctx.me);
  return { url: doCreateVideoCall(ctx.world) };
}
