// Reminders as the API shows them, and who may touch one (zulip/zulip
// zerver/lib/reminders.py access_reminder, zerver/lib/scheduled_messages.py
// get_undelivered_reminders, zerver/models/scheduled_jobs.py to_reminder_dict). Only the
// owner ever sees one; anyone else, like a missing id, gets 404.
import { NotFoundBadRequest } from '../errors.ts';
import type { ReminderObject } from '../state/events.ts';
import { REMINDERS, type ReminderRecord } from '../state/reminders.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';

/** A reminder is a direct message to oneself. */
export function formatReminder(r: ReminderRecord): ReminderObject {
  return {
    reminder_id: r.id,
    to: [r.user_id],
    type: 'private',
    content: r.content,
    rendered_content: r.rendered_content,
    scheduled_delivery_timestamp: r.scheduled_timestamp,
    failed: r.failed,
    reminder_target_message_id: r.reminder_target_message_id,
  };
}

/** The user's undelivered reminders (failed ones included), by delivery time then id. */
export function undeliveredReminders(store: Store, userId: number): ReminderRecord[] {
  return store
    .table(REMINDERS)
    .find('owner', userId)
    .filter((r) => !r.delivered)
    .sort((a, b) => a.scheduled_timestamp - b.scheduled_timestamp || a.id - b.id);
}

/** access_reminder: the user's own, or 404 "Reminder does not exist". */
export function accessReminder(store: Store, user: User, id: number): ReminderRecord {
  const r = store.table(REMINDERS).get(id);
  if (r === undefined || r.user_id !== user.user_id) throw new NotFoundBadRequest('Reminder does not exist');
  return r;
}

/** POST /register's `reminders`: as GET /reminders lists them. */
export function remindersInitialState({ store, user }: { readonly store: Store; readonly user: User }): { reminders: ReminderObject[] } {
  return { reminders: undeliveredReminders(store, user.user_id).map(formatReminder) };
}
