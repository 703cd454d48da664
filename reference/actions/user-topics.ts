// Topic visibility policies (zulip/zulip zerver/views/user_topics.py update_user_topic,
// update_muted_topic; zerver/actions/user_topics.py bulk_do_set_user_topic_visibility_policy;
// zerver/lib/user_topics.py bulk_set_user_topic_visibility_policy_in_database).
// A user's policy for a topic is one row, matched case-insensitively: setting it to its
// current value, or removing one that does not exist, changes nothing and sends nothing;
// otherwise each user whose row changed gets the deprecated muted_topics event, then the
// user_topic event, naming the topic as the request did.
import { BadRequest } from '../errors.ts';
import { accessChannelById } from '../domain/channels.ts';
import { hasBasicAccess } from '../domain/channels.ts';
import type { Channel, User } from '../state/types.ts';
import type { World } from '../world.ts';

/** UserTopic.VisibilityPolicy. */
export const POLICY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

/** Message.EMPTY_TOPIC_FALLBACK_NAME: a request naming it means the empty topic (maybe_rename_general_chat_to_empty_topic). */
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';

/**
 * bulk_do_set_user_topic_visibility_policy: set the policy of each user, then tell those
 * whose row changed. `skipMutedTopicsEvent`: a message move sends no muted_topics event.
 */
export function setTopicVisibility(
  world: World,
  userIds: readonly number[],
  channel: Channel,
  topicName: string,
  policy: number,
  options: { lastUpdated?: number; skipMutedTopicsEvent?: boolean } = {},
): void {
  const store = world.store;
  const topic = topicName === EMPTY_TOPIC_FALLBACK_NAME ? '' : topicName;
  const lastUpdated = options.lastUpdated ?? world.nowSeconds();
  for (const userId of userIds) {
    if (store.topicPolicy(userId, channel.stream_id, topic) === policy) continue;
    store.setTopicPolicy(userId, channel.stream_id, topic, policy, lastUpdated);
    if (!options.skipMutedTopicsEvent) store.emit([userId], { type: 'muted_topics', muted_topics: mutedTopics(world, userId) });
    store.emit([userId], { type: 'user_topic', stream_id: channel.stream_id, topic_name: topic, last_updated: lastUpdated, visibility_policy: policy });
  }
}

/** get_topic_mutes: [channel name, topic, last change] of each muted topic outside archived channels, in the order set. */
export function mutedTopics(world: World, userId: number): Array<[string, string, number]> {
  const store = world.store;
  const out: Array<[string, string, number]> = [];
  for (const row of store.userTopicRows(userId)) {
    const channel = store.channel(row.stream_id);
    if (row.visibility_policy !== POLICY.muted || !channel || channel.is_archived) continue;
    out.push([channel.name, row.topic_name, row.last_updated]);
  }
  return out;
}

/**
 * POST /user_topics: to set a policy the caller needs access to the channel
 * (access_stream_by_id); to remove one, any channel of the organization will do, archived
 * or not (access_stream_to_remove_visibility_policy_by_id), as a policy may outlive access.
 */
export function checkUserTopic(world: World, actor: User, streamId: number, policy: number): Channel {
  if (policy === POLICY.inherit) {
    const channel = world.store.channel(streamId);
    if (!channel) throw new BadRequest('Invalid channel ID');
    return channel;
  }
  return accessChannelById(world.store, actor, streamId, world.nowMs()).channel;
}

/** The channel named by id or by name, for the legacy endpoint. */
export interface ChannelRef {
  streamId?: number | undefined;
  name?: string | undefined;
}

/**
 * PATCH /users/me/subscriptions/muted_topics, op add: access to the channel, by name
 * (access_stream_by_name, "Invalid channel name '<name>'") or by id.
 */
export function checkMuteTopic(world: World, actor: User, ref: ChannelRef): Channel {
  if (ref.name !== undefined) {
    const error = new BadRequest(`Invalid channel name '${ref.name}'`);
    // get_realm_stream: by name, case-insensitively, the name stripped.
    const channel = world.store.channelByName(ref.name.trim());
    if (!channel || channel.is_archived) throw error;
    if (!hasBasicAccess(world.store, actor, channel, world.nowMs(), true)) throw error;
    return channel;
  }
  return accessChannelById(world.store, actor, ref.streamId as number, world.nowMs()).channel;
}

/** op remove: any channel of the organization, else "Topic is not muted". */
export function checkUnmuteTopic(world: World, ref: ChannelRef): Channel {
  const channel = ref.name !== undefined ? world.store.channelByName(ref.name.trim()) : world.store.channel(ref.streamId as number);
  if (!channel) throw new BadRequest('Topic is not muted');
  return channel;
}
