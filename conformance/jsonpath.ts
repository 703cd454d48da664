// Paths into a JSON response, as scenario files write them (scenarios/README.md, "Paths"):
//   members[0].email        a key, an array index
//   streams[*].stream_id    every element of an array (or every value of an object, e.g. a dict keyed by id)
//   members[?is_bot=true]   the elements whose field prints as the given text
//   ["openid connect"]      a key in JSON quotes (for keys with '.', '[' or ']')
// The empty path is the whole body. A path with [*] or [?...] is a "multi" path: it
// stands for the list of everything it matches (possibly empty).

export type Segment =
  | { kind: 'key'; key: string }
  | { kind: 'index'; index: number }
  | { kind: 'all' }
  | { kind: 'filter'; key: string; value: string };

export class PathError extends Error {}

const cache = new Map<string, Segment[]>();

export function parsePath(text: string): Segment[] {
  const hit = cache.get(text);
  if (hit) return hit;
  const out: Segment[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new PathError(`bad path ${JSON.stringify(text)}: ${why} at character ${i + 1}`);
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '[') {
      const close = text[i + 1] === '"' ? closingQuote(text, i + 1) + 1 : text.indexOf(']', i);
      if (close <= i || text[close] !== ']') fail("unclosed '['");
      const inner = text.slice(i + 1, close);
      if (inner === '*') out.push({ kind: 'all' });
      else if (/^\d+$/.test(inner)) out.push({ kind: 'index', index: Number(inner) });
      else if (inner.startsWith('"')) {
        try {
          out.push({ kind: 'key', key: JSON.parse(inner) as string });
        } catch {
          fail('bad quoted key');
        }
      } else if (inner.startsWith('?')) {
        const eq = inner.indexOf('=');
        if (eq < 2) fail("a filter looks like [?field=value]");
        out.push({ kind: 'filter', key: inner.slice(1, eq), value: inner.slice(eq + 1) });
      } else fail("expected [n], [*], [?field=value] or [\"key\"]");
      i = close + 1;
      if (i < text.length && text[i] !== '.' && text[i] !== '[') fail("expected '.' or '[' after ']'");
      if (text[i] === '.') {
        i++;
        if (i >= text.length) fail('path ends with .');
      }
      continue;
    }
    let end = i;
    while (end < text.length && text[end] !== '.' && text[end] !== '[') end++;
    if (end === i) fail('empty key');
    out.push({ kind: 'key', key: text.slice(i, end) });
    i = end;
    if (text[i] === '.') {
      i++;
      if (i >= text.length) fail('path ends with .');
    }
  }
  cache.set(text, out);
  return out;
}

function closingQuote(text: string, open: number): number {
  for (let k = open + 1; k < text.length; k++) {
    if (text[k] === '\\') k++;
    else if (text[k] === '"') return k;
  }
  return -1;
}

export function isMultiPath(segments: readonly Segment[]): boolean {
  return segments.some((s) => s.kind === 'all' || s.kind === 'filter');
}

/** How a filter compares: strings by their text, anything else by its JSON. */
export function printsAs(value: unknown, text: string): boolean {
  return typeof value === 'string' ? value === text : JSON.stringify(value) === text;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Everything the path matches, in document order. */
export function resolveAll(root: unknown, segments: readonly Segment[]): unknown[] {
  let current: unknown[] = [root];
  for (const seg of segments) {
    const next: unknown[] = [];
    for (const v of current) {
      switch (seg.kind) {
        case 'key':
          if (isObject(v) && Object.hasOwn(v, seg.key)) next.push(v[seg.key]);
          break;
        case 'index':
          if (Array.isArray(v) && seg.index < v.length) next.push(v[seg.index]);
          break;
        case 'all':
          if (Array.isArray(v)) next.push(...v);
          else if (isObject(v)) next.push(...Object.values(v));
          break;
        case 'filter':
          if (Array.isArray(v) || isObject(v)) {
            for (const el of Array.isArray(v) ? v : Object.values(v)) if (isObject(el) && Object.hasOwn(el, seg.key) && printsAs(el[seg.key], seg.value)) next.push(el);
          }
          break;
      }
    }
    current = next;
  }
  return current;
}

export type Resolved = { found: true; value: unknown } | { found: false };

/**
 * The value a path stands for: for a single path, the value if present; for a multi
 * path, the list of matches (always found).
 */
export function resolvePath(root: unknown, text: string): Resolved {
  const segments = parsePath(text);
  const values = resolveAll(root, segments);
  if (isMultiPath(segments)) return { found: true, value: values };
  return values.length === 0 ? { found: false } : { found: true, value: values[0] };
}
