// The user's topic visibility policies (zulip/zulip zerver/lib/user_topics.py
// get_user_topics, get_topic_mutes): every UserTopic row outside archived channels, in
// the order set. The real server keeps them when the user loses access to the channel,
// and so does Understudy.
import type { UserTopicRow } from '../../state/store.ts';
import type { StateContext } from './view.ts';

const MUTED = 1;

function liveRows(ctx: StateContext): UserTopicRow[] {
  return ctx.store.userTopicRows(ctx.user.user_id).filter((row) => ctx.store.channel(row.stream_id)?.is_archived === false);
}

/** user_topics; the empty topic shows as the realm's display name unless empty_topic_name. */
export function userTopicsState(ctx: StateContext): Record<string, unknown> {
  const display = ctx.store.realm.empty_topic_display_name;
  return {
    user_topics: liveRows(ctx).map((row) => ({
      stream_id: row.stream_id,
      topic_name: row.topic_name === '' && !ctx.view.capabilities.empty_topic_name ? display : row.topic_name,
      visibility_policy: row.visibility_policy,
      last_updated: row.last_updated,
    })),
  };
}

/** muted_topics (legacy): [channel name, topic, last change] of each muted topic. */
export function mutedTopicsState(ctx: StateContext): Record<string, unknown> {
  return {
    muted_topics: liveRows(ctx)
      .filter((row) => row.visibility_policy === MUTED)
      .map((row) => [ctx.store.channel(row.stream_id)!.name, row.topic_name, row.last_updated]),
  };
}
