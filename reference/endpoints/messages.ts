// POST /messages, GET /messages, GET /messages/matches_narrow — zulip/zulip
// zerver/views/message_send.py (send_message_backend) and
// zerver/views/message_fetch.py (get_messages_backend, messages_in_narrow_backend).
// GET /messages also serves logged-out spectators on the web app's GET /json/messages:
// a channels:web-public narrow of spectator operators, web-public channels' messages only.
import { z } from 'zod';
import { sendMessage as sendMessageAction } from '../actions/send-message.ts';
import { flagNames, formatMessage, type MessageView } from '../domain/messages.ts';
import { dateAnchor, fetchWindow, firstUnreadAnchor, LARGER_THAN_MAX_MESSAGE_ID, visibleMatch } from '../domain/message-window.ts';
import { allowsWebPublicAccess } from '../domain/channels.ts';
import { narrowEnv, spectatorNarrowEnv } from '../domain/narrow-env.ts';
import { clientName } from '../request/client-name.ts';
import type { Ctx } from '../request/context.ts';
import { BadNarrow, BadRequest, MissingArgument, SessionUnauthorized } from '../errors.ts';
import { json, str } from '../request/params.ts';
import { atLeast } from '../domain/feature-levels.ts';
import {
  compileNarrow,
  isSpectatorCompatible,
  isWebPublicNarrow,
  NarrowError,
  NarrowParamError,
  withoutInHome,
  type CompiledNarrow,
  type ParsedTerm,
} from '../narrow/index.ts';
import { FLAG, type Message, type User } from '../state/types.ts';

const TYPES = { direct: 'private', private: 'private', stream: 'stream', channel: 'stream' } as const;

const SEND_TYPE = str(z.enum(['direct', 'private', 'stream', 'channel']));
/** 'channel' is a type from feature level 248. */
const SEND_TYPE_BEFORE_248 = str(z.enum(['direct', 'private', 'stream']));
const SEND_PARAMS = {
  type: SEND_TYPE,
  to: str().optional(),
  topic: str().alias('subject').optional(),
  content: str(),
  local_id: str().optional(),
  queue_id: str().optional(),
  read_by_sender: json(z.boolean()).optional(),
  widget_content: str().optional(),
};

export function sendMessage(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(atLeast(ctx.world, 'channel_message_type') ? SEND_PARAMS : { ...SEND_PARAMS, type: SEND_TYPE_BEFORE_248 });
  const { message, senderPolicy } = sendMessageAction(ctx.world, ctx.me, {
    type: TYPES[p.type],
    to: p.to,
    content: p.content,
    topic: p.topic,
    readBySender: p.read_by_sender,
    client: clientName(ctx),
    // The sender's queue named here tells its own message apart by local_id (local_message_id).
    localEcho: p.queue_id !== undefined && p.local_id !== undefined ? { localId: p.local_id, queueId: p.queue_id } : undefined,
    widgetContent: p.widget_content,
  });
  return senderPolicy === null ? { id: message.id } : { id: message.id, automatic_new_visibility_policy: senderPolicy };
}

/** Compile the narrow parameter, turning narrow errors into the real server's responses. */
export function compileFor(ctx: Ctx, raw: readonly unknown[], viewer: User | null, forMatchesNarrow = false): CompiledNarrow {
  try {
    if (viewer === null) return compileNarrow(raw, spectatorNarrowEnv(ctx.store), { spectatorGate: (terms) => spectatorTerms(ctx, terms) });
    return compileNarrow(raw, narrowEnv(ctx.store, viewer, ctx.nowMs()), { forMatchesNarrow });
  } catch (e) {
    if (e instanceof NarrowParamError) throw new BadRequest(e.message);
    if (e instanceof NarrowError) {
      const prefix = e.kind === 'combination' ? 'Invalid narrow operator combination' : 'Invalid narrow operator';
      throw new BadNarrow(prefix, e.desc);
    }
    throw e;
  }
}

/**
 * A logged-out spectator (GET /json/messages), once `with` is expanded: the session 401
 * unless the organization has web-public channels open to spectators and the narrow,
 * without in:home, asks for channels:web-public and uses only operators a spectator
 * may (get_messages_backend: MissingAuthenticationError).
 */
