// Message reminders (zulip/zulip zerver/views/reminders.py, zerver/actions/reminders.py,
// zerver/lib/reminders.py): the caller asks to be reminded of a message they can read;
// the reminder is checked now as a direct message to themselves, and Notification Bot
// sends it at the chosen time (actions/deliver-due.ts). Events go to the owner alone.
import { MAX_REMINDER_NOTE_LENGTH } from '../domain/limits.ts';
import { hasMessageAccess } from '../domain/messages.ts';
import { formatReminder, accessReminder } from '../domain/reminders.ts';
import { reminderContent } from '../domain/reminder-content.ts';
import { BadRequest } from '../errors.ts';
import { REMINDERS, type ReminderRecord } from '../state/reminders.ts';
import { SCHEDULED_MESSAGES } from '../state/scheduled-messages.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { checkInFuture } from './scheduled-messages.ts';
import { checkSendMessage } from './send-message.ts';


export interface ReminderInput {
  messageId: number;
  /** UNIX seconds. */
  scheduledTimestamp: number;
  note: string;
  client: string;
}

export type ReminderPlan = Omit<ReminderRecord, 'id'>;

/** normalize_note_text: as message content (trailing whitespace, leading newlines), with its own limit. */
function normalizeNote(note: string): string {
  const body = note.trimEnd().replace(/^\n+/, '');
  if ([...body].length > MAX_REMINDER_NOTE_LENGTH) throw new BadRequest(`Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  return body;
}

export function checkReminder(world: World, actor: User, input: ReminderInput): ReminderPlan {
  const store = world.store;
  checkInFuture(world, input.scheduledTimestamp);
  const m = store.message(input.messageId);
  if (!m || !hasMessageAccess(store, actor, m, world.nowMs())) throw new BadRequest('Invalid message(s)');
  const note = normalizeNote(input.note);
  // Checked as a direct message to oneself, as it will be sent (check_message).
  const prepared = checkSendMessage(world, actor, {
    type: 'private',
    to: JSON.stringify([actor.user_id]),
    content: reminderContent(store, m, note),
    topic: undefined,
    readBySender: false,
    client: input.client,
    localEcho: undefined,
  });
  return {
    user_id: actor.user_id,
    reminder_target_message_id: m.id,
    note,
    content: prepared.message.content,
    rendered_content: prepared.message.rendered_content,
    scheduled_timestamp: input.scheduledTimestamp,
    delivered: false,
    delivered_message_id: null,
    failed: false,
    failure_message: null,
  };
}

/** Reminders and scheduled messages are one table upstream: the id comes from the scheduled messages' sequence. */
export function doReminder(world: World, plan: ReminderPlan): number {
  const row: ReminderRecord = { id: world.store.nextId(SCHEDULED_MESSAGES.name), ...plan };
  world.store.table(REMINDERS).put(row);
  world.store.emit([row.user_id], { type: 'reminders', op: 'add', reminders: [formatReminder(row)] });
  return row.id;
}

export function deleteReminder(world: World, actor: User, id: number): void {
  const row = accessReminder(world.store, actor, id);
  world.store.table(REMINDERS).delete(row.id);
  world.store.emit([actor.user_id], { type: 'reminders', op: 'remove', reminder_id: row.id });
}
