// GET/POST /scheduled_messages, PATCH/DELETE /scheduled_messages/{scheduled_message_id} —
// zulip/zulip zerver/views/scheduled_messages.py. Parameters are read in the order the
// view declares them, so the first bad one is the one reported.
import { z } from 'zod';
import {
  checkEditScheduledMessage,
  checkScheduleMessage,
  deleteScheduledMessage as deleteAction,
  doEditScheduledMessage,
  doScheduleMessage,
} from '../actions/scheduled-messages.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { formatScheduledMessage, undeliveredScheduledMessages } from '../domain/scheduled-messages.ts';
import { clientName } from '../request/client-name.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

const TYPES = { direct: 'private', private: 'private', stream: 'stream', channel: 'stream' } as const;
type ApiType = keyof typeof TYPES;

const typeSchema = (known: readonly string[]) =>
  str(z.string().refine((t) => known.includes(t), { message: 'Invalid {var}: Value error, Not in the list of possible values' }));
/** Message.API_RECIPIENT_TYPES: 'channel' from feature level 248. */
const TYPE = typeSchema(['direct', 'private', 'stream', 'channel']);
const TYPE_BEFORE_248 = typeSchema(['direct', 'private', 'stream']);
const typeParam = (ctx: Ctx) => (atLeast(ctx.world, 'channel_message_type') ? TYPE : TYPE_BEFORE_248);

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
/** Json[int | list[int]]: pydantic names the union's first branch in its error. */
const TO = json(z.unknown().refine((v) => isInt(v) || (Array.isArray(v) && v.every(isInt)), { message: '{var}["int"] is not an integer' }));

// Schemas are built once: building a zod schema costs more than a request.
const CREATE = {
  content: str(),
  read_by_sender: json(z.boolean()).optional(),
  to: TO,
  scheduled_delivery_timestamp: json(z.int()),
  topic: str().alias('subject').optional(),
};
const LEGACY_EDIT_ID = json(z.int()).optional();
const EDIT = {
  content: str().optional(),
  scheduled_delivery_timestamp: json(z.int()).optional(),
  to: TO.optional(),
  topic: str().alias('subject').optional(),
};

export function getScheduledMessages(ctx: Ctx): Record<string, unknown> {
  return { scheduled_messages: undeliveredScheduledMessages(ctx.store, ctx.me.user_id).map(formatScheduledMessage) };
}

export function createScheduledMessage(ctx: Ctx): Record<string, unknown> {
  const { content, read_by_sender, to, scheduled_delivery_timestamp, topic } = CREATE;
  // In the view's order: content, read_by_sender, to, type, scheduled_delivery_timestamp, topic.
  const p = ctx.params.read({ content, read_by_sender, to, type: typeParam(ctx), scheduled_delivery_timestamp, topic });
  // Feature levels 179-183 edited through this endpoint (PATCH came at 184).
  const editId = atLeast(ctx.world, 'scheduled_message_edit_endpoint') ? undefined : ctx.params.one('scheduled_message_id', LEGACY_EDIT_ID);
  if (editId !== undefined) {
    // NOTE: approximation: the edit follows PATCH's rules, with every field given.
    const row = checkEditScheduledMessage(ctx.world, ctx.me, {
      id: editId,
      type: TYPES[p.type as ApiType],
      to: p.to as number | number[],
      topic: p.topic,
      content: p.content,
      scheduledTimestamp: p.scheduled_delivery_timestamp,
      client: clientName(ctx),
    });
    doEditScheduledMessage(ctx.world, row);
    return { scheduled_message_id: editId };
  }
  const plan = checkScheduleMessage(ctx.world, ctx.me, {
    type: TYPES[p.type as ApiType],
    to: p.to as number | number[],
    content: p.content,
    topic: p.topic,
    scheduledTimestamp: p.scheduled_delivery_timestamp,
    readBySender: p.read_by_sender,
    client: clientName(ctx),
  });
  return { scheduled_message_id: doScheduleMessage(ctx.world, plan) };
}

export function editScheduledMessage(ctx: Ctx): Record<string, unknown> {
  const { content, scheduled_delivery_timestamp, to, topic } = EDIT;
  // In the view's order: content, type, scheduled_delivery_timestamp, to, topic.
  const p = ctx.params.read({ content, type: typeParam(ctx).optional(), scheduled_delivery_timestamp, to, topic });
  const row = checkEditScheduledMessage(ctx.world, ctx.me, {
    id: ctx.pathInt('scheduled_message_id'),
    type: p.type === undefined ? undefined : TYPES[p.type as ApiType],
    to: p.to as number | number[] | undefined,
    topic: p.topic,
    content: p.content,
    scheduledTimestamp: p.scheduled_delivery_timestamp,
    client: clientName(ctx),
  });
  doEditScheduledMessage(ctx.world, row);
  return {};
}

export function deleteScheduledMessage(ctx: Ctx): Record<string, unknown> {
  deleteAction(ctx.world, ctx.me, ctx.pathInt('scheduled_message_id'));
  return {};
}