function spectatorTerms(ctx: Ctx, terms: ParsedTerm[]): ParsedTerm[] {
  if (!allowsWebPublicAccess(ctx.store)) throw new SessionUnauthorized();
  const cleaned = withoutInHome(terms);
  if (!isWebPublicNarrow(cleaned) || !isSpectatorCompatible(cleaned)) throw new SessionUnauthorized();
  return cleaned;
}

const RANGE_PARAMS = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
const MAX_MESSAGES_PER_FETCH = 5000;

/** The anchor as the request gives it; first_unread and date are resolved once the narrow is known. */
type AnchorSpec = number | 'first_unread' | { date: number };

const count = json(z.int().min(0));
const GET_PARAMS = {
  anchor: str().optional(),
  include_anchor: json(z.boolean()).optional(),
  num_before: count.optional(),
  num_after: count.optional(),
  // The real server takes null as no narrow.
  narrow: json(z.array(z.unknown()).nullable()).default([]),
  client_gravatar: json(z.boolean()).default(true),
  apply_markdown: json(z.boolean()).default(true),
  allow_empty_topic_name: json(z.boolean()).default(false),
  use_first_unread_anchor: json(z.boolean()).default(false),
};

/** Parameters of later feature levels: message_ids (300) and anchor_date (445); unknown ones before. */
const MESSAGE_IDS = json(z.array(z.int().min(0))).optional();
const ANCHOR_DATE = str().optional();

export function getMessages(ctx: Ctx): Record<string, unknown> {
  const p = {
    ...ctx.params.read(GET_PARAMS),
    message_ids: atLeast(ctx.world, 'get_messages_message_ids') ? ctx.params.one('message_ids', MESSAGE_IDS) : undefined,
    anchor_date: atLeast(ctx.world, 'anchor_date') ? ctx.params.one('anchor_date', ANCHOR_DATE) : undefined,
  };
  // A logged-out spectator on GET /json/messages (the session routes): web-public channels
  // only, every message read, and no client-side gravatars (is_web_public_query).
  const viewer = ctx.user;
  const view = { applyMarkdown: p.apply_markdown, clientGravatar: viewer !== null && p.client_gravatar, allowEmptyTopicName: p.allow_empty_topic_name };

  if (p.message_ids !== undefined) {
    // The API documentation (zulip.com/api/get-messages): any range parameter with message_ids
    // is an error; the real server forgives include_anchor. Understudy follows the documentation.
    const range = [p.num_before, p.num_after, p.anchor, p.include_anchor].some((v) => v !== undefined) || p.use_first_unread_anchor;
    if (range) throw new BadRequest(`Unsupported parameter combination: ${RANGE_PARAMS}`, { parameters: RANGE_PARAMS });
    if (p.message_ids.length > MAX_MESSAGES_PER_FETCH) throw new BadRequest('Too many messages requested (maximum 5000).');
    const narrow = compileFor(ctx, p.narrow ?? [], viewer);
    const byId = { ids: [], needRow: !narrow.includeHistory };
    const messages = [...new Set(p.message_ids)]
      .sort((a, b) => a - b)
      .map((id) => visibleMatch(ctx.store, viewer, narrow, byId, id, ctx.nowMs()))
      .filter((hit) => hit !== null)
      .map((hit) => shapeMessage(ctx, viewer, narrow, view, hit.message, hit.flags));
    return { messages, found_anchor: false, found_oldest: false, found_newest: false, history_limited: false };
  }

  // The API documentation: num_before and num_after are required unless message_ids is given.
  if (p.num_before === undefined) throw new MissingArgument('num_before');
  if (p.num_after === undefined) throw new MissingArgument('num_after');
  const spec = parseAnchor(p.use_first_unread_anchor ? 'first_unread' : p.anchor, p.anchor_date, atLeast(ctx.world, 'anchor_date'));
  const numBefore = p.num_before;
  const numAfter = p.num_after;
  if (numBefore + numAfter > MAX_MESSAGES_PER_FETCH) throw new BadRequest('Too many messages requested (maximum 5000).');
  const includeAnchor = p.include_anchor ?? true;
  if (!includeAnchor && numBefore > 0 && numAfter > 0) throw new BadRequest('The anchor can only be excluded at an end of the range');
  const narrow = compileFor(ctx, p.narrow ?? [], viewer);
  const now = ctx.nowMs();
  const anchor =
    typeof spec === 'number'
      ? spec
      : spec === 'first_unread'
        ? firstUnreadAnchor(ctx.store, viewer, narrow, now)
        : dateAnchor(ctx.store, viewer, narrow, spec.date, now);
  const w = fetchWindow(ctx.store, viewer, narrow, { anchor, numBefore, numAfter, includeAnchor }, now);
  return {
    messages: w.messages.map((m) => shapeMessage(ctx, viewer, narrow, view, m, viewer === null ? undefined : ctx.store.userMessageFlags(viewer.user_id, m.id))),
    found_anchor: w.found_anchor,
    found_oldest: w.found_oldest,
    found_newest: w.found_newest,
    history_limited: false,
    anchor,
  };
}

