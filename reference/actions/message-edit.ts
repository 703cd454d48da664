// Editing and moving a message (PATCH /messages/{message_id}): every check, in the real
// server's order, before anything changes (zulip/zulip zerver/actions/message_edit.py
// check_update_message, validate_message_edit_payload, validate_user_can_edit_message,
// build_message_edit_request, check_time_limit_for_change_all_propagate_mode), giving a
// plan that actions/message-edit-apply.ts carries out.
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '../crypto/encoding.ts';
import { accessChannelById, hasContentAccess } from '../domain/channels.ts';
import { isUserInSetting, recursiveMembers } from '../domain/groups.ts';
import { canEditTopic, canMoveOutOfChannel, canResolveTopics, editSettings, EMPTY_TOPIC_FALLBACK_NAME, RESOLVED_PREFIX } from '../domain/message-edit.ts';
import { hasMessageAccess } from '../domain/messages.ts';
import { CHANNEL_SETTINGS, hasPermission } from '../domain/permissions.ts';
import { renderForStore, type RenderedMessage } from '../domain/render-message.ts';
import { inSendSetting } from '../domain/send-permission.ts';
import { isModeratorOrAbove } from '../domain/users.ts';
import { ApiError, BadRequest, StreamWildcardMentionNotAllowed } from '../errors.ts';
import type { Channel, Message, User } from '../state/types.ts';
import type { World } from '../world.ts';
import { accessMessageForModify } from './delete-message.ts';
import { normalizeContent, normalizeTopic } from './message-text.ts';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface EditRequest {
  messageId: number;
  content: string | undefined;
  /** The topic parameter, whitespace already stripped (OptionalTopic). */
  topic: string | undefined;
  streamId: number | undefined;
  propagateMode: PropagateMode;
  notifyOld: boolean;
  notifyNew: boolean;
  prevContentSha256: string | undefined;
}

/** A new content, rendered, with who it mentions. */
export interface ContentChange {
  content: string;
  rendered: RenderedMessage;
  /** Users mentioned by name or through a group. */
  mentioned: Set<number>;
  /** Senders of the topic, for a topic wildcard mention. */
  topicParticipants: Set<number>;
}

export interface EditPlan {
  actor: User;
  message: Message;
  content: ContentChange | null;
  /** Channel messages only: where the message is and where it goes. */
  orig: Channel | null;
  target: Channel | null;
  origTopic: string;
  targetTopic: string;
  topicEdited: boolean;
  streamEdited: boolean;
  resolved: boolean;
  unresolved: boolean;
  propagateMode: PropagateMode;
  notifyOld: boolean;
  notifyNew: boolean;
  /** The messages that change channel or topic, ascending (the edited one among them); [] for a content edit alone. */
  movedIds: number[];
}

/** EDIT_LIMIT_BUFFER: the seconds allowed past each time limit. */
const LIMIT_BUFFER = 20;

/** MessageMoveError: only the newest messages of the topic may still be moved. */
export class MoveTimeLimitExceeded extends ApiError {
  constructor(first: number, total: number, allowed: number) {
    super(400, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', `You only have permission to move the ${allowed}/${total} most recent messages in this topic.`, {
      first_message_id_allowed_to_move: first,
      total_messages_in_topic: total,
      total_messages_allowed_to_move: allowed,
    });
  }
}

