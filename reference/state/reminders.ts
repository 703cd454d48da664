// Message reminders (zulip/zulip zerver/models/scheduled_jobs.py, ScheduledMessage with
// delivery type REMIND): Notification Bot sends the owner a direct message about another
// message at the chosen time. Ids come from the scheduled messages' sequence (one table
// upstream), so a reminder id never names a scheduled message. Ordered like scheduled
// messages: pending rows by delivery time, then id.
import { defineTable } from './table.ts';

export interface ReminderRecord {
  id: number;
  /** The owner: who asked, and who is reminded. */
  user_id: number;
  reminder_target_message_id: number;
  /** Normalized; "" when none was given. */
  note: string;
  /** The text computed when the reminder was made; sent as is if the message is out of reach by then. */
  content: string;
  rendered_content: string;
  /** UNIX seconds. */
  scheduled_timestamp: number;
  delivered: boolean;
  delivered_message_id: number | null;
  failed: boolean;
  failure_message: string | null;
}

export const REMINDERS = defineTable<ReminderRecord>('reminders', {
  indexes: { owner: (r) => r.user_id },
  orderBy: (r) => (!r.delivered && !r.failed ? r.scheduled_timestamp : null),
});
