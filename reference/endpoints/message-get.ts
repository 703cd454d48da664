// GET /messages/{message_id} — zulip/zulip zerver/views/message_edit.py
// (json_fetch_raw_message). The message as GET /messages formats it (client_gravatar is
// always on here: the endpoint has no such parameter), with the caller's flags (or
// read + historical for a message they never received but may see), and the deprecated
// raw_content beside it. Over /api/v1 there are no spectators: the real server lets
// logged-out callers in on the web app's /json path only (zerver/lib/rest.py), so the
// route asks for credentials as GET /messages does. On GET /json/messages/{id} a
// logged-out visitor (spectator) reads a message of a web-public channel, with the flags
// ["read"]; anything else is the session 401 (access_web_public_message).
import { z } from 'zod';
import { atLeast } from '../domain/feature-levels.ts';
import { accessMessage, accessWebPublicMessage } from '../domain/message-access.ts';
import { flagNames, formatMessage } from '../domain/messages.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

const PARAMS = { apply_markdown: json(z.boolean()).default(true) };
/** allow_empty_topic_name is a parameter from feature level 334 (empty topics). */
const ALLOW_EMPTY_TOPIC_NAME = json(z.boolean()).default(false);

export function getMessage(ctx: Ctx): Record<string, unknown> {
  // The real server reads them in this order (the first bad one is the error).
  const allowEmptyTopicName = atLeast(ctx.world, 'empty_topic') ? ctx.params.one('allow_empty_topic_name', ALLOW_EMPTY_TOPIC_NAME) : false;
  const p = ctx.params.read(PARAMS);
  const view = { applyMarkdown: p.apply_markdown, clientGravatar: true, allowEmptyTopicName };
  const me = ctx.user;
  if (me === null) {
    const message = accessWebPublicMessage(ctx.store, ctx.pathInt('message_id'));
    const out = formatMessage(ctx.store, null, message, view);
    out['flags'] = ['read'];
    return { message: out, raw_content: message.content };
  }
  const { message, flags } = accessMessage(ctx.store, me, ctx.pathInt('message_id'), ctx.nowMs(), false);
  const out = formatMessage(ctx.store, me, message, view);
  out['flags'] = flags === undefined ? ['read', 'historical'] : flagNames(flags);
  return { message: out, raw_content: message.content };
}
