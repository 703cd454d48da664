// Submessages (zulip/zulip zerver/views/submessage.py process_submessage,
// zerver/actions/submessage.py verify_submessage_sender, do_add_submessage) and the
// widget a /poll or /todo message gets when it is sent (zerver/lib/widget.py
// do_widget_post_save_actions).
// NOTE: approximation: attaching a submessage never changes the sender's topic visibility
// policy (see actions/reactions.ts: the participation settings are fixed at their defaults).
import { BadRequest } from '../errors.ts';
import { messageActionAudience } from '../domain/message-audience.ts';
import { pythonJsonDumps, validatePollData, validateTodoData, widgetForContent, widgetType, type WidgetContent } from '../domain/widgets.ts';
import type { Message, Submessage, User } from '../state/types.ts';
import type { World } from '../world.ts';
import { accessMessageForModify } from './delete-message.ts';

export interface SubmessageInput {
  message_id: number;
  msg_type: string;
  content: string;
}

/** process_submessage's checks, in its order: access, who may attach, JSON, the widget's rules. */
export function checkSubmessage(world: World, actor: User, input: SubmessageInput): Message {
  const message = accessMessageForModify(world, actor, input.message_id);
  // The first submessage of a message must be its sender's.
  if (message.sender_id !== actor.user_id && !message.submessages?.some((s) => s.sender_id === message.sender_id)) {
    throw new BadRequest('You cannot attach a submessage to this message.');
  }
  let data: unknown;
  try {
    data = JSON.parse(input.content);
  } catch {
    throw new BadRequest('Invalid json for submessage');
  }
  const type = widgetType(message);
  const isAuthor = message.sender_id === actor.user_id;
  if (type === 'poll') validatePollData(data, isAuthor);
  if (type === 'todo') validateTodoData(data, isAuthor);
  return message;
}

function attach(world: World, message: Message, fields: Omit<Submessage, 'id' | 'message_id'>): Submessage {
  const sub: Submessage = { id: world.store.nextId('submessages'), message_id: message.id, ...fields };
  (message.submessages ??= []).push(sub);
  world.store.changed();
  return sub;
}

export function doAddSubmessage(world: World, actor: User, message: Message, input: SubmessageInput): void {
  const sub = attach(world, message, { sender_id: actor.user_id, msg_type: input.msg_type, content: input.content });
  world.store.emit(messageActionAudience(world.store, message), {
    type: 'submessage',
    msg_type: sub.msg_type,
    message_id: message.id,
    submessage_id: sub.id,
    sender_id: sub.sender_id,
    content: sub.content,
  });
}

/**
 * A message sent as /poll or /todo, or with widget_content (which wins), gets its widget
 * submessage before anyone hears of it.
 */
export function attachWidget(world: World, message: Message, explicit?: WidgetContent): void {
  const widget = explicit ?? widgetForContent(message.content);
  if (widget === null) return;
  attach(world, message, { sender_id: message.sender_id, msg_type: 'widget', content: pythonJsonDumps(widget), with_message: true });
}
