// Sending a message: check everything (checkSendMessage), then deliver (doSendMessage).
// Mirrors zulip/zulip zerver/actions/message_send.py (check_message,
// extract_stream_indicator, extract_private_recipients), zerver/lib/addressee.py and
// zerver/lib/streams.py (access_stream_for_send_message); the order of the checks is
// the real server's, so the first error a request meets is the one it reports.
import { usersAlertedBy } from '../domain/alert-words.ts';
import { mutingUserIds } from '../domain/muted-users.ts';
import { claimAttachments } from './uploads.ts';
import { isUserInSetting, recursiveMembers } from '../domain/groups.ts';
import { flagNames, newMessage } from '../domain/messages.ts';
import type { MessageEvent } from '../state/events.ts';
import { renderForStore } from '../domain/render-message.ts';
import { checkCanSendToChannel, inSendSetting } from '../domain/send-permission.ts';
import type { World } from '../world.ts';
import { BadRequest, StreamWildcardMentionNotAllowed } from '../errors.ts';
import { channelIndicator, lookupChannel, lookupRecipients, privateRecipients } from '../domain/recipients.ts';
import { FLAG, type Channel, type Message, type User } from '../state/types.ts';
import { normalizeContent, normalizeTopic } from './message-text.ts';
import { notifyNewMessage } from './push-notify.ts';
import { applyTopicVisibility, senderPolicyChange } from './topic-visibility.ts';
import { attachWidget } from './submessages.ts';
import { checkWidgetContent, type WidgetContent } from '../domain/widgets.ts';
import { deliverToWatchers } from './event-queues.ts';

/**
 * Clients whose messages count as sent by a human, and so start read for the sender
 * when read_by_sender is absent (zerver/models/clients.py default_read_by_sender):
 * an integration using someone's API key must not mark their messages read.
 */
const HUMAN_CLIENTS = new Set(['zulipandroid', 'zulipios', 'zulipdesktop', 'zulipmobile', 'zulipelectron', 'zulipterminal', 'snipe', 'website', 'ios', 'android']);

export interface SendRequest {
  type: 'stream' | 'private';
  /** The raw `to` parameter, if given. */
  to: string | undefined;
  content: string;
  topic: string | undefined;
  readBySender: boolean | undefined;
  client: string;
  /** local_id and queue_id of the request, when both are given. */
  localEcho: LocalEcho | undefined;
  /** widget_content: a widget given explicitly (JSON), instead of one read from a /poll or /todo content. */
  widgetContent?: string | undefined;
}

/**
 * The sender's local id for the message, echoed as local_message_id in the message event
 * of the one queue the request named (zulip/zulip zerver/tornado/event_queue.py,
 * get_client_info_for_message_event: is_sender is that queue only).
 */
export interface LocalEcho {
  localId: string;
  queueId: string;
}

export interface PreparedMessage {
  message: Message;
  /** UserMessage rows to create: user id → flag bits. */
  flags: Map<number, number>;
  /** The widget_content given, checked. */
  widget?: WidgetContent;
}

export function checkSendMessage(world: World, sender: User, req: SendRequest): PreparedMessage {
  if (req.type === 'stream') {
    if (req.topic === undefined) throw new BadRequest('Missing topic');
    const indicator = channelIndicator(req.to);
    const topic = normalizeTopic(world.store, req.topic);
    const content = normalizeContent(req.content);
    const channel = lookupChannel(world.store, indicator);
    checkCanPost(world, sender, channel, topic);
    return prepare(world, sender, { stream_id: channel.stream_id, topic, dm_user_ids: [] }, content, req, channel);
  }
  const recipients = lookupRecipients(world.store, privateRecipients(req.to));
  const content = normalizeContent(req.content);
  for (const u of recipients) {
    if (!u.is_active && !u.is_mirror_dummy) throw new BadRequest(`'${u.delivery_email}' is no longer using Zulip.`);
  }
  const ids = [...new Set([sender.user_id, ...recipients.map((u) => u.user_id)])].sort((a, b) => a - b);
  checkCanDirectMessage(world, sender, ids);
  return prepare(world, sender, { stream_id: null, topic: '', dm_user_ids: ids }, content, req, null);
}

/** access_stream_for_send_message, then the topic rules. */
function checkCanPost(world: World, sender: User, channel: Channel, topic: string): void {
  const store = world.store;
  const now = world.nowMs();
  checkCanSendToChannel(store, sender, channel, now);
  if (!sender.is_system_bot && !inSendSetting(store, channel.can_create_topic_group, sender, now)) {
    const exists = store.topicMessageIds(channel.stream_id, topic).length > 0;
    if (!exists) throw new BadRequest('You do not have permission to create new topics in this channel.');
  }
  const policy = channel.topics_policy === 'inherit' ? store.realm.topics_policy : channel.topics_policy;
  const display = store.realm.empty_topic_display_name;
  if (policy === 'disable_empty_topic' && topic === '') {
    throw new BadRequest(`Sending messages to the ${display} topic is not allowed in this channel.`);
  }
  if (policy === 'empty_topic_only' && topic !== '') {
    throw new BadRequest(`Only the ${display} topic is allowed in this channel.`);
  }
}

