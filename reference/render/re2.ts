// Linkifier patterns: the real server compiles them with RE2 (zerver/models/linkifiers.py
// filter_pattern_validator, zerver/lib/markdown/__init__.py LinkifierPattern), with
// Python's `(?P<name>…)` named groups. This translates RE2 syntax to a JavaScript RegExp
// (flag `u`) and reports RE2's parse errors in RE2's words ("missing )", "bad repetition
// operator", …, each followed by ": " and the offending text).
// NOTE: approximation: RE2's grammar is re-implemented for what linkifiers use (groups,
// classes, escapes, repetitions, inline flags); RE2-only features (\C, \Q…\E, \pN
// tables beyond Unicode general categories, ungreedy mode (?U)) are refused or treated
// approximately, `.` follows JavaScript's line terminators, and an inline flag applies to
// the whole pattern (JavaScript has no scoped flags). A pattern RE2 accepts that
// JavaScript cannot compile is accepted and never applied.
// NOTE: approximation: RE2 matches in linear time, JavaScript backtracks; a pattern that
// repeats a group holding a repetition or an alternation (`(a+)+`, `(a|b)*`) could take
// exponential time, so it is marked `risky` and never applied (the real server applies it).

export type Re2Result = { ok: true; source: string; flags: string; groups: string[]; risky: boolean } | { ok: false; error: string };

const RE2_CLASS_ESCAPES: Record<string, string> = {
  d: '0-9',
  w: '0-9A-Za-z_',
  s: '\\t\\n\\f\\r ',
};

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7f',
  blank: '\\t ',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

/** A literal character, escaped for a JavaScript `u` pattern (in or out of a class). */
function literal(ch: string, inClass = false): string {
  if (/[\\^$.*+?()[\]{}|/]/.test(ch) || (inClass && ch === '-')) return `\\${ch}`;
  return ch;
}

class Re2Error extends Error {}
const fail = (what: string, arg: string): never => {
  throw new Re2Error(`${what}: ${arg}`);
};

/** One escape at src[i] === '\\'; returns [JS text, next index, class-able text or null]. */
function escape(src: string, i: number, inClass: boolean): [string, number] {
  const d = src[i + 1];
  if (d === undefined) return fail('trailing \\', '');
  if (!/[0-9A-Za-z]/.test(d)) return [literal(d, inClass), i + 2];
  const simple: Record<string, string> = { n: '\\n', t: '\\t', r: '\\r', f: '\\f', v: '\\v', a: '\\x07' };
  if (d in simple) return [simple[d] as string, i + 2];
  if (d === 'd' || d === 'w') return [inClass ? (RE2_CLASS_ESCAPES[d] as string) : `[${RE2_CLASS_ESCAPES[d]}]`, i + 2];
  if (d === 'D' || d === 'W') return [inClass ? `\\${d}` : `[^${RE2_CLASS_ESCAPES[d.toLowerCase()]}]`, i + 2];
  // RE2's \s is ASCII whitespace only.
  if (d === 's') return [inClass ? (RE2_CLASS_ESCAPES['s'] as string) : `[${RE2_CLASS_ESCAPES['s']}]`, i + 2];
  if (d === 'S') return [inClass ? '\\S' : `[^${RE2_CLASS_ESCAPES['s']}]`, i + 2];
  if (!inClass && (d === 'b' || d === 'B')) return [`\\${d}`, i + 2];
  if (!inClass && d === 'A') return ['^', i + 2];
  if (!inClass && d === 'z') return ['$', i + 2];
  if (d === 'x') {
    const braced = /^\\x\{([0-9A-Fa-f]{1,6})\}/.exec(src.slice(i));
    if (braced) return [`\\u{${braced[1]}}`, i + braced[0].length];
    const two = /^\\x([0-9A-Fa-f]{2})/.exec(src.slice(i));
    if (two) return [`\\x${two[1]}`, i + 4];
    return fail('invalid escape sequence', src.slice(i, i + 4));
  }
  if (d === 'p' || d === 'P') {
    const braced = /^\\[pP](\{\^?[A-Za-z_]+\})/.exec(src.slice(i));
    const one = /^\\[pP]([A-Za-z])/.exec(src.slice(i));
    const m = braced ?? one;
    if (!m) return fail('invalid character class range', src.slice(i, i + 3));
    let name = (m[1] as string).replace(/^\{|\}$/g, '');
    let negate = d === 'P';
    if (name.startsWith('^')) [name, negate] = [name.slice(1), !negate];
    const js = `\\${negate ? 'P' : 'p'}{${name === 'Any' ? 'Any' : name}}`;
    try {
      new RegExp(js, 'u');
    } catch {
      return fail('invalid character class range', m[0]);
    }
    return [js, i + m[0].length];
  }
  if (d === '0') {
    const oct = /^\\([0-7]{1,3})/.exec(src.slice(i)) as RegExpExecArray;
    return [`\\u{${parseInt(oct[1] as string, 8).toString(16)}}`, i + oct[0].length];
  }
  // Back references (\1) and every other letter are not RE2 escapes.
  return fail('invalid escape sequence', src.slice(i, i + 2));
}

