// GET, POST and DELETE /users/me/alert_words — zulip/zulip zerver/views/alert_words.py.
// Each answers with the user's whole list.
import { z } from 'zod';
import { cleanAlertWords, doAddAlertWords, doRemoveAlertWords } from '../actions/alert-words.ts';
import { alertWordsOf } from '../domain/alert-words.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

export function listAlertWords(ctx: Ctx): Record<string, unknown> {
  return { alert_words: alertWordsOf(ctx.store, ctx.me.user_id) };
}

export function addAlertWords(ctx: Ctx): Record<string, unknown> {
  const { alert_words } = ctx.params.read({ alert_words: json(z.array(z.string().max(100))) });
  return { alert_words: doAddAlertWords(ctx.world, ctx.me, cleanAlertWords(alert_words)) };
}

export function removeAlertWords(ctx: Ctx): Record<string, unknown> {
  const { alert_words } = ctx.params.read({ alert_words: json(z.array(z.string())) });
  return { alert_words: doRemoveAlertWords(ctx.world, ctx.me, alert_words) };
}
