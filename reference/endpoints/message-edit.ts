// PATCH /messages/{message_id} and GET /messages/{message_id}/history — zulip/zulip
// zerver/views/message_edit.py (update_message_backend, get_message_edit_history,
// fill_edit_history_entries).
import { z } from 'zod';
import { checkUpdateMessage } from '../actions/message-edit.ts';
import { doUpdateMessage } from '../actions/message-edit-apply.ts';
import { editHistoryOf, editSettings, EMPTY_TOPIC_FALLBACK_NAME } from '../domain/message-edit.ts';
import { hasMessageAccess } from '../domain/messages.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import type { EditHistoryEntry } from '../state/message-edits.ts';
import type { Message } from '../state/types.ts';

const UPDATE_PARAMS = {
  content: str().optional(),
  // OptionalTopic: "topic", or its legacy name "subject", whitespace stripped.
  topic: str().alias('subject').optional(),
  stream_id: json(z.int().min(0)).optional(),
  propagate_mode: str(z.enum(['change_later', 'change_one', 'change_all'])).default('change_one'),
  send_notification_to_old_thread: json(z.boolean()).default(false),
  send_notification_to_new_thread: json(z.boolean()).default(true),
};
/** From feature level 379 (domain/feature-levels.ts); before it, an unknown parameter. */
const SHA_PARAM = { prev_content_sha256: str().optional() };

export function updateMessage(ctx: Ctx): Record<string, unknown> {
  const messageId = ctx.pathInt('message_id');
  const p = ctx.params.read(UPDATE_PARAMS);
  const sha = atLeast(ctx.world, 'prev_content_sha256') ? ctx.params.read(SHA_PARAM).prev_content_sha256 : undefined;
  const plan = checkUpdateMessage(ctx.world, ctx.me, {
    messageId,
    content: p.content,
    topic: p.topic?.trim(),
    streamId: p.stream_id,
    propagateMode: p.propagate_mode,
    notifyOld: p.send_notification_to_old_thread,
    notifyNew: p.send_notification_to_new_thread,
    prevContentSha256: sha,
  });
  doUpdateMessage(ctx.world, plan);
  // No uploads here: nothing is ever detached.
  return { detached_uploads: [] };
}

const HISTORY_PARAMS = { allow_empty_topic_name: json(z.boolean()).default(false) };

export function getMessageHistory(ctx: Ctx): Record<string, unknown> {
  const world = ctx.world;
  const store = world.store;
  const policy = editSettings(store.realm).message_edit_history_visibility_policy;
  const messageId = ctx.pathInt('message_id');
  const { allow_empty_topic_name: allowEmpty } = ctx.params.read(HISTORY_PARAMS);
  if (policy === 'none') throw new BadRequest('Message edit history is disabled in this organization');
  const m = store.message(messageId);
  if (!m || !hasMessageAccess(store, ctx.me, m, world.nowMs())) throw new BadRequest('Invalid message(s)');
  const filled = fillHistory(m, editHistoryOf(store, m.id), allowEmpty);
  const visible: Record<string, unknown>[] = [];
  for (const e of filled) {
    if (policy === 'moves' && 'prev_content' in e) {
      if (!('prev_topic' in e)) continue;
      delete e['prev_content'];
      delete e['prev_rendered_content'];
      delete e['content_html_diff'];
    }
    visible.push(e);
  }
  return { message_history: visible.reverse() };
}

/** fill_edit_history_entries: each entry with the topic and content as of it, newest first, then the original. */
function fillHistory(m: Message, raw: readonly EditHistoryEntry[], allowEmpty: boolean) {
  const shown = (t: string) => (m.stream_id !== null && t === '' && !allowEmpty ? EMPTY_TOPIC_FALLBACK_NAME : t);
  let content = m.content;
  let rendered = m.rendered_content;
  let topic = m.stream_id === null ? '' : shown(m.topic);
  const out: Record<string, unknown>[] = [];
  for (const e of raw) {
    const entry: Record<string, unknown> = { content, rendered_content: rendered, timestamp: e.timestamp, topic, user_id: e.user_id };
    if (e.prev_topic !== undefined) {
      topic = shown(e.prev_topic);
      entry['prev_topic'] = topic;
    }
    if (e.prev_content !== undefined) {
      entry['prev_content'] = e.prev_content;
      content = e.prev_content;
      entry['prev_rendered_content'] = e.prev_rendered_content;
      entry['content_html_diff'] = htmlDiff(e.prev_rendered_content as string, entry['rendered_content'] as string);
      rendered = e.prev_rendered_content as string;
    }
    if (e.prev_stream !== undefined) {
      entry['prev_stream'] = e.prev_stream;
      entry['stream'] = e.stream;
    }
    out.push(entry);
  }
  out.push({ content, rendered_content: rendered, timestamp: m.timestamp, topic, user_id: m.sender_id });
  return out;
}

/**
 * highlight_html_differences: the new HTML in a <div>, inserted words marked, deleted ones shown.
 * NOTE: approximation: the real server diffs the HTML text by characters and wraps each change in
 * <span class="highlight_text_inserted"> / <span class="highlight_text_deleted">; this compares
 * whole words of the text outside tags, keeping the new HTML's tags.
 */
function htmlDiff(before: string, after: string): string {
  if (before === after) return `<div>${after}</div>`;
  const words = (html: string) => html.split(/(<[^>]*>|\s+)/).filter((w) => w !== '');
  const a = words(before);
  const b = words(after);
  // Longest common subsequence over the words (small: one message).
  const n = a.length;
  const k = b.length;
  if (n * k > 250_000) return `<div><span class="highlight_text_inserted">${after}</span></div>`;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(k + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = k - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  let out = '';
  let i = 0;
  let j = 0;
  const isTag = (w: string) => w.startsWith('<');
  while (i < n || j < k) {
    if (i < n && j < k && a[i] === b[j]) {
      out += b[j];
      i++;
      j++;
    } else if (j < k && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out += isTag(b[j]!) || /^\s+$/.test(b[j]!) ? b[j] : `<span class="highlight_text_inserted">${b[j]}</span>`;
      j++;
    } else {
      if (!isTag(a[i]!) && !/^\s+$/.test(a[i]!)) out += `<span class="highlight_text_deleted">${a[i]}</span>`;
      i++;
    }
  }
  return `<div>${out}</div>`;
}
