// Access to one message by id, as the real server decides it for GET /messages/{id},
// DELETE /messages/{id} and the other endpoints that name a message (zulip/zulip
// zerver/lib/message.py has_message_access, access_message,
// access_message_and_usermessage). Stricter than the narrow rules of GET /messages
// (domain/messages.ts hasMessageAccess): a guest reads a channel message only while
// subscribed, web-public channels included; a protected-history message needs the row
// and a subscription (or a group granting content access).
import { BadRequest, SessionUnauthorized } from '../errors.ts';
import type { Store } from '../state/store.ts';
import type { Message, User } from '../state/types.ts';
import { hasContentAccessBySubscriptionOrGroups, isWebPublicChannel, webPublicStreamsEnabled } from './channels.ts';
import { isGuest } from './users.ts';

/**
 * has_message_access. Direct messages: only with a UserMessage row. Channel messages:
 * a public channel's (web-public too) to any non-guest; otherwise content access by
 * subscription or groups, and for protected history the row as well. `modifying`:
 * a message of an archived channel is out of reach.
 */
export function canAccessMessage(store: Store, user: User, m: Message, nowMs: number, modifying: boolean): boolean {
  const hasRow = () => store.userMessageFlags(user.user_id, m.id) !== undefined;
  if (m.stream_id === null) return hasRow();
  const channel = store.channel(m.stream_id);
  if (!channel) return false;
  if (modifying && channel.is_archived) return false;
  // stream.is_public() and can_access_public_streams() (every role but guest).
  if (!channel.invite_only && !isGuest(user)) return true;
  if (!channel.history_public_to_subscribers) return hasRow() && hasContentAccessBySubscriptionOrGroups(store, user, channel, nowMs);
  return hasContentAccessBySubscriptionOrGroups(store, user, channel, nowMs);
}

/**
 * access_message_and_usermessage: the message and the user's flag bits (undefined without
 * a UserMessage row), or BAD_REQUEST "Invalid message(s)" alike for a message that does
 * not exist and one the user may not see, so that the answer never tells which.
 */
export function accessMessage(
  store: Store,
  user: User,
  id: number,
  nowMs: number,
  modifying: boolean,
): { message: Message; flags: number | undefined } {
  const message = store.message(id);
  if (!message || !canAccessMessage(store, user, message, nowMs, modifying)) throw new BadRequest('Invalid message(s)');
  return { message, flags: store.userMessageFlags(user.user_id, id) };
}

/**
 * May a logged-out spectator read the message (access_web_public_message)? Only a
 * channel message of a web-public channel, while the organization's web-public channels
 * are enabled (the server setting and enable_spectator_access).
 */
export function isWebPublicMessage(store: Store, m: Message): boolean {
  if (m.stream_id === null || !webPublicStreamsEnabled(store)) return false;
  const channel = store.channel(m.stream_id);
  return channel !== undefined && isWebPublicChannel(channel);
}

/**
 * access_web_public_message: the message, or the session 401 alike for every refusal
 * (no web-public channels, no such message, a direct message, a channel that is not
 * web-public), so that the answer never tells whether the message exists.
 */
export function accessWebPublicMessage(store: Store, id: number): Message {
  const message = store.message(id);
  if (!message || !isWebPublicMessage(store, message)) throw new SessionUnauthorized();
  return message;
}
