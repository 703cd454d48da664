// GET / POST /saved_snippets, PATCH / DELETE /saved_snippets/{saved_snippet_id} —
// zulip/zulip zerver/views/saved_snippets.py.
import { z } from 'zod';
import { createSavedSnippet, deleteSavedSnippet, editSavedSnippet } from '../actions/saved-snippets.ts';
import { formatSavedSnippet, ownSavedSnippets } from '../domain/saved-snippets.ts';
import { MAX_MESSAGE_LENGTH } from '../domain/limits.ts';
import type { Ctx } from '../request/context.ts';
import { str } from '../request/params.ts';

/** SavedSnippet.MAX_TITLE_LENGTH. */
const MAX_TITLE_LENGTH = 60;

/** StringConstraints(min_length=1, max_length, strip_whitespace=True): stripped, then measured in code points. */
const stripped = (max: number) =>
  str(
    z
      .string()
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { message: '{var} cannot be blank' })
      .refine((s) => [...s].length <= max, { message: `{var} is too long (limit: ${max} characters)` }),
  );

export function getSavedSnippets(ctx: Ctx): Record<string, unknown> {
  return { saved_snippets: ownSavedSnippets(ctx.store, ctx.me.user_id).map(formatSavedSnippet) };
}

export function createSavedSnippetEndpoint(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ content: stripped(MAX_MESSAGE_LENGTH), title: stripped(MAX_TITLE_LENGTH) });
  return { saved_snippet_id: createSavedSnippet(ctx.world, ctx.me, p.title, p.content) };
}

export function editSavedSnippetEndpoint(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ content: stripped(MAX_MESSAGE_LENGTH).optional(), title: stripped(MAX_TITLE_LENGTH).optional() });
  // Nothing to change: success without looking the snippet up, and no event.
  if (p.title === undefined && p.content === undefined) return {};
  editSavedSnippet(ctx.world, ctx.me, ctx.pathInt('saved_snippet_id'), p.title, p.content);
  return {};
}

export function deleteSavedSnippetEndpoint(ctx: Ctx): Record<string, unknown> {
  deleteSavedSnippet(ctx.world, ctx.me, ctx.pathInt('saved_snippet_id'));
  return {};
}
