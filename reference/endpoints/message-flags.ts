// POST /messages/flags, POST /messages/flags/narrow, POST /mark_all_as_read,
// POST /mark_stream_as_read, POST /mark_topic_as_read — zulip/zulip
// zerver/views/message_flags.py.
import { z } from 'zod';
import {
  checkFlagAndOp,
  checkMarkChannel,
  checkMarkTopic,
  checkUpdateMessageFlags,
  doMarkChannelRead,
  doUpdateMessageFlags,
  markAllAsRead as markAllAsReadAction,
} from '../actions/message-flags.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { fetchWindow, firstUnreadAnchor, LARGER_THAN_MAX_MESSAGE_ID } from '../domain/message-window.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { NarrowParamError, parseNarrowParam } from '../narrow/index.ts';
import { compileFor } from './messages.ts';

/** The answer's ignored_because_not_subscribed_channels, from feature level 355. */
function withIgnored(ctx: Ctx, data: Record<string, unknown>, ignored: number[]): Record<string, unknown> {
  return atLeast(ctx.world, 'flags_ignored_channels') ? { ...data, ignored_because_not_subscribed_channels: ignored } : data;
}

export function updateMessageFlags(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ flag: str(), messages: json(z.array(z.int())), op: str() });
  const plan = checkUpdateMessageFlags(ctx.world, ctx.me, { op: p.op, flag: p.flag, messages: p.messages });
  doUpdateMessageFlags(ctx.world, ctx.me, plan);
  // The ids as sent, whatever changed ("useless, but included for backwards compatibility").
  return withIgnored(ctx, { messages: p.messages }, plan.ignoredChannels);
}

/** MAX_MESSAGES_PER_UPDATE. */
const MAX_MESSAGES_PER_UPDATE = 5000;
const count = json(z.int().min(0));

export function updateMessageFlagsForNarrow(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    anchor: str(),
    flag: str(),
    include_anchor: json(z.boolean()).default(true),
    narrow: json(z.array(z.unknown()).nullable()),
    num_after: count,
    num_before: count,
    op: str(),
  });
  // The narrow's form (NarrowParameter) is checked with the parameters, before the anchor.
  try {
    parseNarrowParam(p.narrow ?? []);
  } catch (e) {
    if (e instanceof NarrowParamError) throw new BadRequest(e.message);
    throw e;
  }
  const anchorSpec = parseFlagsAnchor(p.anchor);
  if (p.num_before > 0 && p.num_after > 0 && !p.include_anchor) throw new BadRequest('The anchor can only be excluded at an end of the range');
  // The range is clamped (never refused) to at most 5,000 messages, at least half of them before the anchor if asked.
  const numBefore = Math.min(p.num_before, Math.max(MAX_MESSAGES_PER_UPDATE - p.num_after, MAX_MESSAGES_PER_UPDATE / 2));
  const numAfter = Math.min(p.num_after, MAX_MESSAGES_PER_UPDATE - numBefore);
  const me = ctx.me;
  const narrow = compileFor(ctx, p.narrow ?? [], me);
  const now = ctx.nowMs();
  const anchor = anchorSpec === 'first_unread' ? firstUnreadAnchor(ctx.store, me, narrow, now) : anchorSpec;
  const w = fetchWindow(ctx.store, me, narrow, { anchor, numBefore, numAfter, includeAnchor: p.include_anchor }, now);
  // do_update_message_flags checks the flag and op only now, after the narrow.
  checkFlagAndOp(p.flag, p.op);
  const ids = w.messages.map((m) => m.id);
  const plan = checkUpdateMessageFlags(ctx.world, me, { op: p.op, flag: p.flag, messages: ids });
  const updated = doUpdateMessageFlags(ctx.world, me, plan);
  return withIgnored(
    ctx,
    {
      processed_count: ids.length,
      updated_count: updated,
      first_processed_id: ids.length > 0 ? ids[0] : null,
      last_processed_id: ids.length > 0 ? ids[ids.length - 1] : null,
      found_oldest: w.found_oldest,
      found_newest: w.found_newest,
    },
    plan.ignoredChannels,
  );
}

/** parse_anchor_value without use_first_unread_anchor: newest, oldest, first_unread or an integer (no date here). */
function parseFlagsAnchor(raw: string): number | 'first_unread' {
  if (raw === 'oldest') return 0;
  if (raw === 'newest') return LARGER_THAN_MAX_MESSAGE_ID;
  if (raw === 'first_unread') return 'first_unread';
  // Python's int(): white space around, a sign, underscores between digits. NOTE: approximation: ASCII digits only.
  const text = raw.trim();
  if (!/^[+-]?[0-9]+(?:_[0-9]+)*$/.test(text)) throw new BadRequest('Invalid anchor');
  return Math.min(Math.max(Number(text.replace(/_/g, '')), 0), LARGER_THAN_MAX_MESSAGE_ID);
}

export function markAllAsRead(ctx: Ctx): Record<string, unknown> {
  ctx.params.read({});
  const complete = markAllAsReadAction(ctx.world, ctx.me);
  // NOTE: approximation: below feature level 211 a run cut short answered result
  // "partially_completed"; here it answers as a complete one there (the field is left out).
  return atLeast(ctx.world, 'mark_all_complete') ? { complete } : {};
}

export function markStreamAsRead(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ stream_id: json(z.int()) });
  const channel = checkMarkChannel(ctx.world, ctx.me, p.stream_id);
  doMarkChannelRead(ctx.world, ctx.me, channel);
  return {};
}

export function markTopicAsRead(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ topic_name: str(), stream_id: json(z.int()) });
  const channel = checkMarkChannel(ctx.world, ctx.me, p.stream_id);
  const topic = checkMarkTopic(ctx.world, ctx.me, channel, p.topic_name);
  doMarkChannelRead(ctx.world, ctx.me, channel, topic);
  return {};
}
