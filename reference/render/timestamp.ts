// Global times, `<time:…>` (zerver/lib/markdown/__init__.py, Timestamp):
//   <time datetime="2017-06-05T22:30:00Z">the text as typed</time>
// or, when the text is not a time, <span class="timestamp-error">Invalid time format: …</span>.
// A time without a zone is UTC.
//
// NOTE: approximation: the server parses with dateutil, which reads almost any date
// ("Jun 5th 2017, 10:30PM", "31 Dec 2017 5:30 am IST"). We read ISO 8601 (what the
// compose box inserts), Unix seconds, 8/12/14-digit compact dates, and dates written
// with a month name and a full year; a date that leaves out the year, month or day
// (dateutil fills it in from today) is an error here.
import { whole, type InlinePattern } from './inline.ts';

/** Offsets in minutes for the zone abbreviations people type. */
const ZONES: Readonly<Record<string, number>> = {
  z: 0, utc: 0, gmt: 0, ist: 330, est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360,
  pst: -480, pdt: -420, cet: 60, cest: 120, bst: 60, jst: 540, aest: 600,
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  micro: number;
  offset: number;
}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)? ?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined) return 0;
  const named = ZONES[zone.toLowerCase()];
  if (named !== undefined) return named;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return undefined;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

function fromIso(s: string): Parts | undefined {
  const m = ISO.exec(s);
  if (!m) return undefined;
  const offset = offsetMinutes(m[8]);
  if (offset === undefined) return undefined;
  const micro = Number((m[7] ?? '').padEnd(6, '0'));
  const n = (i: number) => Number(m[i] ?? 0);
  return { year: n(1), month: n(2), day: n(3), hour: n(4), minute: n(5), second: n(6), micro, offset };
}

/** "Jun 5th 2017, 10:30PM", "31 Dec 2017 5:30 am IST". */
function fromWords(s: string): Parts | undefined {
  const p: Partial<Parts> = { hour: 0, minute: 0, second: 0, micro: 0, offset: 0 };
  for (const token of s.toLowerCase().split(/[\s,]+/).filter(Boolean)) {
    const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(am|pm)?$/.exec(token);
    const month = MONTHS.indexOf(token.slice(0, 3));
    if (time) {
      p.hour = Number(time[1]) % (time[4] ? 12 : 24) + (time[4] === 'pm' ? 12 : 0);
      [p.minute, p.second] = [Number(time[2]), Number(time[3] ?? 0)];
    } else if (token === 'am' || token === 'pm') {
      p.hour = ((p.hour ?? 0) % 12) + (token === 'pm' ? 12 : 0);
    } else if (/^\d{4}$/.test(token)) p.year = Number(token);
    else if (/^\d{1,2}(st|nd|rd|th)?$/.test(token)) p.day = parseInt(token, 10);
    else if (month >= 0 && /^[a-z]+\.?$/.test(token)) p.month = month + 1;
    else if (ZONES[token] !== undefined) p.offset = ZONES[token];
    else return undefined;
  }
  return p.year && p.month && p.day ? (p as Parts) : undefined;
}

function fromDigits(s: string): Parts | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?$/.exec(s);
  if (!m || ![8, 12, 14].includes(s.length)) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  return { year: n(1), month: n(2), day: n(3), hour: n(4), minute: n(5), second: n(6), micro: 0, offset: 0 };
}

/** Unix seconds, as Python's float() reads them. */
function fromUnix(s: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return undefined;
  const micros = Math.round(Number(s) * 1e6);
  return Number.isFinite(micros) ? micros : undefined;
}

/** "2017-06-05T22:30:00Z", with ".ffffff" only when there are microseconds. */
function isoUtc(micros: number): string | undefined {
  const ms = Math.floor(micros / 1000);
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(ms) || year < 1 || year > 9999) return undefined;
  const frac = ((micros % 1e6) + 1e6) % 1e6;
  return date.toISOString().slice(0, 19) + (frac ? `.${String(frac).padStart(6, '0')}` : '') + 'Z';
}

function partsToMicros(p: Parts): number | undefined {
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month - 1, p.day);
  if (date.getUTCMonth() !== p.month - 1 || date.getUTCDate() !== p.day) return undefined;
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return undefined;
  date.setUTCHours(p.hour, p.minute, p.second, 0);
  return (date.getTime() - p.offset * 60_000) * 1000 + p.micro;
}

export function parseTime(input: string): string | undefined {
  const s = input.trim();
  const parts = fromIso(s) ?? fromDigits(s) ?? fromWords(s);
  const micros = parts ? partsToMicros(parts) : fromUnix(s);
  return micros === undefined ? undefined : isoUtc(micros);
}

export const timestamp: InlinePattern = {
  name: 'timestamp',
  re: /<time:([^>]*?)>/gu,
  handle(m) {
    const text = m[1] as string;
    const datetime = parseTime(text);
    if (datetime === undefined) {
      const attrs = { class: 'timestamp-error' };
      return whole(m, { kind: 'element', tag: 'span', attrs, text: `Invalid time format: ${text}`, atomic: true });
    }
    return whole(m, { kind: 'element', tag: 'time', attrs: { datetime }, text, atomic: true });
  },
};
