// Scheduling, editing and cancelling messages (zulip/zulip
// zerver/views/scheduled_messages.py, zerver/actions/scheduled_messages.py:
// check_schedule_message, edit_scheduled_message, delete_scheduled_message). A message
// is checked as POST /messages would check it now (checkSendMessage), stored, and sent
// later by actions/deliver-due.ts with the checks of that moment. Events go to the
// sender alone.
import { accessScheduledMessage, formatScheduledMessage } from '../domain/scheduled-messages.ts';
import { directTo } from '../domain/recipient-ids.ts';
import { BadRequest } from '../errors.ts';
import { SCHEDULED_MESSAGES, type ScheduledMessageRecord } from '../state/scheduled-messages.ts';
import { FLAG, type User } from '../state/types.ts';
import type { World } from '../world.ts';
import { normalizeTopic } from './message-text.ts';
import { checkSendMessage, type PreparedMessage } from './send-message.ts';

/** DeliveryTimeNotInFutureError. */
export const NOT_IN_FUTURE = 'Scheduled delivery time must be in the future.';

export interface ScheduleInput {
  type: 'stream' | 'private';
  /** The decoded `to`: a channel id, or a list of user ids. */
  to: number | number[];
  content: string;
  topic: string | undefined;
  /** UNIX seconds. */
  scheduledTimestamp: number;
  readBySender: boolean | undefined;
  client: string;
}

/** A checked scheduled message: everything a record needs but its id. */
export type SchedulePlan = Omit<ScheduledMessageRecord, 'id'>;

/** datetime.max (9999-12-31T23:59:59Z) in UNIX seconds: the last instant the server can store. */
const LAST_INSTANT = 253_402_300_799;

export function checkInFuture(world: World, seconds: number): void {
  if (seconds * 1000 <= world.nowMs()) throw new BadRequest(NOT_IN_FUTURE);
  // NOTE: approximation: the real server fails (500) on a time past year 9999; Understudy refuses it.
  if (seconds > LAST_INSTANT) throw new BadRequest('Invalid scheduled_delivery_timestamp');
}

/** zerver/lib/recipient_parsing.py: a channel is one id, direct recipients a list (deduplicated). */
function recipientParam(type: 'stream' | 'private', to: number | number[]): string {
  if (type === 'stream') {
    if (typeof to !== 'number') throw new BadRequest('Invalid data type for channel ID');
    return String(to);
  }
  if (typeof to === 'number') throw new BadRequest('Invalid data type for recipients');
  return JSON.stringify([...new Set(to)]);
}

function checkMessage(world: World, sender: User, type: 'stream' | 'private', to: string, topic: string | undefined, content: string, client: string, readBySender?: boolean): PreparedMessage {
  return checkSendMessage(world, sender, { type, to, content, topic, readBySender, client, localEcho: undefined });
}

export function checkScheduleMessage(world: World, actor: User, input: ScheduleInput): SchedulePlan {
  checkInFuture(world, input.scheduledTimestamp);
  const to = recipientParam(input.type, input.to);
  const prepared = checkMessage(world, actor, input.type, to, input.topic, input.content, input.client, input.readBySender);
  const m = prepared.message;
  // Unless told, a message from a human's client starts read, but not one to oneself alone.
  const toSelfAlone = m.stream_id === null && m.dm_user_ids.length === 1;
  const readBySender = input.readBySender ?? (((prepared.flags.get(actor.user_id) ?? 0) & FLAG.read) !== 0 && !toSelfAlone);
  return {
    sender_id: actor.user_id,
    stream_id: m.stream_id,
    topic: m.topic,
    dm_user_ids: m.dm_user_ids,
    content: m.content,
    rendered_content: m.rendered_content,
    scheduled_timestamp: input.scheduledTimestamp,
    read_by_sender: readBySender,
    client: input.client,
    delivered: false,
    delivered_message_id: null,
    failed: false,
    failure_message: null,
  };
}

export function doScheduleMessage(world: World, plan: SchedulePlan): number {
  const table = world.store.table(SCHEDULED_MESSAGES);
  const row: ScheduledMessageRecord = { id: table.nextId(), ...plan };
  table.put(row);
  world.store.emit([row.sender_id], { type: 'scheduled_messages', op: 'add', scheduled_messages: [formatScheduledMessage(row)] });
  return row.id;
}

export interface EditScheduledInput {
  id: number;
  type: 'stream' | 'private' | undefined;
  to: number | number[] | undefined;
  topic: string | undefined;
  content: string | undefined;
  scheduledTimestamp: number | undefined;
  client: string;
}

/** The view's checks, then edit_scheduled_message's: returns the new row. */
export function checkEditScheduledMessage(world: World, actor: User, input: EditScheduledInput): ScheduledMessageRecord {
  const { type, to, topic, content, scheduledTimestamp } = input;
  if (type === undefined && to === undefined && topic === undefined && content === undefined && scheduledTimestamp === undefined) {
    throw new BadRequest('Nothing to change');
  }
  if (type !== undefined && to === undefined) throw new BadRequest('Recipient required when updating type of scheduled message.');
  if (type === 'stream' && topic === undefined) throw new BadRequest('Topic required when updating scheduled message type to channel.');
  if (scheduledTimestamp !== undefined) checkInFuture(world, scheduledTimestamp);

  const old = accessScheduledMessage(world.store, actor, input.id);
  if (old.delivered) throw new BadRequest('Scheduled message was already sent');
  if (old.failed && scheduledTimestamp === undefined) throw new BadRequest(NOT_IN_FUTURE);

  const next: ScheduledMessageRecord = { ...old, client: input.client, failed: false, failure_message: null };
  const oldType = old.stream_id === null ? 'private' : 'stream';
  if (type !== undefined || to !== undefined || content !== undefined) {
    const newType = type ?? oldType;
    const newTo =
      to !== undefined ? recipientParam(newType, to) : oldType === 'stream' ? String(old.stream_id) : JSON.stringify(directTo(old.dm_user_ids, old.sender_id));
    const prepared = checkMessage(world, actor, newType, newTo, topic ?? old.topic, content ?? old.content, input.client);
    const m = prepared.message;
    if (type !== undefined || to !== undefined) Object.assign(next, { stream_id: m.stream_id, dm_user_ids: m.dm_user_ids, topic: m.topic });
    if (content !== undefined) Object.assign(next, { content: m.content, rendered_content: m.rendered_content });
  }
  // A new topic alone edits a channel message's topic; for a direct message it is ignored.
  if (type === undefined && to === undefined && topic !== undefined && oldType === 'stream') next.topic = normalizeTopic(world.store, topic);
  if (scheduledTimestamp !== undefined) next.scheduled_timestamp = scheduledTimestamp;
  return next;
}

export function doEditScheduledMessage(world: World, row: ScheduledMessageRecord): void {
  world.store.table(SCHEDULED_MESSAGES).put(row);
  world.store.emit([row.sender_id], { type: 'scheduled_messages', op: 'update', scheduled_message: formatScheduledMessage(row) });
}

export function deleteScheduledMessage(world: World, actor: User, id: number): void {
  const row = accessScheduledMessage(world.store, actor, id);
  world.store.table(SCHEDULED_MESSAGES).delete(row.id);
  world.store.emit([actor.user_id], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.id });
}
