// A sorted list of message ids in a typed array (4 bytes an id): the per-user unread
// index (message-store.ts). Appending a newer id is O(1); removing a batch of ids is one
// pass from the first of them (copyWithin), so marking the oldest 5,000 of a million
// unread messages read moves the rest once, not once per id.

export interface IdList {
  ids: Int32Array;
  length: number;
}

export function emptyIdList(capacity = 16): IdList {
  return { ids: new Int32Array(capacity), length: 0 };
}

/** First index whose id is ≥ `id` (length if none). */
export function idLowerBound(list: IdList, id: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list.ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function hasId(list: IdList, id: number): boolean {
  const i = idLowerBound(list, id);
  return i < list.length && list.ids[i] === id;
}

function ensure(list: IdList, extra: number): void {
  if (list.length + extra <= list.ids.length) return;
  const ids = new Int32Array(Math.max(16, list.ids.length * 2, list.length + extra));
  ids.set(list.ids.subarray(0, list.length));
  list.ids = ids;
}

/** Add `id` if it is not there. */
export function addId(list: IdList, id: number): void {
  const last = list.length > 0 ? (list.ids[list.length - 1] as number) : -Infinity;
  if (id > last) {
    ensure(list, 1);
    list.ids[list.length++] = id;
    return;
  }
  const i = idLowerBound(list, id);
  if (list.ids[i] === id) return;
  ensure(list, 1);
  list.ids.copyWithin(i + 1, i, list.length);
  list.ids[i] = id;
  list.length++;
}

/** Add every id of `ids` (ascending) that is not there, merging in one pass from the first place one goes. */
export function addIds(list: IdList, ids: readonly number[]): void {
  if (ids.length === 0) return;
  if (ids.length === 1 || (ids[0] as number) > (list.length > 0 ? (list.ids[list.length - 1] as number) : -Infinity)) {
    for (const id of ids) addId(list, id);
    return;
  }
  const fresh = ids.filter((id, k) => (k === 0 || id !== ids[k - 1]) && !hasId(list, id));
  if (fresh.length === 0) return;
  ensure(list, fresh.length);
  // Merge from the end: the old ids move right by the number of new ids still to place.
  let i = list.length - 1;
  let k = fresh.length - 1;
  let out = list.length + fresh.length - 1;
  while (k >= 0) {
    const next = fresh[k] as number;
    if (i >= 0 && (list.ids[i] as number) > next) list.ids[out--] = list.ids[i--] as number;
    else {
      list.ids[out--] = next;
      k--;
    }
  }
  list.length += fresh.length;
}

/** Remove every id of `gone` (any order, duplicates fine) that is in the list, in one pass. */
export function removeIds(list: IdList, gone: Iterable<number>): void {
  const drop = new Set<number>();
  let first = list.length;
  for (const id of gone) {
    const i = idLowerBound(list, id);
    if (i < list.length && list.ids[i] === id) {
      drop.add(id);
      if (i < first) first = i;
    }
  }
  if (drop.size === 0) return;
  let out = first;
  for (let i = first; i < list.length; i++) {
    const id = list.ids[i] as number;
    if (drop.size > 0 && drop.has(id)) {
      drop.delete(id);
      continue;
    }
    if (drop.size === 0) {
      // Nothing more to drop: move the tail at once.
      list.ids.copyWithin(out, i, list.length);
      out += list.length - i;
      break;
    }
    list.ids[out++] = id;
  }
  list.length = out;
}

/** The ids, ascending (a view: do not keep across writes). */
export function idView(list: IdList | undefined): Int32Array {
  return list ? list.ids.subarray(0, list.length) : new Int32Array(0);
}
