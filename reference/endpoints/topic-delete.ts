// POST /streams/{stream_id}/delete_topic — zulip/zulip zerver/views/streams.py (delete_in_topic).
import { checkCanDeleteTopics, checkDeleteTopic, doDeleteTopic } from '../actions/delete-topic.ts';
import type { Ctx } from '../request/context.ts';
import { str } from '../request/params.ts';

export function deleteTopic(ctx: Ctx): Record<string, unknown> {
  // require_realm_admin wraps the view: the role is checked before any parameter is read.
  checkCanDeleteTopics(ctx.me);
  const { topic_name } = ctx.params.read({ topic_name: str() });
  const plan = checkDeleteTopic(ctx.world, ctx.me, { streamId: ctx.pathInt('stream_id'), topicName: topic_name });
  return doDeleteTopic(ctx.world, ctx.me, plan);
}