/** A character class at src[i] === '['. */
function charClass(src: string, i: number): [string, number] {
  let j = i + 1;
  let out = '[';
  if (src[j] === '^') {
    out += '^';
    j++;
  }
  let first = true;
  let prev: number | null = null; // code point of the last single character, for ranges
  while (j < src.length && (src[j] !== ']' || first)) {
    first = false;
    const posix = /^\[:(\^?)([a-z]+):\]/.exec(src.slice(j));
    if (posix) {
      const body = POSIX[posix[2] as string];
      if (body === undefined) return fail('invalid character class range', posix[0]);
      if (posix[1] === '^') return fail('invalid character class range', posix[0]);
      out += body;
      j += posix[0].length;
      prev = null;
      continue;
    }
    let text: string;
    let cp: number | null;
    if (src[j] === '\\') {
      const [js, next] = escape(src, j, true);
      const raw = src.slice(j, next);
      cp = /^\\[^0-9A-Za-z]$/.test(raw) ? (raw.codePointAt(1) as number) : null;
      text = js;
      j = next;
    } else {
      const ch = String.fromCodePoint(src.codePointAt(j) as number);
      cp = ch.codePointAt(0) as number;
      text = ch === '-' ? '-' : literal(ch, true);
      j += ch.length;
    }
    // A range lo-hi: RE2 refuses hi < lo.
    if (text === '-' && prev !== null && j < src.length && src[j] !== ']') {
      const start = j;
      let hi: number;
      let hiText: string;
      if (src[j] === '\\') {
        const [js, next] = escape(src, j, true);
        hiText = js;
        const raw = src.slice(j, next);
        hi = /^\\[^0-9A-Za-z]$/.test(raw) ? (raw.codePointAt(1) as number) : Number.NaN;
        j = next;
      } else {
        const ch = String.fromCodePoint(src.codePointAt(j) as number);
        hi = ch.codePointAt(0) as number;
        hiText = literal(ch, true);
        j += ch.length;
      }
      if (!Number.isNaN(hi) && hi < prev) return fail('invalid character class range', `${String.fromCodePoint(prev)}-${src.slice(start, j)}`);
      out += `-${hiText}`;
      prev = null;
      continue;
    }
    out += text;
    prev = cp;
  }
  if (j >= src.length) return fail('missing ]', src.slice(i));
  return [`${out}]`, j + 1];
}

/** Translate an RE2 pattern; the groups are its named groups in order. */
export function translateRe2(src: string): Re2Result {
  try {
    return translate(src);
  } catch (e) {
    if (e instanceof Re2Error) return { ok: false, error: e.message };
    throw e;
  }
}

