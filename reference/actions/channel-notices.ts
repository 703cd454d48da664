// Notification Bot's notices about channel changes, as zulip/zulip zerver/actions/streams.py
// words them (send_change_stream_permission_notification,
// send_stream_posting_permission_update_notification, send_change_stream_description_notification,
// send_change_stream_message_retention_days_notification, do_set_stream_property), and
// maybe_send_channel_events_notice, which posts them in the channel's "channel events" topic.
import type { Store } from '../state/store.ts';
import type { Channel, GroupSettingValue, TopicsPolicy, User } from '../state/types.ts';
import type { World } from '../world.ts';
import { internalSend, notificationBot } from './internal-send.ts';
import { silentMention } from './subscription-notices.ts';

/**
 * maybe_send_channel_events_notice: Notification Bot in the channel. The organization's
 * send_channel_events_messages is always on here (it cannot be changed).
 */
export function channelEventsNotice(world: World, channel: Channel, content: string): void {
  const topic = channel.topics_policy === 'empty_topic_only' ? '' : 'channel events';
  internalSend(world, notificationBot(world), { stream_id: channel.stream_id, topic }, content);
}

/** Stream.PERMISSION_POLICIES' policy_name. */
export const policyName = (c: { invite_only: boolean; history_public_to_subscribers: boolean; is_web_public: boolean }): string => {
  if (c.is_web_public) return 'Web-public';
  if (!c.invite_only) return 'Public';
  return c.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
};

/** get_users_string_with_permission: a group's silent mention, or an anonymous group's groups then users, by id. */
export function usersWithPermission(store: Store, value: GroupSettingValue): string {
  if (typeof value === 'number') return `@_*${store.group(value)?.name ?? ''}*`;
  const groups = [...value.direct_subgroups].sort((a, b) => a - b).map((id) => `@_*${store.group(id)?.name ?? ''}*`);
  const users = [...value.direct_members].sort((a, b) => a - b).flatMap((id) => {
    const u = store.user(id);
    return u ? [silentMention(u)] : [];
  });
  return [...groups, ...users].join(', ');
}

/** The labels of do_set_stream_property's TOPICS_POLICY_DISPLAY_NAME_MAP. */
export function topicsPolicyLabel(emptyTopic: string): Record<TopicsPolicy, string> {
  return {
    inherit: 'Automatic',
    allow_empty_topic: `*${emptyTopic}* topic allowed`,
    disable_empty_topic: `No *${emptyTopic}* topic`,
    empty_topic_only: `Only *${emptyTopic}* topic allowed`,
  };
}

export function retentionNotice(store: Store, actor: User, oldValue: number | null, newValue: number | null): string {
  // The organization's own value stands in for "the organization's default" (null: unlimited).
  const realmDays = store.realm.message_retention_days ?? -1;
  const o = oldValue ?? realmDays;
  const n = newValue ?? realmDays;
  let oldPeriod: string;
  let newPeriod: string;
  let summary: string;
  if (o === -1) {
    oldPeriod = 'Forever';
    newPeriod = `${n} days`;
    summary = `Messages in this channel will now be automatically deleted ${n} days after they are sent.`;
  } else if (n === -1) {
    oldPeriod = `${o} days`;
    newPeriod = 'Forever';
    summary = 'Messages in this channel will now be retained forever.';
  } else {
    oldPeriod = `${o} days`;
    newPeriod = `${n} days`;
    summary = `Messages in this channel will now be automatically deleted ${n} days after they are sent.`;
  }
  return (
    `${silentMention(actor)} has changed the [message retention period](/help/message-retention-policy) for this channel:\n` +
    `* **Old retention period**: ${oldPeriod}\n* **New retention period**: ${newPeriod}\n\n${summary}`
  );
}
