// The anchor window of GET /messages over an index, never the whole history:
// the narrow's Source picks the smallest sorted id list that holds every match, and
// the window walks outward from the anchor until it has num_before / num_after
// messages that the viewer may see and that match. Semantics of found_* follow
// zulip/zulip zerver/views/message_fetch.py (post_process_limited_query).
// A null viewer is a logged-out spectator (GET /json/messages): no UserMessage rows,
// and only the messages of web-public channels (fetch_messages, is_web_public_query).
import type { CompiledNarrow } from '../narrow/types.ts';
import { lowerBoundOf } from '../state/message-index.ts';
import type { Store } from '../state/store.ts';
import type { Message, User } from '../state/types.ts';
import { isWebPublicMessage } from './message-access.ts';
import { hasMessageAccess } from './messages.ts';

/** anchor=newest as the real server echoes it. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

export interface WindowRequest {
  anchor: number;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
}

export interface WindowResult {
  messages: Message[];
  found_anchor: boolean;
  found_oldest: boolean;
  found_newest: boolean;
}

/** A sorted list of candidate ids and whether each needs the viewer's UserMessage row. */
interface Candidates {
  ids: ArrayLike<number>;
  needRow: boolean;
  /** When `ids` are the viewer's own rows: their flags, index for index (no lookup per message). */
  rowFlags?: ArrayLike<number>;
}

export function candidates(store: Store, viewer: User | null, narrow: CompiledNarrow): Candidates {
  const base = sourceCandidates(store, viewer, narrow);
  // A search narrow: the inverted index's postings, when they are the shorter list.
  if (narrow.searchStems !== null) {
    const ids = store.searchCandidates(narrow.searchStems, base.ids.length);
    if (ids !== undefined && ids.length < base.ids.length) return { ids, needRow: base.needRow };
  }
  return base;
}

function sourceCandidates(store: Store, viewer: User | null, narrow: CompiledNarrow): Candidates {
  const needRow = !narrow.includeHistory;
  const s = narrow.source;
  switch (s.kind) {
    case 'none':
      return { ids: [], needRow };
    case 'channel':
      return { ids: store.channelMessageIds(s.stream_id), needRow };
    case 'topic':
      return { ids: store.topicMessageIds(s.stream_id, s.topic), needRow };
    case 'dm':
      return { ids: store.dmMessageIds(s.user_ids), needRow };
    case 'sender':
      return { ids: store.senderMessageIds(s.user_id), needRow };
    case 'ids':
      return { ids: [...new Set(s.ids)].sort((a, b) => a - b), needRow };
    case 'unread':
      // is:unread keeps the narrow on the viewer's rows (include-history.ts): their unread index.
      return { ids: viewer === null ? [] : store.unreadMessageIds(viewer.user_id), needRow: true };
    default:
      if (needRow) {
        if (viewer === null) return { ids: [], needRow };
        const rows = store.userMessageRows(viewer.user_id);
        return { ids: rows.ids, needRow, rowFlags: rows.flags };
      }
      return { ids: store.allMessageIds(), needRow };
  }
}

/** Visible to the viewer and matching the narrow; returns the viewer's flags too. */
export function visibleMatch(
  store: Store,
  viewer: User | null,
  narrow: CompiledNarrow,
  c: Candidates,
  id: number,
  nowMs: number,
  /** The position of `id` in `c.ids`, when the caller walks them. */
  at?: number,
): { message: Message; flags: number | undefined } | null {
  const message = store.message(id);
  if (!message) return null;
  if (viewer === null) {
    if (c.needRow || !isWebPublicMessage(store, message)) return null;
    return narrow.matches(message, undefined) ? { message, flags: undefined } : null;
  }
  const flags = c.rowFlags && at !== undefined ? c.rowFlags[at] : store.userMessageFlags(viewer.user_id, id);
  if (c.needRow) {
    if (flags === undefined) return null;
  } else if (flags === undefined && !hasMessageAccess(store, viewer, message, nowMs)) {
    return null;
  }
  return narrow.matches(message, flags) ? { message, flags } : null;
}

export function fetchWindow(
  store: Store,
  viewer: User | null,
  narrow: CompiledNarrow,
  req: WindowRequest,
  nowMs: number,
): WindowResult {
  const c = candidates(store, viewer, narrow);
  const anchoredRight = req.anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numAfter = anchoredRight ? 0 : req.numAfter;
  const start = lowerBoundOf(c.ids as readonly number[], req.anchor);

  const before: Message[] = [];
  for (let i = start - 1; i >= 0 && before.length < req.numBefore; i--) {
    const hit = visibleMatch(store, viewer, narrow, c, c.ids[i] as number, nowMs, i);
    if (hit) before.push(hit.message);
  }
  before.reverse();

  let i = start;
  let anchorMessage: Message | null = null;
  if (i < c.ids.length && c.ids[i] === req.anchor) {
    const hit = visibleMatch(store, viewer, narrow, c, req.anchor, nowMs, i);
    if (hit && req.includeAnchor) anchorMessage = hit.message;
    i++;
  }
  const after: Message[] = [];
  for (; i < c.ids.length && after.length < numAfter; i++) {
    const hit = visibleMatch(store, viewer, narrow, c, c.ids[i] as number, nowMs, i);
    if (hit) after.push(hit.message);
  }

  return {
    messages: anchorMessage ? [...before, anchorMessage, ...after] : [...before, ...after],
    found_anchor: anchorMessage !== null,
    found_oldest: req.anchor === 0 || before.length < req.numBefore,
    found_newest: anchoredRight || after.length < numAfter,
  };
}

/** anchor=first_unread: the oldest unread match among the viewer's rows, outside muted channels and topics. */
export function firstUnreadAnchor(store: Store, viewer: User | null, narrow: CompiledNarrow, nowMs: number): number {
  // A spectator has read everything (find_first_unread_anchor): the anchor is newest.
  if (viewer === null) return LARGER_THAN_MAX_MESSAGE_ID;
  // The viewer's unread ids, or the narrow's own list when that is shorter.
  const base = candidates(store, viewer, { ...narrow, includeHistory: false });
  const unread = store.unreadMessageIds(viewer.user_id);
  const c = base.ids.length < unread.length ? base : { ids: unread, needRow: true };
  for (let i = 0; i < c.ids.length; i++) {
    const id = c.ids[i] as number;
    const flags = store.userMessageFlags(viewer.user_id, id);
    if (flags === undefined || flags & 1) continue;
    const hit = visibleMatch(store, viewer, narrow, c, id, nowMs, i);
    if (!hit) continue;
    if (narrow.mutedForFirstUnread(hit.message)) continue;
    return id;
  }
  return LARGER_THAN_MAX_MESSAGE_ID;
}

/** anchor=date: the first match sent at or after `seconds`, else newest. Ids grow with time. */
export function dateAnchor(store: Store, viewer: User | null, narrow: CompiledNarrow, seconds: number, nowMs: number): number {
  const c = candidates(store, viewer, narrow);
  let lo = 0;
  let hi = c.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = store.message(c.ids[mid] as number);
    if (m && m.timestamp < seconds) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < c.ids.length; i++) {
    if (visibleMatch(store, viewer, narrow, c, c.ids[i] as number, nowMs, i)) return c.ids[i] as number;
  }
  return LARGER_THAN_MAX_MESSAGE_ID;
}