/** check_can_send_direct_message: the realm's direct-message groups. */
function checkCanDirectMessage(world: World, sender: User, ids: number[]): void {
  const store = world.store;
  const now = world.nowMs();
  if (sender.is_bot) return;
  const others = ids.filter((id) => id !== sender.user_id);
  if (others.every((id) => store.user(id)?.is_bot)) return;
  const permission = store.realm.direct_message_permission_group;
  if (!ids.some((id) => isUserInSetting(store, permission, id, now))) {
    const nobody = typeof permission === 'number' && store.group(permission)?.name === 'role:nobody';
    throw new BadRequest(nobody ? 'Direct messages are disabled in this organization.' : 'This conversation does not include any users who can authorize it.');
  }
  if (isUserInSetting(store, store.realm.direct_message_initiator_group, sender.user_id, now)) return;
  if (store.dmMessageIds(ids).length === 0) throw new BadRequest('You are not allowed to start direct message conversations.');
}

function prepare(
  world: World,
  sender: User,
  where: { stream_id: number | null; topic: string; dm_user_ids: number[] },
  content: string,
  req: SendRequest,
  channel: Channel | null,
): PreparedMessage {
  const store = world.store;
  // check_message checks widget_content after the recipients, before rendering.
  const widget = req.widgetContent === undefined ? undefined : checkWidgetContent(req.widgetContent);
  const rendered = renderForStore(store, content, sender, world.nowMs());
  const recipients = channel ? store.subscribers(channel.stream_id).filter((id) => store.user(id)?.is_active) : where.dm_user_ids;
  if (channel && rendered.stream_wildcard && recipients.length > 15) {
    if (!isUserInSetting(store, store.realm.can_mention_many_users_group, sender.user_id, world.nowMs())) {
      throw new StreamWildcardMentionNotAllowed();
    }
  }
  const mentioned = new Set(rendered.user_ids);
  for (const gid of rendered.group_ids) {
    const group = store.group(gid);
    if (group && !isUserInSetting(store, group.can_mention_group, sender.user_id, world.nowMs())) {
      throw new BadRequest(`You are not allowed to mention user group '${group.name}'.`);
    }
    for (const id of recursiveMembers(store, gid, world.nowMs())) mentioned.add(id);
  }
  const topicParticipants = channel && rendered.topic_wildcard ? store.topicParticipants(channel.stream_id, where.topic) : new Set<number>();
  const readBySender = req.readBySender ?? HUMAN_CLIENTS.has(req.client.toLowerCase());
  const flags = new Map<number, number>();
  // Who muted the sender reads it at once; whose alert word it holds is alerted (issue 24).
  const muting = mutingUserIds(store, sender.user_id);
  const alerted = usersAlertedBy(store, content);
  for (const id of new Set([...recipients, sender.user_id])) {
    let bits = 0;
    if (id === sender.user_id && readBySender) bits |= FLAG.read;
    if (muting.has(id)) bits |= FLAG.read;
    if (alerted.has(id)) bits |= FLAG.has_alert_word;
    if (mentioned.has(id)) bits |= FLAG.mentioned;
    if (rendered.stream_wildcard) bits |= FLAG.stream_wildcard_mentioned;
    if (topicParticipants.has(id)) bits |= FLAG.topic_wildcard_mentioned;
    flags.set(id, bits);
  }
  const message = newMessage({
    sender_id: sender.user_id,
    stream_id: where.stream_id,
    topic: where.topic,
    dm_user_ids: where.dm_user_ids,
    content,
    rendered_content: rendered.html,
    timestamp: world.nowSeconds(),
    client: req.client,
    is_me_message: rendered.is_me_message,
  });
  return widget === undefined ? { message, flags } : { message, flags, widget };
}

/**
 * Send a message as POST /messages does: every check (checkSendMessage), then the
 * delivery (doSendMessage). Returns the message and the sender's new visibility policy
 * for the topic, when sending changed it.
 */
export function sendMessage(world: World, sender: User, req: SendRequest): SentMessage {
  return doSendMessage(world, checkSendMessage(world, sender, req), req.localEcho);
}

export interface SentMessage {
  message: Message;
  /** automatic_new_visibility_policy: the sender's new policy for the topic, or null. */
  senderPolicy: number | null;
}

/**
 * Deliver (do_send_messages): store the message and its rows, tell every recipient,
 * then apply the automatic topic-visibility changes (the sender's, and follows for the
 * mentioned) with their user_topic events.
 */
export function doSendMessage(world: World, prepared: PreparedMessage, localEcho: LocalEcho | undefined): SentMessage {
  const store = world.store;
  const draft = prepared.message;
  const sender = store.user(draft.sender_id) as User;
  const senderPolicy = draft.stream_id === null ? null : senderPolicyChange(world, sender, draft.stream_id, draft.topic);
  const message: Message = { ...draft, id: store.nextId('messages') };
  attachWidget(world, message, prepared.widget);
  store.addMessage(message, prepared.flags);
  claimAttachments(world, message);
  for (const [userId, bits] of prepared.flags) {
    const event: MessageEvent = { type: 'message', message, flags: flagNames(bits) };
    if (userId === message.sender_id && localEcho !== undefined) {
      event.local_message_id = localEcho.localId;
      event.sender_queue_id = localEcho.queueId;
    }
    store.emit([userId], event);
  }
  deliverToWatchers(world, message, prepared.flags);
  notifyNewMessage(world, message, prepared.flags);
  const mentioned = [...prepared.flags].filter(([, bits]) => bits & FLAG.mentioned).map(([id]) => id);
  applyTopicVisibility(world, message, senderPolicy, mentioned);
  return { message, senderPolicy };
}
