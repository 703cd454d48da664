// Sending a message: check everything (checkSendMessage), then deliver (doSendMessage).
// Mirrors zulip/zulip zerver/actions/message_send.py (check_message,
// extract_stream_indicator, extract_private_recipients), zerver/lib/addressee.py and
// zerver/lib/streams.py (access_stream_for_send_message); the order of the checks is
// the real server's, so the first error a request meets is the one it reports.
import { hasContentAccess, isSubscribed } from '../domain/channels.ts';
import { isUserInSetting, recursiveMembers } from '../domain/groups.ts';
import { flagNames, formatMessage } from '../domain/messages.ts';
import { renderForStore } from '../domain/render-message.ts';
import { isGuest } from '../domain/users.ts';
import type { Ctx } from '../http/context.ts';
import { ApiError, BadRequest, StreamDoesNotExist } from '../http/errors.ts';
import { FLAG, type Channel, type Message, type User } from '../state/types.ts';
import { normalizeContent, normalizeTopic } from './message-text.ts';

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
  localId: string | undefined;
}

export interface PreparedMessage {
  message: Message;
  /** UserMessage rows to create: user id → flag bits. */
  flags: Map<number, number>;
}

export function checkSendMessage(ctx: Ctx, req: SendRequest): PreparedMessage {
  const sender = ctx.me;
  if (req.type === 'stream') {
    if (req.topic === undefined) throw new BadRequest('Missing topic');
    const indicator = channelIndicator(req.to);
    const topic = normalizeTopic(ctx.store, req.topic);
    const content = normalizeContent(req.content);
    const channel = lookupChannel(ctx, indicator);
    checkCanPost(ctx, sender, channel, topic);
    return prepare(ctx, sender, { stream_id: channel.stream_id, topic, dm_user_ids: [] }, content, req, channel);
  }
  const recipients = lookupRecipients(ctx, privateRecipients(req.to));
  const content = normalizeContent(req.content);
  for (const u of recipients) {
    if (!u.is_active && !u.is_mirror_dummy) throw new BadRequest(`'${u.delivery_email}' is no longer using Zulip.`);
  }
  const ids = [...new Set([sender.user_id, ...recipients.map((u) => u.user_id)])].sort((a, b) => a - b);
  checkCanDirectMessage(ctx, sender, ids);
  return prepare(ctx, sender, { stream_id: null, topic: '', dm_user_ids: ids }, content, req, null);
}

/** `to` for a channel: JSON id, JSON name, a one-element JSON list, or a bare name. */
function channelIndicator(to: string | undefined): string | number {
  if (to === undefined || to === '') throw new BadRequest('Missing channel');
  let value: unknown;
  try {
    value = JSON.parse(to);
  } catch {
    return to;
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) throw new BadRequest('Expected exactly one channel');
    value = value[0];
  }
  if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) return value;
  throw new BadRequest('Invalid data type for channel');
}

/** `to` for a direct message: a JSON list of ids or emails, or comma-separated emails. */
function privateRecipients(to: string | undefined): Array<string | number> {
  let value: unknown = to ?? '';
  try {
    value = JSON.parse(to ?? '');
  } catch {
    /* a raw string: emails separated by commas */
  }
  if (typeof value === 'string') value = value.split(',');
  if (!Array.isArray(value)) throw new BadRequest('Invalid data type for recipients');
  if (value.length === 0) throw new BadRequest('Message must have recipients');
  if (typeof value[0] === 'string') {
    if (!value.every((v) => typeof v === 'string')) throw new BadRequest('Recipient lists may contain emails or user IDs, but not both.');
    const emails = [...new Set(value.map((v: string) => v.trim()).filter((v) => v !== ''))];
    if (emails.length === 0) throw new BadRequest('Message must have recipients');
    return emails;
  }
  if (typeof value[0] === 'number') {
    if (!value.every((v) => typeof v === 'number' && Number.isInteger(v))) {
      throw new BadRequest('Recipient lists may contain emails or user IDs, but not both.');
    }
    return [...new Set(value as number[])];
  }
  throw new BadRequest('Invalid data type for recipients');
}

function lookupRecipients(ctx: Ctx, keys: Array<string | number>): User[] {
  return keys.map((k) => {
    const u = typeof k === 'number' ? ctx.store.user(k) : ctx.store.userByEmail(k);
    if (!u) throw new BadRequest(typeof k === 'number' ? `Invalid user ID ${k}` : `Invalid email '${k}'`);
    return u;
  });
}

function lookupChannel(ctx: Ctx, indicator: string | number): Channel {
  if (typeof indicator === 'number') {
    const c = ctx.store.channel(indicator);
    if (!c) throw new StreamDoesNotExist(`Channel with ID '${indicator}' does not exist`, { stream_id: indicator });
    return c;
  }
  const name = indicator.trim();
  if (name === '') throw new BadRequest("Channel name can't be empty.");
  if (name.length > 60) throw new BadRequest('Channel name too long (limit: 60 characters).');
  const c = ctx.store.channelByName(name);
  if (!c) throw new StreamDoesNotExist(`Channel '${escapeHtml(name)}' does not exist`, { stream: escapeHtml(name) });
  return c;
}

