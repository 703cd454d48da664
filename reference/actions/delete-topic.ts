// Deleting a channel topic (zulip/zulip zerver/views/streams.py delete_in_topic, with
// zerver/actions/message_delete.py do_delete_messages and
// zerver/actions/user_topics.py bulk_do_set_user_topic_visibility_policy): an
// organization administrator deletes every message of the topic they may access (all of
// them in a public channel or one with shared history; only those they received in one
// with protected history), newest first in batches of 100, each batch one
// delete_message event; then the topic's visibility policies are dropped for the users
// left with no message of it. The real server stops after 50 seconds and answers
// complete: false; here every batch runs within the request, so it is always complete.
import { accessChannelById, hasContentAccessBySubscriptionOrGroups } from '../domain/channels.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import { RoleRequired } from '../errors.ts';
import { topicKey } from '../state/message-index.ts';
import type { Channel, Message, User } from '../state/types.ts';
import type { World } from '../world.ts';
import { doDeleteMessages } from './delete-message.ts';
import { VISIBILITY } from './topic-visibility.ts';
import { setTopicVisibility } from './user-topics.ts';

/** zerver/lib/retention.py STREAM_MESSAGE_BATCH_SIZE. */
export const DELETE_BATCH_SIZE = 100;
/** Message.EMPTY_TOPIC_FALLBACK_NAME: this name means the empty topic here. */
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';

/** require_realm_admin: checked before any parameter is read. */
export function checkCanDeleteTopics(actor: User): void {
  if (!isAdmin(actor)) throw new RoleRequired('Must be an organization administrator');
}

export interface DeleteTopicPlan {
  channel: Channel;
  /** The topic as the request names it (the fallback name read as the empty topic). */
  topic: string;
  /** The messages to delete, ascending. */
  messages: Message[];
}

export function checkDeleteTopic(world: World, actor: User, input: { streamId: number; topicName: string }): DeleteTopicPlan {
  checkCanDeleteTopics(actor);
  const store = world.store;
  const now = world.nowMs();
  const { channel } = accessChannelById(store, actor, input.streamId, now);
  const topic = input.topicName === EMPTY_TOPIC_FALLBACK_NAME ? '' : input.topicName;
  // bulk_access_stream_messages_query: only the messages the actor may access.
  const ids = store.topicMessageIds(channel.stream_id, topic);
  let accessible: readonly number[];
  if (!channel.invite_only && !isGuest(actor)) accessible = ids;
  else if (!hasContentAccessBySubscriptionOrGroups(store, actor, channel, now)) accessible = [];
  else if (!channel.history_public_to_subscribers) accessible = ids.filter((id) => store.userMessageFlags(actor.user_id, id) !== undefined);
  else accessible = ids;
  return { channel, topic, messages: accessible.map((id) => store.message(id) as Message) };
}

export function doDeleteTopic(world: World, actor: User, plan: DeleteTopicPlan): { complete: boolean } {
  const store = world.store;
  const { channel, topic } = plan;
  // Newest first, DELETE_BATCH_SIZE at a time; each batch is one do_delete_messages.
  for (let end = plan.messages.length; end > 0; end -= DELETE_BATCH_SIZE) {
    doDeleteMessages(world, actor, plan.messages.slice(Math.max(0, end - DELETE_BATCH_SIZE), end));
  }
  // The topic is gone: drop the visibility policies of those left with no message of it
  // (with protected history, a user may still hold rows the actor could not delete).
  const key = topicKey(channel.stream_id, topic);
  const remaining = store.topicMessageIds(channel.stream_id, topic);
  const nowSeconds = world.nowSeconds();
  // One look at each user's own topic map: users, not messages.
  for (const [userId, topics] of store.data.userTopics) {
    if (!topics.has(key)) continue;
    if (!channel.history_public_to_subscribers && remaining.some((id) => store.userMessageFlags(userId, id) !== undefined)) continue;
    setTopicVisibility(world, [userId], channel, topic, VISIBILITY.inherit, { lastUpdated: nowSeconds });
  }
  return { complete: true };
}
