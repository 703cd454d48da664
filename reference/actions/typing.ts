// Typing notifications (POST /typing): zulip/zulip zerver/views/typing.py
// (send_notification_backend) and zerver/actions/typing.py
// (check_send_typing_notification, do_send_typing_notification,
// do_send_stream_typing_notification). Nothing is stored: checkTyping validates in the
// real server's order and returns the event and who gets it; doTyping emits it.
// The typing settings (PATCH /settings): a sender who turned send_stream_typing_notifications
// or send_private_typing_notifications off is refused, and users who turned
// receives_typing_notifications off are left out of the audience.
import { accessChannelById } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { checkCanSendToChannel } from '../domain/send-permission.ts';
import { userSetting } from '../domain/user-settings.ts';
import { BadRequest } from '../errors.ts';
import type { TypingEvent, TypingUser } from '../state/events.ts';
import { apiEmail, type Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

/** MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS: larger channels get no typing events. */
export const MAX_CHANNEL_SIZE_FOR_TYPING = 100;

export interface TypingRequest {
  op: 'start' | 'stop';
  /** 'channel' is 'stream'; 'private' (before feature level 215) is 'direct'. */
  type: 'direct' | 'private' | 'stream' | 'channel';
  to: number[] | undefined;
  streamId: number | undefined;
  topic: string | undefined;
}

export interface TypingPlan {
  event: TypingEvent;
  /** Who receives it, ascending; may be empty. */
  audience: number[];
}

export function checkTyping(world: World, actor: User, req: TypingRequest): TypingPlan {
  return req.type === 'stream' || req.type === 'channel' ? checkChannelTyping(world, actor, req) : checkDirectTyping(world, actor, req);
}

/** Emit the event to its audience (nothing to emit when nobody gets it). */
export function doTyping(world: World, plan: TypingPlan): void {
  if (plan.audience.length > 0) world.store.emit(plan.audience, plan.event);
}

const receivesTyping = (store: Store, id: number) => {
  const u = store.user(id);
  return u !== undefined && userSetting(u, 'receives_typing_notifications') === true;
};

function typingUser(store: Store, user: User): TypingUser {
  return { user_id: user.user_id, email: apiEmail(user, store.realm) };
}

function checkChannelTyping(world: World, sender: User, req: TypingRequest): TypingPlan {
  const store = world.store;
  // A JsonableError in the real view, so BAD_REQUEST without var_name.
  if (req.streamId === undefined) throw new BadRequest("Missing 'stream_id' argument");
  if (req.topic === undefined) throw new BadRequest('Missing topic');
  if (!userSetting(sender, 'send_stream_typing_notifications')) throw new BadRequest('User has disabled typing notifications for channel messages');
  const { channel } = accessChannelById(store, sender, req.streamId, world.nowMs());
  checkCanSendToChannel(store, sender, channel, world.nowMs());
  // maybe_rename_general_chat_to_empty_topic, maybe_rename_no_topic_to_empty_topic.
  // By feature level: the display name is an alias from 334, '(no topic)' from 372.
  const alias = (req.topic === store.realm.empty_topic_display_name && atLeast(store, 'empty_topic')) || (req.topic === '(no topic)' && atLeast(store, 'typing_no_topic_alias'));
  const topic = alias ? '' : req.topic;
  const event: TypingEvent = {
    type: 'typing',
    op: req.op,
    message_type: 'stream',
    sender: typingUser(store, sender),
    stream_id: channel.stream_id,
    topic,
  };
  // Active subscriptions of active users; soft deactivation does not exist here.
  const subscribers = store.subscribers(channel.stream_id);
  if (subscribers.length > MAX_CHANNEL_SIZE_FOR_TYPING) return { event, audience: [] };
  return { event, audience: subscribers.filter((id) => receivesTyping(store, id)) };
}

function checkDirectTyping(world: World, sender: User, req: TypingRequest): TypingPlan {
  const store = world.store;
  if (req.to === undefined) throw new BadRequest("Missing 'to' argument");
  if (req.to.length === 0) throw new BadRequest("Empty 'to' list");
  if (!userSetting(sender, 'send_private_typing_notifications')) throw new BadRequest('User has disabled typing notifications for direct messages');
  const ids = req.to.includes(sender.user_id) ? [...req.to] : [...req.to, sender.user_id];
  // Any id that is not a user of the realm (cross-realm bots included) rejects the
  // whole request; deactivated users are valid recipients.
  const recipients = ids.map((id) => {
    const u = store.user(id);
    if (!u) throw new BadRequest(`Invalid user ID ${id}`);
    return u;
  });
  const event: TypingEvent = {
    type: 'typing',
    op: req.op,
    message_type: 'direct',
    sender: typingUser(store, sender),
    recipients: recipients.map((u) => typingUser(store, u)),
  };
  // In no particular order: each user's queues get the one event whatever the order.
  const audience = new Set(recipients.filter((u) => u.is_active && userSetting(u, 'receives_typing_notifications')).map((u) => u.user_id));
  return { event, audience: [...audience] };
}
