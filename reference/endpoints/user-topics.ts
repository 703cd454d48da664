// POST /user_topics and the deprecated PATCH /users/me/subscriptions/muted_topics —
// zulip/zulip zerver/views/user_topics.py update_user_topic, update_muted_topic.
import { z } from 'zod';
import { checkMuteTopic, checkUnmuteTopic, checkUserTopic, POLICY, setTopicVisibility } from '../actions/user-topics.ts';
import { BadRequest } from '../errors.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { MAX_TOPIC_LENGTH } from '../domain/limits.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

/** StringConstraints(max_length=MAX_TOPIC_NAME_LENGTH): counted in code points. */
const topicParam = () =>
  str(z.string().refine((s) => [...s].length <= MAX_TOPIC_LENGTH, { message: `{var} is too long (limit: ${MAX_TOPIC_LENGTH} characters)` }));

/** UserTopic.VisibilityPolicy.values; followed (3) from feature level 219. */
function policies(ctx: Ctx): readonly number[] {
  const all: readonly number[] = Object.values(POLICY);
  return atLeast(ctx.store, 'followed_topics') ? all : all.filter((p) => p !== POLICY.followed);
}

export function updateUserTopic(ctx: Ctx): Record<string, unknown> {
  const allowed = policies(ctx);
  const p = ctx.params.read({
    stream_id: json(z.int()),
    topic: topicParam(),
    visibility_policy: json(z.int().refine((n) => allowed.includes(n), { message: 'Invalid {var}: Value error, Not in the list of possible values' })),
  });
  const channel = checkUserTopic(ctx.world, ctx.me, p.stream_id, p.visibility_policy);
  setTopicVisibility(ctx.world, [ctx.me.user_id], channel, p.topic, p.visibility_policy);
  return {};
}

const MUTED_TOPIC = {
  op: str(z.enum(['add', 'remove'])),
  topic: topicParam(),
  stream: str().optional(),
  stream_id: json(z.int()).optional(),
};

export function updateMutedTopic(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(MUTED_TOPIC);
  // check_for_exactly_one_stream_arg.
  if (p.stream_id === undefined && p.stream === undefined) throw new BadRequest("Missing 'stream_id' argument");
  if (p.stream_id !== undefined && p.stream !== undefined) throw new BadRequest('Unsupported parameter combination: stream_id, stream', { parameters: 'stream_id, stream' });
  const ref = { streamId: p.stream_id, name: p.stream };
  if (p.op === 'add') {
    const channel = checkMuteTopic(ctx.world, ctx.me, ref);
    setTopicVisibility(ctx.world, [ctx.me.user_id], channel, p.topic, POLICY.muted);
  } else {
    const channel = checkUnmuteTopic(ctx.world, ref);
    setTopicVisibility(ctx.world, [ctx.me.user_id], channel, p.topic, POLICY.inherit);
  }
  return {};
}