function shapeMessage(ctx: Ctx, viewer: User | null, narrow: CompiledNarrow, view: MessageView, m: Message, flags: number | undefined): Record<string, unknown> {
  const out = formatMessage(ctx.store, viewer, m, view);
  out['flags'] = viewer === null ? ['read'] : flags === undefined ? ['read', 'historical'] : flagNames(flags);
  if (narrow.highlight) Object.assign(out, narrow.highlight(m));
  return out;
}

function parseAnchor(raw: string | undefined, anchorDate: string | undefined, dateAnchors: boolean): AnchorSpec {
  if (raw === undefined) throw new BadRequest("Missing 'anchor' argument.");
  if (raw === 'newest') return LARGER_THAN_MAX_MESSAGE_ID;
  if (raw === 'oldest') return 0;
  if (raw === 'first_unread') return 'first_unread';
  if (raw === 'date' && dateAnchors) {
    // Feature level 445 (zulip.com/api/get-messages): the first message on or after anchor_date, else the newest.
    if (anchorDate === undefined) throw new MissingArgument('anchor_date');
    const seconds = parseAnchorDate(anchorDate);
    if (seconds === null) throw new BadRequest('Invalid anchor_date');
    return { date: seconds };
  }
  // Python's int(anchor_val) (zerver/lib/narrow.py, parse_anchor_value): str.isspace()
  // white space around, a sign, decimal digits of any script, underscores between digits.
  const m = PY_INT.exec(raw);
  if (!m) throw new BadRequest('Invalid anchor');
  const digits = [...(m[2] as string)].filter((c) => c !== '_').map(decimalValue).join('');
  return Math.min(Math.max(Number(`${m[1]}${digits}`), 0), LARGER_THAN_MAX_MESSAGE_ID);
}

/** The characters of str.isspace(). */
const PY_SPACE = '[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const PY_INT = new RegExp(`^${PY_SPACE}*([+-]?)(\\p{Nd}+(?:_\\p{Nd}+)*)${PY_SPACE}*$`, 'u');

/** A decimal digit's value: Unicode encodes each script's 0-9 as ten consecutive code points. */
function decimalValue(digit: string): number {
  const code = digit.codePointAt(0) as number;
  let start = code;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

/** ISO 8601 date or datetime; a date alone is 00:00 UTC and no zone means UTC. */
function parseAnchorDate(text: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim());
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2] ?? '00:00:00'}${m[3] ?? 'Z'}`);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export function matchesNarrow(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ msg_ids: json(z.array(z.int())), narrow: json(z.array(z.unknown())) });
  const me = ctx.me;
  const narrow = compileFor(ctx, p.narrow, me, true);
  const messages: Record<string, unknown> = {};
  // The answer is an object keyed by message id: its integer keys serialize in ascending
  // order whatever the insertion order, and a repeated id sets the same key again.
  for (const id of p.msg_ids) {
    const m = ctx.store.message(id);
    const flags = ctx.store.userMessageFlags(me.user_id, id);
    if (!m || flags === undefined || !narrow.matches(m, flags)) continue;
    messages[String(id)] = narrow.highlight ? narrow.highlight(m) : {};
  }
  return { messages };
}
