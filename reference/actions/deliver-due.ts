// Delivering what fell due: scheduled messages and reminders, one at a time, by delivery
// time then id across both (zulip/zulip zerver/actions/scheduled_messages.py
// try_deliver_one_scheduled_message, send_scheduled_message, send_reminder). Each is
// checked again with the state of that moment; a check that fails marks it failed
// instead, and tells the sender as upstream does. Finding the next one reads the head
// of each table's delivery order, never the rows.
//   deliverDue(world): everything due now (the system clock: the node:http timer and the
//     start of every request).
//   advanceClockDelivering(world, ms): the manual clock moves to each delivery time in
//     turn, so that every message is sent at its own instant, then to the end.
import { hasMessageAccess } from '../domain/messages.ts';
import { reminderContent } from '../domain/reminder-content.ts';
import { formatScheduledMessage } from '../domain/scheduled-messages.ts';
import { isoDate } from '../domain/users.ts';
import { ApiError, BadRequest, RealmDeactivated, UserDeactivated } from '../errors.ts';
import { REMINDERS, type ReminderRecord } from '../state/reminders.ts';
import { SCHEDULED_MESSAGES, type ScheduledMessageRecord } from '../state/scheduled-messages.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { internalSend, notificationBot } from './internal-send.ts';
import { checkSendMessage, doSendMessage } from './send-message.ts';

/** SCHEDULED_MESSAGE_LATE_CUTOFF_MINUTES: a message this late is not sent any more. */
const LATE_CUTOFF_SECONDS = 10 * 60;

type Due = { kind: 'message'; row: ScheduledMessageRecord } | { kind: 'reminder'; row: ReminderRecord };

/** The pending item with the earliest (delivery time, id), from the heads of the two orders. */
export function nextDue(world: World): Due | undefined {
  const message = world.store.table(SCHEDULED_MESSAGES).first();
  const reminder = world.store.table(REMINDERS).first();
  if (message === undefined) return reminder && { kind: 'reminder', row: reminder };
  if (reminder === undefined) return { kind: 'message', row: message };
  const messageFirst = message.scheduled_timestamp - reminder.scheduled_timestamp || message.id - reminder.id;
  return messageFirst < 0 ? { kind: 'message', row: message } : { kind: 'reminder', row: reminder };
}

/** Deliver everything due at the clock's current instant. */
export function deliverDue(world: World): void {
  const now = world.nowMs();
  for (;;) {
    const next = nextDue(world);
    if (next === undefined || next.row.scheduled_timestamp * 1000 > now) return;
    deliver(world, next);
  }
}

/** Move a manual clock forward by `ms`, stopping at each delivery time on the way to deliver. */
export function advanceClockDelivering(world: World, ms: number): void {
  const clock = world.clock;
  const end = clock.now() + ms;
  for (;;) {
    const next = nextDue(world);
    if (next === undefined || next.row.scheduled_timestamp * 1000 > end) break;
    const at = next.row.scheduled_timestamp * 1000;
    if (at > clock.now()) clock.advance(at - clock.now());
    deliver(world, next);
  }
  clock.advance(end - clock.now());
}

function deliver(world: World, due: Due): void {
  if (due.kind === 'message') deliverMessage(world, due.row);
  else deliverReminder(world, due.row);
}

/** validate_account_and_subdomain again: the organization and the sender must still be active. */
function checkAccount(world: World, userId: number): User {
  if (world.store.realm.deactivated) throw new RealmDeactivated();
  const user = world.store.user(userId);
  if (!user?.is_active) throw new UserDeactivated();
  return user;
}

const failureText = (e: unknown): string => (e instanceof ApiError ? e.message : 'Internal server error');

function deliverMessage(world: World, row: ScheduledMessageRecord): void {
  const store = world.store;
  const table = store.table(SCHEDULED_MESSAGES);
  try {
    const sender = checkAccount(world, row.sender_id);
    if (world.nowSeconds() > row.scheduled_timestamp + LATE_CUTOFF_SECONDS) throw new BadRequest('Message could not be sent at the scheduled time.');
    // A direct message goes to the conversation's members as they are now.
    const prepared = checkSendMessage(world, sender, {
      type: row.stream_id === null ? 'private' : 'stream',
      to: row.stream_id === null ? JSON.stringify(row.dm_user_ids) : String(row.stream_id),
      content: row.content,
      topic: row.topic,
      readBySender: row.read_by_sender,
      client: row.client,
      localEcho: undefined,
    });
    const { message } = doSendMessage(world, prepared, undefined);
    table.put({ ...row, delivered: true, delivered_message_id: message.id });
    store.emit([row.sender_id], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.id });
  } catch (e) {
    const failed: ScheduledMessageRecord = { ...row, failed: true, failure_message: failureText(e) };
    table.put(failed);
    // No notice when the organization or the account is gone, nor to a system bot.
    if (e instanceof RealmDeactivated || e instanceof UserDeactivated || store.user(row.sender_id)?.is_system_bot) return;
    store.emit([row.sender_id], { type: 'scheduled_messages', op: 'update', scheduled_message: formatScheduledMessage(failed) });
    const notice =
      // send_failed_scheduled_message_notification: str() of the delivery datetime (a space
      // between date and time), in a time mark that ends with a space of its own.
      `The message you scheduled for <time:${isoDate(row.scheduled_timestamp * 1000).replace('T', ' ')}>  was not sent because of the following error:\n\n` +
      `> ${failed.failure_message as string}\n\n[View scheduled messages](#scheduled)`;
    internalSend(world, notificationBot(world), { dm_user_ids: [row.sender_id] }, notice);
  }
}

function deliverReminder(world: World, row: ReminderRecord): void {
  const store = world.store;
  const table = store.table(REMINDERS);
  try {
    const user = checkAccount(world, row.user_id);
    // The message as it is now, if the user can still read it; else the text made at the start.
    const target = store.message(row.reminder_target_message_id);
    const content = target && hasMessageAccess(store, user, target, world.nowMs()) ? reminderContent(store, target, row.note) : row.content;
    const message = internalSend(world, notificationBot(world), { dm_user_ids: [user.user_id] }, content);
    table.put({ ...row, delivered: true, delivered_message_id: message.id });
    store.emit([row.user_id], { type: 'reminders', op: 'remove', reminder_id: row.id });
  } catch (e) {
    // Reminders fail quietly: no event, no notice.
    table.put({ ...row, failed: true, failure_message: failureText(e) });
  }
}
