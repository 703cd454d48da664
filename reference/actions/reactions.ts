// Emoji reactions (zulip/zulip zerver/actions/reactions.py check_add_reaction,
// do_add_reaction, do_remove_reaction, notify_reaction_update; zerver/views/reactions.py).
// A reaction is one user's vote for one (reaction_type, emoji_code) on a message: a
// second vote for the same code takes the name of the first, and duplicates are found by
// code, never by name.
// NOTE: approximation: reacting never changes the user's topic visibility policy. The real
// server follows or unmutes the topic when the user's automatically_follow_topics_policy or
// automatically_unmute_topics_in_muted_streams_policy is "on participation"; those settings
// are fixed at their defaults here (on initiation, on send), where a reaction changes nothing.
import { ApiError, BadRequest } from '../errors.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { checkEmojiRequest, emojiDataForName } from '../domain/emoji.ts';
import { messageActionAudience } from '../domain/message-audience.ts';
import { apiEmail } from '../state/store.ts';
import type { ReactionEvent } from '../state/events.ts';
import { FLAG, type Message, type Reaction, type User } from '../state/types.ts';
import type { World } from '../world.ts';
import { accessMessageForModify } from './delete-message.ts';

export interface ReactionInput {
  emoji_name?: string | undefined;
  emoji_code?: string | undefined;
  reaction_type?: string | undefined;
}

/** The reaction a check accepted: the message, the reaction, and whether the user needs a historical row. */
export interface ReactionPlan {
  message: Message;
  reaction: Reaction;
  historical: boolean;
}

/** ReactionExistsError / ReactionDoesNotExistError: their own codes from feature level 193. */
function reactionError(world: World, code: string, msg: string): ApiError {
  return atLeast(world.store, 'reaction_error_codes') ? new ApiError(400, code, msg) : new BadRequest(msg);
}

function findReaction(m: Message, userId: number, code: string, type: string): number {
  return m.reactions.findIndex((r) => r.user_id === userId && r.emoji_code === code && r.reaction_type === type);
}

/** check_add_reaction: access, the code and type from the name when not given, duplicates, the emoji's validity. */
export function checkAddReaction(world: World, actor: User, messageId: number, input: ReactionInput & { emoji_name: string }): ReactionPlan {
  const store = world.store;
  const message = accessMessageForModify(world, actor, messageId);
  let code = input.emoji_code;
  let type = input.reaction_type;
  if (code === undefined || type === undefined) {
    const data = emojiDataForName(store, input.emoji_name);
    code ??= data.emoji_code;
    type ??= data.reaction_type;
  }
  if (findReaction(message, actor.user_id, code, type) >= 0) throw reactionError(world, 'REACTION_ALREADY_EXISTS', 'Reaction already exists.');
  // A vote for a reaction someone already made takes that reaction's name, unchecked (its
  // custom emoji may have been deactivated since); a new reaction must be valid now.
  const existing = message.reactions.find((r) => r.emoji_code === code && r.reaction_type === type);
  let name = input.emoji_name;
  if (existing) name = existing.emoji_name;
  else checkEmojiRequest(store, name, code, type);
  const historical = store.userMessageFlags(actor.user_id, message.id) === undefined;
  return { message, reaction: { emoji_name: name, emoji_code: code, reaction_type: type, user_id: actor.user_id }, historical };
}

export function doAddReaction(world: World, actor: User, plan: ReactionPlan): void {
  const store = world.store;
  // A channel message the user never received gets a historical row, read
  // (create_historical_user_messages): from now on the user hears of the message's changes.
  if (plan.historical) store.setUserMessageFlags(actor.user_id, plan.message.id, FLAG.read | FLAG.historical);
  plan.message.reactions.push(plan.reaction);
  store.changed();
  notify(world, actor, plan.message, plan.reaction, 'add');
}

/** remove_reaction: access, the code from the name when not given, then the user's own reaction must exist. */
export function checkRemoveReaction(world: World, actor: User, messageId: number, input: ReactionInput): { message: Message; index: number } {
  const message = accessMessageForModify(world, actor, messageId);
  let code = input.emoji_code;
  if (code === undefined) {
    if (input.emoji_name === undefined) throw new BadRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
    code = emojiDataForName(world.store, input.emoji_name).emoji_code;
  }
  // Not checked against the emoji table: a reaction that exists was valid when made.
  const index = findReaction(message, actor.user_id, code, input.reaction_type ?? 'unicode_emoji');
  if (index < 0) throw reactionError(world, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
  return { message, index };
}

export function doRemoveReaction(world: World, actor: User, plan: { message: Message; index: number }): void {
  const [reaction] = plan.message.reactions.splice(plan.index, 1);
  world.store.changed();
  notify(world, actor, plan.message, reaction as Reaction, 'remove');
}

function notify(world: World, actor: User, m: Message, r: Reaction, op: 'add' | 'remove'): void {
  const store = world.store;
  const user = atLeast(store, 'reaction_event_no_user')
    ? {}
    : { user: { user_id: actor.user_id, email: apiEmail(actor, store.realm), full_name: actor.full_name } };
  const event: ReactionEvent = {
    type: 'reaction',
    op,
    user_id: actor.user_id,
    ...user,
    message_id: m.id,
    emoji_name: r.emoji_name,
    emoji_code: r.emoji_code,
    reaction_type: r.reaction_type,
  };
  store.emit(messageActionAudience(store, m), event);
}
