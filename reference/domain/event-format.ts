// An event as a client receives it. Most events are already in their wire shape; a
// `message` event holds the stored Message record and is shaped here for the receiving
// user and the view their queue asked for (apply_markdown, client_gravatar,
// empty_topic_name), as zulip/zulip zerver/tornado/event_queue.py finalizes message
// events per client.
import type { ServerEvent } from '../state/events.ts';
import type { Store } from '../state/store.ts';
import { formatMessage, type MessageView } from './messages.ts';

/** What the client asked for at registration, as far as event shapes depend on it. */
export type EventView = MessageView;

/** The view of a client that asked for everything: HTML content, avatar URLs, the empty topic as "". */
export const FULL_VIEW: EventView = { applyMarkdown: true, clientGravatar: false, allowEmptyTopicName: true };

export function formatEvent(store: Store, userId: number, event: ServerEvent, view: EventView): Record<string, unknown> {
  if (event.type !== 'message') return structuredClone(event) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: 'message',
    message: formatMessage(store, store.user(userId) ?? null, event.message, view),
    flags: [...event.flags],
  };
  if (event.local_message_id !== undefined) out['local_message_id'] = event.local_message_id;
  return out;
}
