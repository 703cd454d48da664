// Automatic topic visibility on send (zulip/zulip zerver/lib/message.py
// visibility_policy_for_send_message, visibility_policy_for_participation,
// visibility_policy_for_send; zerver/actions/message_send.py): by the sender's
// automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy
// (each on participation, on send, on initiation or never), sending may follow the topic or,
// in a muted channel, unmute it; follows win over unmutes, and nothing lowers a followed
// topic. A human mentioned in a topic follows it when their
// automatically_follow_topics_where_mentioned is on, unless they muted or already follow it.
import { hasMessageAccess } from '../domain/messages.ts';
import { AUTO_POLICY, userSetting } from '../domain/user-settings.ts';
import type { World } from '../world.ts';
import type { Message, User } from '../state/types.ts';
import { POLICY, setTopicVisibility } from './user-topics.ts';

export const VISIBILITY = POLICY;

/** The policy an action of this kind earns by the setting's value: participation covers sending, sending covers starting. */
function earns(setting: number, action: 'participation' | 'send' | 'initiation'): boolean {
  if (setting === AUTO_POLICY.on_participation) return true;
  if (setting === AUTO_POLICY.on_send) return action !== 'participation';
  if (setting === AUTO_POLICY.on_initiation) return action === 'initiation';
  return false;
}

/** The sender's new policy for the topic, when sending changes it (visibility_policy_for_send_message). */
export function senderPolicyChange(world: World, sender: User, streamId: number, topic: string): number | null {
  if (sender.is_bot) return null;
  const store = world.store;
  const current = store.topicPolicy(sender.user_id, streamId, topic);
  if (current === VISIBILITY.followed) return null;
  const follow = userSetting(sender, 'automatically_follow_topics_policy') as number;
  const unmute = userSetting(sender, 'automatically_unmute_topics_in_muted_streams_policy') as number;
  const muted = store.subscription(sender.user_id, streamId)?.is_muted ?? false;
  if (earns(follow, 'send')) return VISIBILITY.followed;
  let next: number | null = muted && earns(unmute, 'send') ? VISIBILITY.unmuted : null;
  if (current !== VISIBILITY.inherit) return next === current ? null : next;
  // Did the sender start the topic, as far as they can see?
  const started = !store.topicMessageIds(streamId, topic).some((id) => {
    const m = store.message(id);
    return m !== undefined && hasMessageAccess(store, sender, m, world.nowMs());
  });
  if (started && follow === AUTO_POLICY.on_initiation) return VISIBILITY.followed;
  if (started && muted && unmute === AUTO_POLICY.on_initiation) next = VISIBILITY.unmuted;
  return next;
}

/** Apply the sender's change and the mentioned users' follows, with their events. */
export function applyTopicVisibility(world: World, message: Message, senderChange: number | null, mentioned: Iterable<number>): void {
  const streamId = message.stream_id;
  if (streamId === null) return;
  const store = world.store;
  const channel = store.channel(streamId);
  if (!channel) return;
  if (senderChange !== null) setTopicVisibility(world, [message.sender_id], channel, message.topic, senderChange);
  // The mentioned humans among the message's recipients (rendering_result.mentions_user_ids &
  // active_user_ids - bots): a sender who mentions themselves follows too, when subscribed.
  const subscribers = new Set(store.subscribers(streamId));
  const toFollow: number[] = [];
  for (const userId of mentioned) {
    const u = store.user(userId);
    if (!u || u.is_bot || !subscribers.has(userId) || userSetting(u, 'automatically_follow_topics_where_mentioned') !== true) continue;
    const current = store.topicPolicy(userId, streamId, message.topic);
    if (current !== VISIBILITY.muted && current !== VISIBILITY.followed) toFollow.push(userId);
  }
  setTopicVisibility(world, toFollow, channel, message.topic, VISIBILITY.followed);
}