/** access_stream_for_send_message, then the topic rules. */
function checkCanPost(ctx: Ctx, sender: User, channel: Channel, topic: string): void {
  const store = ctx.store;
  const now = ctx.nowMs();
  const allowed = (value: Channel['can_send_message_group'], u: User): boolean =>
    isUserInSetting(store, value, u.user_id, now) ||
    (u.is_bot && u.bot_owner_id !== null && isUserInSetting(store, value, u.bot_owner_id, now));
  if (!sender.is_system_bot && !allowed(channel.can_send_message_group, sender)) {
    throw new BadRequest('You do not have permission to post in this channel.');
  }
  const denied = new BadRequest(`Not authorized to send to channel '${channel.name}'`);
  if (channel.is_archived) throw denied;
  if (!sender.is_system_bot && !canAccessForSend(ctx, sender, channel)) throw denied;
  if (!sender.is_system_bot && !allowed(channel.can_create_topic_group, sender)) {
    const exists = store.topicMessageIds(channel.stream_id, topic).length > 0;
    if (!exists) throw new BadRequest('You do not have permission to create new topics in this channel.');
  }
  const policy = channel.topics_policy === 'inherit' ? store.realm.topics_policy : channel.topics_policy;
  const display = store.realm.empty_topic_display_name;
  if (policy === 'disable_empty_topic' && topic === '') {
    throw new ApiError(400, 'BAD_REQUEST', `Sending messages to the ${display} topic is not allowed in this channel.`);
  }
  if (policy === 'empty_topic_only' && topic !== '') {
    throw new ApiError(400, 'BAD_REQUEST', `Only the ${display} topic is allowed in this channel.`);
  }
}

function canAccessForSend(ctx: Ctx, sender: User, channel: Channel): boolean {
  if (channel.is_web_public) return true;
  if (!channel.invite_only && !isGuest(sender)) return true;
  if (isSubscribed(ctx.store, sender.user_id, channel.stream_id)) return true;
  if (sender.is_bot && sender.bot_owner_id !== null && isSubscribed(ctx.store, sender.bot_owner_id, channel.stream_id)) return true;
  return channel.history_public_to_subscribers && !isGuest(sender) && hasContentAccess(ctx.store, sender, channel, ctx.nowMs());
}

/** check_can_send_direct_message: the realm's direct-message groups. */
function checkCanDirectMessage(ctx: Ctx, sender: User, ids: number[]): void {
  const store = ctx.store;
  const now = ctx.nowMs();
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
  ctx: Ctx,
  sender: User,
  where: { stream_id: number | null; topic: string; dm_user_ids: number[] },
  content: string,
  req: SendRequest,
  channel: Channel | null,
): PreparedMessage {
  const store = ctx.store;
  const rendered = renderForStore(store, content, sender, ctx.nowMs());
  const recipients = channel ? store.subscribers(channel.stream_id).filter((id) => store.user(id)?.is_active) : where.dm_user_ids;
  if (channel && rendered.stream_wildcard && recipients.length > 15) {
    if (!isUserInSetting(store, store.realm.can_mention_many_users_group, sender.user_id, ctx.nowMs())) {
      throw new ApiError(400, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use channel wildcard mentions in this channel.');
    }
  }
  const mentioned = new Set(rendered.user_ids);
  for (const gid of rendered.group_ids) {
    const group = store.group(gid);
    if (group && !isUserInSetting(store, group.can_mention_group, sender.user_id, ctx.nowMs())) {
      throw new BadRequest(`You are not allowed to mention user group '${group.name}'.`);
    }
    for (const id of recursiveMembers(store, gid, ctx.nowMs())) mentioned.add(id);
  }
  const topicParticipants = channel && rendered.topic_wildcard ? store.topicParticipants(channel.stream_id, where.topic) : new Set<number>();
  const readBySender = req.readBySender ?? HUMAN_CLIENTS.has(req.client.toLowerCase());
  const flags = new Map<number, number>();
  for (const id of new Set([...recipients, sender.user_id])) {
    let bits = 0;
    if (id === sender.user_id && readBySender) bits |= FLAG.read;
    if (mentioned.has(id)) bits |= FLAG.mentioned;
    if (rendered.stream_wildcard) bits |= FLAG.stream_wildcard_mentioned;
    if (topicParticipants.has(id)) bits |= FLAG.topic_wildcard_mentioned;
    flags.set(id, bits);
  }
  const message: Message = {
    id: 0,
    sender_id: sender.user_id,
    type: channel ? 'stream' : 'private',
    stream_id: where.stream_id,
    topic: where.topic,
    dm_user_ids: where.dm_user_ids,
    content,
    rendered_content: rendered.html,
    timestamp: ctx.nowSeconds(),
    client: req.client,
    is_me_message: rendered.is_me_message,
    reactions: [],
    last_edit_timestamp: null,
    last_moved_timestamp: null,
  };
  return { message, flags };
}

/** Deliver: store the message and its rows, then tell every recipient. */
export function doSendMessage(ctx: Ctx, prepared: PreparedMessage, localId: string | undefined): Message {
  const store = ctx.store;
  const message: Message = { ...prepared.message, id: store.nextId('messages') };
  store.addMessage(message, prepared.flags);
  const view = { applyMarkdown: true, clientGravatar: false, allowEmptyTopicName: true };
  for (const [userId, bits] of prepared.flags) {
    const viewer = store.user(userId) ?? null;
    const event: Record<string, unknown> = {
      type: 'message',
      message: formatMessage(store, viewer, message, view),
      flags: flagNames(bits),
    };
    if (userId === message.sender_id && localId !== undefined) event['local_message_id'] = localId;
    store.emit([userId], event);
  }
  return message;
}

/** Django's html.escape (`'` as &#x27;), which the server applies to the `stream` error field; not the SQL escape_html of search. */
function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