export function checkUpdateMessage(world: World, actor: User, req: EditRequest): EditPlan {
  const store = world.store;
  const now = world.nowSeconds();
  const settings = editSettings(store.realm);
  const message = accessMessageForModify(world, actor, req.messageId);

  if (req.content !== undefined) {
    if (!settings.allow_message_editing) throw new BadRequest('Your organization has turned off message editing');
    if (message.sender_id !== actor.user_id) throw new BadRequest("You don't have permission to edit this message");
    const limit = settings.message_content_edit_limit_seconds;
    if (limit !== null && now - message.timestamp > limit + LIMIT_BUFFER) throw new BadRequest('The time limit for editing this message has passed');
  }

  let topic = req.topic;
  if (topic !== undefined) {
    if (topic === EMPTY_TOPIC_FALLBACK_NAME) topic = '';
    if (topic === message.topic) topic = undefined;
  }

  // validate_message_edit_payload
  if (topic === undefined && req.content === undefined && req.streamId === undefined) throw new BadRequest('Nothing to change');
  if (message.stream_id === null) {
    if (req.streamId !== undefined) throw new BadRequest('Direct messages cannot be moved to channels.');
    if (topic !== undefined) throw new BadRequest('Direct messages cannot have topics.');
  }
  if (req.propagateMode !== 'change_one' && topic === undefined && req.streamId === undefined) {
    throw new BadRequest('Invalid propagate_mode without topic edit');
  }
  if (topic === RESOLVED_PREFIX.trim() || topic === `${RESOLVED_PREFIX}${EMPTY_TOPIC_FALLBACK_NAME}`) {
    throw new BadRequest('General chat cannot be marked as resolved');
  }
  // check_stream_topic (its characters), then the rest of normalizeTopic below.
  let targetTopic = message.topic;
  // Only "general chat" means the empty topic here: "(no topic)" is kept as written.
  if (topic !== undefined) targetTopic = topic === '(no topic)' ? topic : normalizeTopic(store, topic);
  if (req.streamId !== undefined && req.content !== undefined) throw new BadRequest('Cannot change message content while changing channel');
  if (req.prevContentSha256 !== undefined && req.prevContentSha256 !== hex(sha256(new TextEncoder().encode(message.content)))) {
    throw new ApiError(400, 'EXPECTATION_MISMATCH', "'prev_content_sha256' value does not match the expected value.", { field_name: 'prev_content_sha256' });
  }

  // build_message_edit_request
  let newContent: string | null = null;
  if (req.content !== undefined) newContent = req.content.trimEnd() === '' ? '(deleted)' : normalizeContent(req.content);

  const plan: EditPlan = {
    actor,
    message,
    content: null,
    orig: null,
    target: null,
    origTopic: message.topic,
    targetTopic,
    topicEdited: topic !== undefined,
    streamEdited: false,
    resolved: false,
    unresolved: false,
    propagateMode: req.propagateMode,
    notifyOld: req.notifyOld,
    notifyNew: req.notifyNew,
    movedIds: [],
  };
  if (message.stream_id !== null) {
    const old = message.topic;
    if (topic !== undefined) {
      plan.resolved = targetTopic.startsWith(RESOLVED_PREFIX) && !old.startsWith(RESOLVED_PREFIX) && topic.slice(RESOLVED_PREFIX.length) === old;
      plan.unresolved = old.startsWith(RESOLVED_PREFIX) && !targetTopic.startsWith(RESOLVED_PREFIX) && stripResolvedPrefix(old) === targetTopic;
    }
    plan.orig = store.channel(message.stream_id) as Channel;
    plan.target = plan.orig;
    if (req.streamId !== undefined) {
      plan.target = accessChannelById(store, actor, req.streamId, world.nowMs()).channel;
      plan.streamEdited = true;
    }
    const policy = plan.target.topics_policy === 'inherit' ? store.realm.topics_policy : plan.target.topics_policy;
    const empty = targetTopic === '' || targetTopic === '(no topic)';
    if (empty && (plan.topicEdited || plan.streamEdited) && policy === 'disable_empty_topic') {
      throw new BadRequest(`Sending messages to the ${EMPTY_TOPIC_FALLBACK_NAME} is not allowed in this channel.`, { empty_topic_display_name: EMPTY_TOPIC_FALLBACK_NAME });
    }
    if (policy === 'empty_topic_only' && !empty) {
      throw new BadRequest(`Only the ${EMPTY_TOPIC_FALLBACK_NAME} topic is allowed in this channel.`, { empty_topic_display_name: EMPTY_TOPIC_FALLBACK_NAME });
    }
  }
  const { orig, target } = plan;

  if (orig !== null && target !== null && plan.topicEdited) {
    if (plan.resolved || plan.unresolved) {
      if (!canResolveTopics(store, actor, orig, target, world.nowMs())) throw new BadRequest("You don't have permission to resolve topics in this channel.");
    } else {
      if (!canEditTopic(store, actor, orig, target, world.nowMs())) throw new BadRequest("You don't have permission to edit this message");
      const limit = settings.move_messages_within_stream_limit_seconds;
      if (limit !== null && !isModeratorOrAbove(actor) && now - message.timestamp > limit + LIMIT_BUFFER) {
        throw new BadRequest("The time limit for editing this message's topic has passed.");
      }
    }
  }

  if (newContent !== null) plan.content = renderEdit(world, actor, message, newContent, orig, targetTopic);

  if (orig !== null && target !== null) {
    if (plan.streamEdited) {
      if (!canMoveOutOfChannel(store, actor, orig, world.nowMs())) throw new BadRequest("You don't have permission to move this message");
      // check_stream_access_based_on_can_send_message_group
      if (!actor.is_system_bot && !hasPermission(store, CHANNEL_SETTINGS.can_send_message_group, target.can_send_message_group, actor, world.nowMs())) {
        throw new BadRequest('You do not have permission to post in this channel.');
      }
      const limit = settings.move_messages_between_streams_limit_seconds;
      if (limit !== null && !isModeratorOrAbove(actor) && now - message.timestamp > limit + LIMIT_BUFFER) {
        throw new BadRequest("The time limit for editing this message's channel has passed");
      }
    }
    const moved = plan.topicEdited || plan.streamEdited;
    const toggle = plan.resolved || plan.unresolved;
    if (req.propagateMode === 'change_all' && !isModeratorOrAbove(actor) && moved && !toggle) {
      checkChangeAllTimeLimit(world, actor, message, orig, settings, plan.topicEdited, plan.streamEdited);
    }
    if (moved && !toggle) checkCanCreateTopic(world, actor, target, targetTopic);
    if (moved) plan.movedIds = movedMessageIds(world, plan);
  }
  return plan;
}

