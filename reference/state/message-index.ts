// Secondary indexes over messages, kept in sync by the store: every list holds
// message ids in ascending order, so anchors are binary searches and "newest N" is a
// slice from the end. Derived data: rebuilt from the messages on restore.
import type { Message } from './types.ts';

/** Key of a channel topic: topics are case-insensitive. */
export function topicKey(streamId: number, topic: string): string {
  return `${streamId}\u0000${topic.toLowerCase()}`;
}

/** Key of a direct-message conversation: its participants, ascending. */
export function dmKey(userIds: readonly number[]): string {
  return userIds.join(',');
}

export class MessageIndex {
  readonly byChannel = new Map<number, number[]>();
  readonly byTopic = new Map<string, number[]>();
  readonly byDm = new Map<string, number[]>();
  readonly bySender = new Map<number, number[]>();
  /** Every message id, ascending. */
  readonly all: number[] = [];

  clear(): void {
    this.byChannel.clear();
    this.byTopic.clear();
    this.byDm.clear();
    this.bySender.clear();
    this.all.length = 0;
  }

  add(m: Message): void {
    insert(this.all, m.id);
    push(this.bySender, m.sender_id, m.id);
    if (m.stream_id !== null) {
      push(this.byChannel, m.stream_id, m.id);
      push(this.byTopic, topicKey(m.stream_id, m.topic), m.id);
    } else {
      push(this.byDm, dmKey(m.dm_user_ids), m.id);
    }
  }

  remove(m: Message): void {
    drop(this.all, m.id);
    dropFrom(this.bySender, m.sender_id, m.id);
    if (m.stream_id !== null) {
      dropFrom(this.byChannel, m.stream_id, m.id);
      dropFrom(this.byTopic, topicKey(m.stream_id, m.topic), m.id);
    } else {
      dropFrom(this.byDm, dmKey(m.dm_user_ids), m.id);
    }
  }
}

/**
 * Move `ids` (ascending, all in one channel topic) between channel and topic lists: one
 * pass over each list touched, so a move costs the lists it touches, not the store.
 */
export function moveIds(index: MessageIndex, from: { stream_id: number; topic: string }, to: { stream_id: number; topic: string }, ids: readonly number[]): void {
  const fromKey = topicKey(from.stream_id, from.topic);
  const toKey = topicKey(to.stream_id, to.topic);
  if (fromKey !== toKey) {
    takeFrom(index.byTopic, fromKey, ids);
    mergeInto(index.byTopic, toKey, ids);
  }
  if (from.stream_id !== to.stream_id) {
    takeFrom(index.byChannel, from.stream_id, ids);
    mergeInto(index.byChannel, to.stream_id, ids);
  }
}

/** Remove the ascending `ids` from a list in one pass (the whole list when they are all of it). */
function takeFrom<K>(map: Map<K, number[]>, key: K, ids: readonly number[]): void {
  const xs = map.get(key);
  if (!xs) return;
  if (xs.length === ids.length) {
    map.delete(key);
    return;
  }
  let j = 0;
  let w = lowerBoundOf(xs, ids[0] as number);
  for (let r = w; r < xs.length; r++) {
    const x = xs[r] as number;
    while (j < ids.length && (ids[j] as number) < x) j++;
    if (j < ids.length && ids[j] === x) continue;
    xs[w++] = x;
  }
  xs.length = w;
  if (w === 0) map.delete(key);
}

/** Merge the ascending `ids` into a list (kept ascending, no duplicates). */
export function mergeInto<K>(map: Map<K, number[]>, key: K, ids: readonly number[]): void {
  const xs = map.get(key);
  if (!xs || xs.length === 0) {
    map.set(key, [...ids]);
    return;
  }
  if ((xs[xs.length - 1] as number) < (ids[0] as number)) {
    for (const id of ids) xs.push(id);
    return;
  }
  const start = lowerBoundOf(xs, ids[0] as number);
  const tail = xs.splice(start);
  let i = 0;
  let j = 0;
  while (i < tail.length || j < ids.length) {
    const a = i < tail.length ? (tail[i] as number) : Infinity;
    const b = j < ids.length ? (ids[j] as number) : Infinity;
    if (a < b) (xs.push(a), i++);
    else if (b < a) (xs.push(b), j++);
    else (xs.push(a), i++, j++);
  }
}

/** First index of `xs` whose value is ≥ `x`. */
export function lowerBoundOf(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insert(xs: number[], x: number): void {
  if (xs.length === 0 || (xs[xs.length - 1] as number) < x) xs.push(x);
  else xs.splice(lowerBoundOf(xs, x), 0, x);
}

function push<K>(map: Map<K, number[]>, key: K, id: number): void {
  const xs = map.get(key);
  if (xs) insert(xs, id);
  else map.set(key, [id]);
}

function drop(xs: number[], x: number): void {
  const i = lowerBoundOf(xs, x);
  if (xs[i] === x) xs.splice(i, 1);
}

function dropFrom<K>(map: Map<K, number[]>, key: K, id: number): void {
  const xs = map.get(key);
  if (!xs) return;
  drop(xs, id);
  if (xs.length === 0) map.delete(key);
}
