// POST /typing — zulip/zulip zerver/views/typing.py (send_notification_backend). The
// parameters are read in the view's signature order (to, op, type, stream_id, topic),
// so the first malformed one is the one reported.
import { z } from 'zod';
import { checkTyping, doTyping, type TypingRequest } from '../actions/typing.ts';
import { atLeast } from '../domain/feature-levels.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

/** 'private' until feature level 215, 'channel' from 248 (domain/feature-levels.ts). */
const typeParam = (ctx: Ctx) => {
  const types: Array<TypingRequest['type']> = ['direct', 'stream'];
  if (!atLeast(ctx.world, 'typing_private_removed')) types.push('private');
  if (atLeast(ctx.world, 'channel_message_type')) types.push('channel');
  return str(z.string().refine((v) => (types as string[]).includes(v), { message: 'Invalid {var}' })).default('direct');
};

export function setTypingStatus(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    to: json(z.array(z.int()).nullable()).optional(),
    op: str(z.enum(['start', 'stop'])),
    type: typeParam(ctx),
    stream_id: json(z.int().nullable()).optional(),
    // OptionalTopic: stripped, also accepted as `subject`.
    topic: str().alias('subject').optional(),
  });
  const plan = checkTyping(ctx.world, ctx.me, {
    op: p.op,
    type: p.type as TypingRequest['type'],
    to: p.to ?? undefined,
    streamId: p.stream_id ?? undefined,
    topic: p.topic?.trim(),
  });
  doTyping(ctx.world, plan);
  return {};
}
