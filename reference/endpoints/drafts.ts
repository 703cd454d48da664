// GET/POST /drafts, PATCH/DELETE /drafts/{draft_id} — zulip/zulip zerver/views/drafts.py.
// Every one first checks that the user synchronizes drafts (draft_endpoint), before any
// parameter is read.
import { z } from 'zod';
import { checkCreateDrafts, checkEditDraft, deleteDraft as deleteDraftAction, doCreateDrafts, doEditDraft, type DraftInput } from '../actions/drafts.ts';
import { formatDraft, ownDrafts, requireDraftsSynchronization } from '../domain/drafts.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

/**
 * DraftData (zerver/lib/drafts.py): extra keys forbidden; content must not be blank once
 * stripped; the timestamp an int, a float or null.
 */
const DRAFT = z.strictObject({
  type: z.enum(['private', 'stream', '']),
  to: z.array(z.int()),
  topic: z.string(),
  content: z.string().refine((s) => s.trim() !== '', { message: '{var} cannot be blank' }),
  // NOTE: approximation: DraftData.timestamp is int | float | None validated by pydantic in lax
  // mode, which may also coerce numeric strings and booleans; its rules live in pydantic, not in
  // the server code at hand, so only JSON numbers are taken, and any other value gets the
  // union's first branch error.
  timestamp: z
    .unknown()
    .refine((v) => v === undefined || v === null || typeof v === 'number', { message: '{var}["int"] is not an integer' })
    .optional(),
});

const CREATE = { drafts: json(z.array(DRAFT)) };
const EDIT = { draft: json(DRAFT) };

function toInput(d: z.output<typeof DRAFT>): DraftInput {
  // The parameter's string constraint strips the content.
  return { type: d.type, to: d.to, topic: d.topic, content: d.content.trim(), timestamp: d.timestamp as number | null | undefined };
}

export function getDrafts(ctx: Ctx): Record<string, unknown> {
  requireDraftsSynchronization(ctx.me);
  const drafts = ownDrafts(ctx.store, ctx.me.user_id).map(formatDraft);
  return { count: drafts.length, drafts };
}

export function createDrafts(ctx: Ctx): Record<string, unknown> {
  requireDraftsSynchronization(ctx.me);
  const { drafts } = ctx.params.read(CREATE);
  const plans = checkCreateDrafts(ctx.world, ctx.me, drafts.map(toInput));
  return { ids: doCreateDrafts(ctx.world, ctx.me, plans) };
}

export function editDraft(ctx: Ctx): Record<string, unknown> {
  requireDraftsSynchronization(ctx.me);
  const { draft } = ctx.params.read(EDIT);
  doEditDraft(ctx.world, checkEditDraft(ctx.world, ctx.me, ctx.pathInt('draft_id'), toInput(draft)));
  return {};
}

export function deleteDraft(ctx: Ctx): Record<string, unknown> {
  requireDraftsSynchronization(ctx.me);
  deleteDraftAction(ctx.world, ctx.me, ctx.pathInt('draft_id'));
  return {};
}
