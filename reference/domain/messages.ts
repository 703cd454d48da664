// Message access and the Message object (zulip.com/api/get-messages), as a viewer sees it.
// Mirrors zulip/zulip zerver/lib/message_access.py (has_message_access) and
// zerver/lib/message_cache.py (MessageDict.build_message_dict / finalize_payload).
import { apiEmail, type Store } from '../state/store.ts';
import { FLAG, type Channel, type Message, type User } from '../state/types.ts';
import { hasContentAccess, isSubscribed } from './channels.ts';
import { avatarUrl } from './users.ts';
import { visibleRawHistory } from './message-edit.ts';
import { MESSAGE_EDIT_HISTORY } from '../state/message-edits.ts';
import { topicLinksFor } from './linkifiers.ts';

/** The fields a sender decides; newMessage fills in the rest. */
export type MessageFields = Pick<
  Message,
  'sender_id' | 'stream_id' | 'topic' | 'dm_user_ids' | 'content' | 'rendered_content' | 'timestamp' | 'client' | 'is_me_message'
>;

/** A message record not yet stored: id 0 until the store gives it one; no reactions, never edited. */
export function newMessage(fields: MessageFields): Message {
  return {
    id: 0,
    type: fields.stream_id === null ? 'private' : 'stream',
    ...fields,
    reactions: [],
    last_edit_timestamp: null,
    last_moved_timestamp: null,
  };
}

export interface MessageView {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
  /**
   * The message as it was sent (a message event): no reactions yet, and only the
   * submessages made with it (its widget), whatever was added since.
   */
  asSent?: boolean;
}

/**
 * May `viewer` read the message? Direct messages: only with a UserMessage row.
 * Channels with shared history: whoever has content access to the channel.
 * Protected history: a row (received while subscribed) and a current subscription.
 * `forModify`: deleting/editing also refuses messages in archived channels.
 */
export function hasMessageAccess(store: Store, viewer: User, m: Message, nowMs: number, forModify = false): boolean {
  const row = store.userMessageFlags(viewer.user_id, m.id);
  if (m.stream_id === null) return row !== undefined;
  const channel = store.channel(m.stream_id);
  if (!channel) return false;
  if (forModify && channel.is_archived) return false;
  if (channel.history_public_to_subscribers) return hasContentAccess(store, viewer, channel, nowMs);
  return row !== undefined && isSubscribed(store, viewer.user_id, channel.stream_id);
}

/** The topic as shown: "" becomes the realm's display name unless the client opted in. */
export function displayTopic(store: Store, topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? store.realm.empty_topic_display_name : topic;
}

/** Recipient ids: per user (1:1 DMs), per channel, per group conversation. */
export function recipientId(store: Store, viewerId: number, m: Message): number {
  if (m.stream_id !== null) return store.recipientIdFor(`s:${m.stream_id}`);
  if (m.dm_user_ids.length <= 2) {
    // A 1:1 conversation is addressed by the other participant's personal recipient.
    const other = m.dm_user_ids.find((id) => id !== viewerId) ?? viewerId;
    return store.recipientIdFor(`u:${other}`);
  }
  return store.recipientIdFor(`g:${m.dm_user_ids.join(',')}`);
}

function displayRecipient(store: Store, m: Message): unknown {
  // Channels are archived, never removed, and users deactivated, never removed: every id a
  // message names is in the store.
  if (m.stream_id !== null) return (store.channel(m.stream_id) as Channel).name;
  const people = m.dm_user_ids.map((id) => {
    const u = store.user(id) as User;
    return { id, email: apiEmail(u, store.realm), full_name: u.full_name, is_mirror_dummy: u.is_mirror_dummy };
  });
  // 1:1 conversations are ordered by email (the real server adds the sender that way).
  if (people.length === 2) people.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return people;
}

/** The Message object, without flags (the caller adds them). Key order is fixed. */
export function formatMessage(store: Store, viewer: User | null, m: Message, view: MessageView): Record<string, unknown> {
  // Users are deactivated, never removed: the sender is always in the store.
  const sender = store.user(m.sender_id) as User;
  const out: Record<string, unknown> = {
    id: m.id,
    sender_id: m.sender_id,
    content: view.applyMarkdown ? m.rendered_content : m.content,
    recipient_id: recipientId(store, viewer?.user_id ?? -1, m),
    timestamp: m.timestamp,
    client: m.client,
    subject: m.stream_id === null ? '' : displayTopic(store, m.topic, view.allowEmptyTopicName),
    // Computed when the message is read, with the linkifiers of now (message_cache.py).
    topic_links: m.stream_id === null ? [] : topicLinksFor(store, m.topic),
  };
  // Set by edits and moves (actions/message-edit.ts) as messages_for_ids computes them
  // from the history; the history itself under the organization's visibility policy.
  if (m.last_edit_timestamp !== null) out['last_edit_timestamp'] = m.last_edit_timestamp;
  if (m.last_moved_timestamp !== null) out['last_moved_timestamp'] = m.last_moved_timestamp;
  // A message event shows the message as sent: its later edits are update_message events.
  if (!view.asSent && store.table(MESSAGE_EDIT_HISTORY).get(m.id) !== undefined) {
    const history = visibleRawHistory(store, m, view.allowEmptyTopicName);
    if (history !== null) out['edit_history'] = history;
  }
  Object.assign(out, {
    is_me_message: m.is_me_message,
    // In the order they were made (Reaction.get_raw_db_rows orders by id).
    reactions: view.asSent ? [] : m.reactions.map((r) => ({ ...r })),
    submessages: formatSubmessages(m, view.asSent === true),
    sender_full_name: sender.full_name,
    sender_email: apiEmail(sender, store.realm),
    sender_realm_str: store.realm.string_id,
    display_recipient: displayRecipient(store, m),
    type: m.type,
  });
  if (m.stream_id !== null) out['stream_id'] = m.stream_id;
  // A sender who hides their email: the client cannot compute the gravatar itself.
  // Otherwise a gravatar is left to the client, whoever asks, a spectator too
  // (MessageDict.finalize_payload, get_avatar_field).
  const gravatarOk = view.clientGravatar && sender.email_address_visibility === 1;
  out['avatar_url'] = gravatarOk && sender.avatar_source === 'G' ? null : avatarUrl(store, viewer, sender, false);
  out['content_type'] = view.applyMarkdown ? 'text/html' : 'text/x-markdown';
  return out;
}

/** SubMessage.get_raw_db_rows: id, message_id, sender_id, msg_type, content; ascending ids. */
function formatSubmessages(m: Message, asSent: boolean): Array<Record<string, unknown>> {
  const out = [];
  for (const s of m.submessages ?? []) {
    if (asSent && !s.with_message) continue;
    out.push({ id: s.id, message_id: s.message_id, sender_id: s.sender_id, msg_type: s.msg_type, content: s.content });
  }
  return out;
}

/**
 * Flag names for the API, from flag bits (wildcard_mentioned is the legacy union).
 * The array is shared by every message with these bits: read-only, never copied.
 */
export function flagNames(bits: number): readonly string[] {
  let names = FLAG_NAMES[bits & 0xff];
  if (names === undefined) {
    names = [];
    for (const [name, bit] of Object.entries(FLAG)) if (bits & bit) names.push(name);
    if (bits & (FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned)) names.push('wildcard_mentioned');
    FLAG_NAMES[bits & 0xff] = names;
  }
  return names;
}

/** Flag bits → names, computed once per combination (a message list repeats a few). */
const FLAG_NAMES: Array<string[] | undefined> = [];
