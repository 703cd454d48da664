// An event as a client receives it. Most events are already in their wire shape; a
// `message` event holds the stored Message record and is shaped here for the receiving
// user and the view their queue asked for (apply_markdown, client_gravatar,
// empty_topic_name), as zulip/zulip zerver/tornado/event_queue.py finalizes message
// events per client.
import type { ServerEvent } from '../state/events.ts';
import type { Store } from '../state/store.ts';
import type { Message } from '../state/types.ts';
import { formatMessage, type MessageView } from './messages.ts';

/** What the client asked for at registration, as far as event shapes depend on it. */
export type EventView = MessageView;

/** The view of a client that asked for everything: HTML content, avatar URLs, the empty topic as "". */
export const FULL_VIEW: EventView = { applyMarkdown: true, clientGravatar: false, allowEmptyTopicName: true };

export function formatEvent(store: Store, userId: number, event: ServerEvent, view: EventView): Record<string, unknown> {
  if (event.type === 'update_message_flags' && event.message_details !== undefined && !view.allowEmptyTopicName) {
    // A client without empty_topic_name gets the empty topic by the realm's display name, as
    // the API documentation (GET /events, update_message_flags) says; the real server's
    // process_mark_message_unread_event writes Message.EMPTY_TOPIC_FALLBACK_NAME, the
    // default display name ("general chat"): the two differ only in a realm that renamed it.
    const out = structuredClone(event) as unknown as Record<string, unknown>;
    for (const d of Object.values(out['message_details'] as Record<string, Record<string, unknown>>)) {
      if (d['type'] === 'stream' && d['topic'] === '') d['topic'] = store.realm.empty_topic_display_name;
    }
    return out;
  }
  // A presence event as emitted holds both formats (queues take theirs in state/event-hub.ts); a record read back shows the modern one, as every capability asks.
  if (event.type === 'presence' && 'modern_presence' in event) return { type: 'presence', presences: { [String(event.user_id)]: { ...event.modern_presence } } };
  if (event.type !== 'message') return structuredClone(event) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: 'message',
    message: messageFor(store, userId, event.message, view),
    flags: [...event.flags],
  };
  if (event.local_message_id !== undefined) out['local_message_id'] = event.local_message_id;
  return out;
}

/**
 * A message as one user's queues show it, formatted once per message, user and view and
 * then shared (frozen): a message event fans out to every queue of its recipients, and
 * the real server too computes a message's dict once, when it is sent. Only the most
 * recent messages are kept formatted, so that memory follows the queues, not history.
 */
const FORMATTED_KEPT = 1000;
const formatted = new Map<Message, Map<string, Readonly<Record<string, unknown>>>>();
function messageFor(store: Store, userId: number, message: Message, view: EventView): Readonly<Record<string, unknown>> {
  let byView = formatted.get(message);
  if (byView === undefined) {
    if (formatted.size >= FORMATTED_KEPT) formatted.delete(formatted.keys().next().value as Message);
    formatted.set(message, (byView = new Map()));
  }
  const key = `${userId}:${+view.applyMarkdown}${+view.clientGravatar}${+view.allowEmptyTopicName}`;
  let out = byView.get(key);
  if (out === undefined) byView.set(key, (out = deepFreeze(formatMessage(store, store.user(userId) ?? null, message, { ...view, asSent: true }))));
  return out;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
