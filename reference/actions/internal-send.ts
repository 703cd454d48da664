// Messages the server itself sends (Notification Bot's reports and notices), without
// the permission checks of a user's send (zulip/zulip internal_send_stream_message,
// internal_send_private_message).
import { renderForStore } from '../domain/render-message.ts';
import type { World } from '../world.ts';
import { newMessage } from '../domain/messages.ts';
import { FLAG, type Message, type User } from '../state/types.ts';
import { normalizeContent } from './message-text.ts';
import { doSendMessage } from './send-message.ts';

export function notificationBot(world: World): User {
  const bot = world.store.userByEmail('notification-bot@zulip.com');
  if (!bot) throw new Error('the realm has no notification bot');
  return bot;
}

export function internalSend(
  world: World,
  sender: User,
  where: { stream_id: number; topic: string } | { dm_user_ids: number[] },
  raw: string,
  /** do_send_messages(mark_as_read=...): recipients whose copy is read from the start (in its events too). */
  readBy: ReadonlySet<number> = new Set(),
): Message {
  const store = world.store;
  // check_message normalizes every message's body (normalize_body), the server's own too:
  // a list ending in a newline loses it.
  const content = normalizeContent(raw);
  const rendered = renderForStore(store, content, sender, world.nowMs());
  const isStream = 'stream_id' in where;
  const dmIds = isStream ? [] : [...new Set([sender.user_id, ...where.dm_user_ids])].sort((a, b) => a - b);
  const recipients = isStream ? store.subscribers(where.stream_id).filter((id) => store.user(id)?.is_active) : dmIds;
  const flags = new Map<number, number>();
  for (const id of recipients) {
    let bits = id === sender.user_id || readBy.has(id) ? FLAG.read : 0;
    if (rendered.user_ids.has(id)) bits |= FLAG.mentioned;
    flags.set(id, bits);
  }
  const message = newMessage({
    sender_id: sender.user_id,
    stream_id: isStream ? where.stream_id : null,
    topic: isStream ? where.topic : '',
    dm_user_ids: dmIds,
    content,
    rendered_content: rendered.html,
    timestamp: world.nowSeconds(),
    client: 'Internal',
    is_me_message: false,
  });
  return doSendMessage(world, { message, flags }, undefined).message;
}