function translate(src: string): Re2Result {
  let out = '';
  const groups: string[] = [];
  const flags = new Set<string>();
  let depth = 0;
  // Per open group: holds a repetition or an alternation; `closed` is the group just closed.
  const open: Array<{ nested: boolean }> = [{ nested: false }];
  let closed: { nested: boolean } | null = null;
  let risky = false;
  let canRepeat = false; // an atom precedes
  let repeatStart = -1; // where the previous repetition operator began, if it ended just now
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    const repeat = /^(?:[*+?]|\{(\d+)(?:(,)(\d*))?\})\??/.exec(src.slice(i));
    if (repeat && (c !== '{' || repeat[1] !== undefined)) {
      const op = repeat[0];
      if (repeatStart >= 0) return fail('bad repetition operator', src.slice(repeatStart, i + op.length));
      if (!canRepeat) return fail('missing argument to repetition operator', op.replace(/\?$/, '') || op);
      if (repeat[1] !== undefined) {
        const lo = Number(repeat[1]);
        const hi = repeat[2] === undefined ? lo : repeat[3] === '' ? -1 : Number(repeat[3]);
        if (lo > 1000 || hi > 1000 || (hi >= 0 && hi < lo)) return fail('bad repetition operator', op);
      }
      if (closed?.nested) risky = true;
      (open[open.length - 1] as { nested: boolean }).nested = true;
      out += op;
      repeatStart = i;
      i += op.length;
      continue;
    }
    repeatStart = -1;
    const justClosed = c === ')';
    if (!justClosed) closed = null;
    if (c === '\\') {
      const [js, next] = escape(src, i, false);
      out += js;
      i = next;
      canRepeat = true;
      continue;
    }
    if (c === '[') {
      const [js, next] = charClass(src, i);
      out += js;
      i = next;
      canRepeat = true;
      continue;
    }
    if (c === '(') {
      if (src.startsWith('(?', i)) {
        const named = /^\(\?P?<([^>]*)>/.exec(src.slice(i));
        if (named) {
          const name = named[1] as string;
          if (!/^[A-Za-z0-9_]+$/.test(name) || groups.includes(name)) return fail('invalid named capture group', named[0]);
          groups.push(name);
          out += `(?<${name}>`;
          i += named[0].length;
        } else {
          const flagged = /^\(\?([imsU]*)(?:-([imsU]*))?(:|\))/.exec(src.slice(i));
          if (!flagged || (flagged[1] === '' && flagged[2] === undefined && flagged[3] === ')')) return fail('invalid or unsupported Perl syntax', src.slice(i, i + 3));
          for (const f of flagged[1] as string) if (f !== 'U') flags.add(f);
          i += flagged[0].length;
          if (flagged[3] === ')') {
            canRepeat = false;
            continue;
          }
          out += '(?:';
        }
      } else {
        out += '(';
        i++;
      }
      depth++;
      open.push({ nested: false });
      canRepeat = false;
      continue;
    }
    if (c === ')') {
      if (depth === 0) return fail('unexpected )', src);
      depth--;
      closed = open.pop() as { nested: boolean };
      if (closed.nested) (open[open.length - 1] as { nested: boolean }).nested = true;
      out += ')';
      i++;
      canRepeat = true;
      continue;
    }
    if (c === '|') {
      (open[open.length - 1] as { nested: boolean }).nested = true;
      out += '|';
      i++;
      canRepeat = false;
      continue;
    }
    if (c === '^' || c === '$' || c === '.') {
      out += c;
      i++;
      canRepeat = true;
      continue;
    }
    const ch = String.fromCodePoint(src.codePointAt(i) as number);
    out += literal(ch);
    i += ch.length;
    canRepeat = true;
  }
  if (depth > 0) return fail('missing )', src);
  return { ok: true, source: out, flags: [...flags].sort().join(''), groups, risky };
}
