// Scheduled messages as the API shows them, and who may touch one (zulip/zulip
// zerver/lib/scheduled_messages.py, zerver/models/scheduled_jobs.py to_dict). Only the
// sender ever sees one; anyone else, like a missing id, gets 404.
import { NotFoundBadRequest } from '../errors.ts';
import type { ScheduledMessageObject } from '../state/events.ts';
import { SCHEDULED_MESSAGES, type ScheduledMessageRecord } from '../state/scheduled-messages.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { directTo } from './recipient-ids.ts';

/** ScheduledMessage.to_dict: a channel message has `to` the channel id and a topic; a direct one a list and no topic. */
export function formatScheduledMessage(r: ScheduledMessageRecord): ScheduledMessageObject {
  const when = { scheduled_delivery_timestamp: r.scheduled_timestamp, failed: r.failed };
  if (r.stream_id !== null) {
    return { scheduled_message_id: r.id, to: r.stream_id, type: 'stream', content: r.content, rendered_content: r.rendered_content, topic: r.topic, ...when };
  }
  return { scheduled_message_id: r.id, to: directTo(r.dm_user_ids, r.sender_id), type: 'private', content: r.content, rendered_content: r.rendered_content, ...when };
}

/** The sender's undelivered scheduled messages (failed ones included), by delivery time then id. */
export function undeliveredScheduledMessages(store: Store, userId: number): ScheduledMessageRecord[] {
  return store
    .table(SCHEDULED_MESSAGES)
    .find('owner', userId)
    .filter((r) => !r.delivered)
    .sort((a, b) => a.scheduled_timestamp - b.scheduled_timestamp || a.id - b.id);
}

/** access_scheduled_message: the user's own, or 404 "Scheduled message does not exist". */
export function accessScheduledMessage(store: Store, user: User, id: number): ScheduledMessageRecord {
  const r = store.table(SCHEDULED_MESSAGES).get(id);
  if (r === undefined || r.sender_id !== user.user_id) throw new NotFoundBadRequest('Scheduled message does not exist');
  return r;
}

/** POST /register's `scheduled_messages`: as GET /scheduled_messages lists them. */
export function scheduledMessagesInitialState({ store, user }: { readonly store: Store; readonly user: User }): { scheduled_messages: ScheduledMessageObject[] } {
  return { scheduled_messages: undeliveredScheduledMessages(store, user.user_id).map(formatScheduledMessage) };
}
