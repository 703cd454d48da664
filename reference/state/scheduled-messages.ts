// Scheduled messages (zulip/zulip zerver/models/scheduled_jobs.py, ScheduledMessage with
// delivery type SEND_LATER): a message checked now and sent by its sender later. A row
// stays after delivery (delivered, delivered_message_id) or after a failed attempt
// (failed, failure_message). The order is the delivery queue: pending rows by their
// delivery time, then id, so that the next due row is found without a scan.
// Reminders (state/reminders.ts) draw their ids from this table's sequence, as both are
// ScheduledMessage rows upstream.
import { defineTable } from './table.ts';

export interface ScheduledMessageRecord {
  id: number;
  sender_id: number;
  /** Channel messages only. */
  stream_id: number | null;
  /** "" for direct messages and for the empty topic. */
  topic: string;
  /** Direct messages: every participant, the sender included, ascending. */
  dm_user_ids: number[];
  content: string;
  rendered_content: string;
  /** UNIX seconds. */
  scheduled_timestamp: number;
  read_by_sender: boolean;
  /** The sending client's name, used again at delivery. */
  client: string;
  delivered: boolean;
  delivered_message_id: number | null;
  failed: boolean;
  failure_message: string | null;
}

/** Pending: neither delivered nor failed; only those are in the delivery order. */
export const isPending = (r: { delivered: boolean; failed: boolean }): boolean => !r.delivered && !r.failed;

export const SCHEDULED_MESSAGES = defineTable<ScheduledMessageRecord>('scheduled_messages', {
  indexes: { owner: (r) => r.sender_id },
  orderBy: (r) => (isPending(r) ? r.scheduled_timestamp : null),
});
