// GET /users/me/{stream_id}/topics — zulip/zulip zerver/views/streams.py
// (get_topics_backend) and zerver/lib/topic.py (get_topic_history_for_stream).
// Topics are case-insensitive: each one is listed once, under its most recent
// spelling, with the id of its newest message; newest topic first. With protected
// history only the topics of messages the caller received (holds a UserMessage row
// for) are listed; otherwise every topic of the channel.
import { z } from 'zod';
import { accessChannelById } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

/** Message.EMPTY_TOPIC_FALLBACK_NAME: this endpoint does not translate it. */
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';
export function getTopics(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ allow_empty_topic_name: json(z.boolean()).default(false) });
  const store = ctx.store;
  const me = ctx.me;
  const requireActive = !atLeast(store, 'archived_channel_topics');
  const { channel } = accessChannelById(store, me, ctx.pathInt('stream_id'), ctx.nowMs(), { requireActive });
  const ids = store.channelMessageIds(channel.stream_id);
  const seen = new Set<string>();
  const topics: Array<{ name: string; max_id: number }> = [];
  // Newest first: the first message met of each topic gives its spelling and max_id.
  for (let i = ids.length - 1; i >= 0; i--) {
    const id = ids[i] as number;
    if (!channel.history_public_to_subscribers && store.userMessageFlags(me.user_id, id) === undefined) continue;
    const m = store.message(id);
    if (!m) continue;
    const key = m.topic.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    topics.push({ name: m.topic === '' && !p.allow_empty_topic_name ? EMPTY_TOPIC_FALLBACK_NAME : m.topic, max_id: id });
  }
  return { topics };
}
