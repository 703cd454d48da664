// Counting and cutting strings by code point (what the real server's Python len() and
// slices count) without spreading the whole string into an array: a megabyte-long
// value costs no more than the first few thousand characters that matter.

/** The number of code points in `s`, counting no further than `max`. */
export function codePointsUpTo(s: string, max: number): number {
  return scan(s, max).points;
}

/** The first `count` code points of `s`. */
export function firstCodePoints(s: string, count: number): string {
  return s.slice(0, scan(s, count).units);
}

/** Walks at most `max` code points: how many it walked, and over how many UTF-16 units. */
function scan(s: string, max: number): { points: number; units: number } {
  let i = 0;
  let n = 0;
  for (; i < s.length && n < max; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return { points: n, units: i };
}
