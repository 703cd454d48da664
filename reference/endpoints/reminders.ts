// GET/POST /reminders, DELETE /reminders/{reminder_id} — zulip/zulip
// zerver/views/reminders.py and zerver/views/scheduled_messages.py (fetch_reminders).
import { z } from 'zod';
import { checkReminder, deleteReminder as deleteAction, doReminder } from '../actions/reminders.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { formatReminder, undeliveredReminders } from '../domain/reminders.ts';
import { clientName } from '../request/client-name.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

// Built once: building a zod schema costs more than a request.
const CREATE = { message_id: json(z.int()), scheduled_delivery_timestamp: json(z.int()) };
const NOTE = { note: str().default('') };

export function getReminders(ctx: Ctx): Record<string, unknown> {
  return { reminders: undeliveredReminders(ctx.store, ctx.me.user_id).map(formatReminder) };
}

export function createReminder(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(CREATE);
  // `note` exists from feature level 415; before, it is an unknown parameter.
  const note = atLeast(ctx.world, 'reminder_note') ? ctx.params.read(NOTE).note : '';
  const plan = checkReminder(ctx.world, ctx.me, {
    messageId: p.message_id,
    scheduledTimestamp: p.scheduled_delivery_timestamp,
    note,
    client: clientName(ctx),
  });
  return { reminder_id: doReminder(ctx.world, plan) };
}

export function deleteReminder(ctx: Ctx): Record<string, unknown> {
  deleteAction(ctx.world, ctx.me, ctx.pathInt('reminder_id'));
  return {};
}
