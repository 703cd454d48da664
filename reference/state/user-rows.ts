// One user's UserMessage rows: ascending message ids with a flag byte each, in typed
// arrays (5 bytes a row) so that a million messages with their recipients fit in
// memory. Plain data plus functions, not a class: snapshots use structuredClone, which
// keeps typed arrays but drops prototypes.

export interface UserRows {
  ids: Int32Array;
  flags: Uint8Array;
  length: number;
}

export function emptyRows(capacity = 16): UserRows {
  return { ids: new Int32Array(capacity), flags: new Uint8Array(capacity), length: 0 };
}

/** First index whose id is ≥ `id` (length if none). */
export function lowerBound(rows: UserRows, id: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows.ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function rowFlags(rows: UserRows | undefined, id: number): number | undefined {
  if (!rows) return undefined;
  const i = lowerBound(rows, id);
  return i < rows.length && rows.ids[i] === id ? rows.flags[i] : undefined;
}

function grow(rows: UserRows): void {
  const capacity = Math.max(16, rows.ids.length * 2);
  const ids = new Int32Array(capacity);
  const flags = new Uint8Array(capacity);
  ids.set(rows.ids.subarray(0, rows.length));
  flags.set(rows.flags.subarray(0, rows.length));
  rows.ids = ids;
  rows.flags = flags;
}

/** Add or replace the row for `id` (appending is O(1): ids usually arrive in order). */
export function setRow(rows: UserRows, id: number, flags: number): void {
  const last = rows.length > 0 ? (rows.ids[rows.length - 1] as number) : -1;
  if (id > last) {
    if (rows.length === rows.ids.length) grow(rows);
    rows.ids[rows.length] = id;
    rows.flags[rows.length] = flags;
    rows.length++;
    return;
  }
  const i = lowerBound(rows, id);
  if (rows.ids[i] === id) {
    rows.flags[i] = flags;
    return;
  }
  if (rows.length === rows.ids.length) grow(rows);
  rows.ids.copyWithin(i + 1, i, rows.length);
  rows.flags.copyWithin(i + 1, i, rows.length);
  rows.ids[i] = id;
  rows.flags[i] = flags;
  rows.length++;
}

export function removeRow(rows: UserRows, id: number): boolean {
  const i = lowerBound(rows, id);
  if (i >= rows.length || rows.ids[i] !== id) return false;
  rows.ids.copyWithin(i, i + 1, rows.length);
  rows.flags.copyWithin(i, i + 1, rows.length);
  rows.length--;
  return true;
}

/**
 * Add rows for `ids` (ascending, none present yet), all with the same flags, merging in one
 * pass from the end: a batch of historical rows moves the rows after them once, not once each.
 */
export function insertRows(rows: UserRows, ids: readonly number[], flags: number): void {
  if (ids.length === 0) return;
  const need = rows.length + ids.length;
  if (need > rows.ids.length) {
    const capacity = Math.max(16, rows.ids.length * 2, need);
    const grownIds = new Int32Array(capacity);
    const grownFlags = new Uint8Array(capacity);
    grownIds.set(rows.ids.subarray(0, rows.length));
    grownFlags.set(rows.flags.subarray(0, rows.length));
    rows.ids = grownIds;
    rows.flags = grownFlags;
  }
  let i = rows.length - 1;
  let k = ids.length - 1;
  let out = need - 1;
  while (k >= 0) {
    const next = ids[k] as number;
    if (i >= 0 && (rows.ids[i] as number) > next) {
      rows.ids[out] = rows.ids[i] as number;
      rows.flags[out--] = rows.flags[i--] as number;
    } else {
      rows.ids[out] = next;
      rows.flags[out--] = flags;
      k--;
    }
  }
  rows.length = need;
}