/** Strip leading ✔ and spaces (Python's str.lstrip with the prefix's characters). */
function stripResolvedPrefix(topic: string): string {
  let i = 0;
  while (i < topic.length && (topic[i] === '✔' || topic[i] === ' ')) i++;
  return topic.slice(i);
}

/** Render the new content as its sender's, with the mention rules of sending. */
function renderEdit(world: World, actor: User, message: Message, content: string, channel: Channel | null, topic: string): ContentChange {
  const store = world.store;
  const now = world.nowMs();
  const sender = store.user(message.sender_id) as User;
  const rendered = renderForStore(store, content, sender, now);
  if (channel !== null && rendered.stream_wildcard && store.subscribers(channel.stream_id).length > 15) {
    if (!isUserInSetting(store, store.realm.can_mention_many_users_group, sender.user_id, now)) throw new StreamWildcardMentionNotAllowed();
  }
  // topic_wildcard_mention_allowed: in a topic of more than 15 participants, only can_mention_many_users_group.
  if (channel !== null && rendered.topic_wildcard && store.topicParticipants(channel.stream_id, message.topic).size > 15) {
    if (!isUserInSetting(store, store.realm.can_mention_many_users_group, sender.user_id, now)) {
      throw new ApiError(400, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use topic wildcard mentions in this topic.');
    }
  }
  const mentioned = new Set(rendered.user_ids);
  for (const gid of rendered.group_ids) {
    const group = store.group(gid);
    if (group && !isUserInSetting(store, group.can_mention_group, actor.user_id, now)) {
      throw new BadRequest(`You are not allowed to mention user group '${group.name}'.`);
    }
    for (const id of recursiveMembers(store, gid, now)) mentioned.add(id);
  }
  const topicParticipants = channel !== null && rendered.topic_wildcard ? store.topicParticipants(channel.stream_id, topic) : new Set<number>();
  return { content, rendered, mentioned, topicParticipants };
}

/** check_time_limit_for_change_all_propagate_mode: every message the mover may move must be recent enough. */
function checkChangeAllTimeLimit(
  world: World,
  actor: User,
  message: Message,
  channel: Channel,
  settings: ReturnType<typeof editSettings>,
  topicEdited: boolean,
  streamEdited: boolean,
): void {
  const store = world.store;
  const limits: number[] = [];
  if (topicEdited && settings.move_messages_within_stream_limit_seconds !== null) limits.push(settings.move_messages_within_stream_limit_seconds + LIMIT_BUFFER);
  if (streamEdited && settings.move_messages_between_streams_limit_seconds !== null) limits.push(settings.move_messages_between_streams_limit_seconds + LIMIT_BUFFER);
  if (limits.length === 0) return;
  const oldest = world.nowSeconds() - Math.min(...limits);
  const historyAccess = channel.history_public_to_subscribers && hasContentAccess(store, actor, channel, world.nowMs());
  const ids = store.topicMessageIds(channel.stream_id, message.topic).filter((id) => historyAccess || store.userMessageFlags(actor.user_id, id) !== undefined);
  const allowed = ids.filter((id) => (store.message(id) as Message).timestamp > oldest);
  if (allowed.length === ids.length) return;
  // NOTE: approximation: the real server orders the allowed ones by date sent; ids grow with it here.
  throw new MoveTimeLimitExceeded(allowed[0] as number, ids.length, allowed.length);
}

/** check_for_can_create_topic_group_violation: a new topic needs can_create_topic_group (a bot's owner's will do). */
function checkCanCreateTopic(world: World, actor: User, channel: Channel, topic: string): void {
  const store = world.store;
  if (actor.is_system_bot) return;
  if (store.topicMessageIds(channel.stream_id, topic).length > 0) return;
  if (!inSendSetting(store, channel.can_create_topic_group, actor, world.nowMs())) {
    throw new BadRequest('You do not have permission to create new topics in this channel.');
  }
}

/**
 * The messages a move takes (update_messages_for_topic_edit): the edited one, and by
 * propagate_mode the later ones or all of its topic; between channels only those the
 * mover may access, so that nobody gains access by moving.
 */
function movedMessageIds(world: World, plan: EditPlan): number[] {
  const store = world.store;
  const m = plan.message;
  if (plan.propagateMode === 'change_one') return [m.id];
  const all = store.topicMessageIds(m.stream_id as number, plan.origTopic);
  const from = plan.propagateMode === 'change_later' ? lowerBound(all, m.id) : 0;
  const out: number[] = [];
  for (let i = from; i < all.length; i++) {
    const id = all[i] as number;
    if (id !== m.id && plan.streamEdited && !hasMessageAccess(store, plan.actor, store.message(id) as Message, world.nowMs())) continue;
    out.push(id);
  }
  if (!out.includes(m.id)) out.push(m.id);
  return out.sort((a, b) => a - b);
}

function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
