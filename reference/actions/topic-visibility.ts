// Automatic topic visibility on send (zulip/zulip zerver/lib/message.py
// visibility_policy_for_send_message, zerver/actions/message_send.py): with the user
// settings' defaults, a human starting a topic follows it (automatically_follow_topics_policy
// ON_INITIATION), sending in a muted channel unmutes the topic
// (automatically_unmute_topics_in_muted_streams_policy ON_SEND), and a human mentioned
// in a topic follows it (automatically_follow_topics_where_mentioned; the sender too), unless
// they muted or already follow it.
// NOTE: approximation: the three user settings are fixed at their defaults (PATCH /settings does
// not take them): their ON_PARTICIPATION values also act on reactions, polls and to-do lists
// (visibility_policy_for_participation), which would have to follow them too.
import { hasMessageAccess } from '../domain/messages.ts';
import type { World } from '../world.ts';
import type { Message, User } from '../state/types.ts';

export const VISIBILITY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

/** The sender's new policy for the topic, when sending changes it. */
export function senderPolicyChange(world: World, sender: User, streamId: number, topic: string): number | null {
  if (sender.is_bot) return null;
  const store = world.store;
  const current = store.topicPolicy(sender.user_id, streamId, topic);
  if (current === VISIBILITY.followed) return null;
  const started = !store.topicMessageIds(streamId, topic).some((id) => {
    const m = store.message(id);
    return m !== undefined && hasMessageAccess(store, sender, m, world.nowMs());
  });
  const muted = store.subscription(sender.user_id, streamId)?.is_muted ?? false;
  const next = started ? VISIBILITY.followed : muted ? VISIBILITY.unmuted : null;
  return next === null || next === current ? null : next;
}

/** Apply the sender's change and the mentioned users' follows; emit user_topic events. */
export function applyTopicVisibility(world: World, message: Message, senderChange: number | null, mentioned: Iterable<number>): void {
  const streamId = message.stream_id;
  if (streamId === null) return;
  const store = world.store;
  const set = (userId: number, policy: number) => {
    store.setTopicPolicy(userId, streamId, message.topic, policy, world.nowSeconds());
    store.emit([userId], {
      type: 'user_topic',
      stream_id: streamId,
      topic_name: message.topic,
      last_updated: world.nowSeconds(),
      visibility_policy: policy,
    });
  };
  if (senderChange !== null) set(message.sender_id, senderChange);
  // The mentioned humans among the message's recipients (rendering_result.mentions_user_ids &
  // active_user_ids - bots): a sender who mentions themselves follows too, when subscribed.
  const subscribers = new Set(store.subscribers(streamId));
  for (const userId of mentioned) {
    const u = store.user(userId);
    if (!u || u.is_bot || !subscribers.has(userId)) continue;
    const current = store.topicPolicy(userId, streamId, message.topic);
    if (current !== VISIBILITY.muted && current !== VISIBILITY.followed) set(userId, VISIBILITY.followed);
  }
}
