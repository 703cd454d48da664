// Request parameters from the query string and the body, whatever the method:
// zulip-js sends POST bodies as multipart/form-data and other methods' parameters in
// the query; the Python client sends application/x-www-form-urlencoded bodies.
// Decoding takes time linear in the request, whatever its shape, and stops at the
// first limit exceeded (limits.ts): the parameters are counted and measured before
// any is decoded.
// An application/json body is not read: upstream reads a JSON body only for parameters
// declared JsonBodyPayload (zerver/lib/typed_endpoint.py), which only webhook and reporting
// views use; the API's views read form data.
import type { UploadedFile } from '../request/context.ts';
import { BadBoundary, LIMITS, ParameterTooLong, TooManyParameters } from '../request/decoding-limits.ts';

const utf8 = new TextDecoder();
const latin1 = new TextDecoder('latin1');
const encoder = new TextEncoder();

export type RawBody = Record<string, string> | string | Uint8Array | undefined;
export type RawQuery = Record<string, string> | string | undefined;


/** Merge query and body parameters; the body's value wins, as on the real server. */
export function decodeParams(query: RawQuery, body: RawBody, contentType: string | undefined, files?: UploadedFile[]): Map<string, string> {
  const out = new Map<string, string>();
  if (query !== undefined) addAll(out, typeof query === 'string' ? formEntries(query) : objectEntries(query));
  if (body === undefined) return out;
  // Stryker disable all: in-process callers only: parameters given as an object, not as the bytes or text a request carries
  if (typeof body === 'object' && !(body instanceof Uint8Array)) {
    addAll(out, objectEntries(body));
    return out;
  }
  // Stryker restore all
  const type = mediaType(contentType ?? '');
  if (type === 'multipart/form-data') {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType as string);
    const b = boundary?.[1] ?? boundary?.[2];
    if (b) addAll(out, parseMultipart(typeof body === 'string' ? encoder.encode(body) : body, b.trim(), files));
    return out;
  }
  if (type === 'application/x-www-form-urlencoded') addAll(out, formEntries(body));
  return out;
}

/**
 * A Content-Type's media type: before any ";", trimmed, in lower case. The body is read
 * only when it is exactly one of the two form types; with none (or no Content-Type at
 * all) it is not read, as Django reads request.POST (HttpRequest._load_post_and_files,
 * parse_header_parameters) and zerver/decorator.py::process_as_post for the other methods.
 */
function mediaType(contentType: string): string {
  return (contentType.split(';', 1)[0] as string).trim().toLowerCase();
}

function addAll(out: Map<string, string>, entries: Iterable<[string, string]>): void {
  for (const [k, v] of entries) out.set(k, v);
}

// Stryker disable all: in-process callers only (as above)
/** Parameters given as an object (in-process callers): the same limits as on the wire. */
function objectEntries(params: Record<string, string>): Array<[string, string]> {
  const entries = Object.entries(params);
  if (entries.length > LIMITS.parameters) throw new TooManyParameters();
  for (const [k, v] of entries) if (k.length + String(v).length > LIMITS.parameterLength) throw new ParameterTooLong(k);
  return entries;
}
// Stryker restore all

/**
 * An application/x-www-form-urlencoded body or query string. One scan over the
 * `&`-separated pairs counts and measures them (as sent: percent-encoded, in bytes when
 * the body is bytes) before any is decoded. Every pair counts, an empty one too: Django's
 * QueryDict has Python's parse_qsl count the fields as one more than the separators
 * ("a=1&&" is three). (An empty form counts as one pair here, where parse_qsl counts
 * none: no limit tells the two apart.)
 */
function formEntries(form: string | Uint8Array): URLSearchParams {
  const next = typeof form === 'string' ? (from: number) => form.indexOf('&', from) : (from: number) => form.indexOf(0x26, from);
  let count = 0;
  for (let start = 0; start <= form.length; ) {
    let end = next(start);
    if (end === -1) end = form.length;
    if (++count > LIMITS.parameters) throw new TooManyParameters();
    if (end - start > LIMITS.parameterLength) throw new ParameterTooLong(formName(form, start));
    start = end + 1;
  }
  return new URLSearchParams(typeof form === 'string' ? form : utf8.decode(form));
}

/** The decoded name of the pair that starts at `start`, from at most its first 300 characters. */
function formName(form: string | Uint8Array, start: number): string {
  const head = typeof form === 'string' ? form.slice(start, start + 300) : utf8.decode(form.subarray(start, start + 300));
  const pair = head.split('&', 1)[0] as string;
  return [...new URLSearchParams(pair.split('=', 1)[0]).keys()][0] ?? '';
}

const CRLF_CRLF = new Uint8Array([0x0d, 0x0a, 0x0d, 0x0a]);
/** Part headers longer than this are not looked for: no client sends more than a line or two. */
const MAX_PART_HEADERS = 16 * 1024;

/**
 * A multipart/form-data reader: the text fields, and the file parts (those whose
 * Content-Disposition names a filename) apart in `files`, as Django puts them in
 * request.FILES and not in request.POST; without `files` they are dropped. The delimiters are found by one left-to-right pass (Knuth–Morris–Pratt over
 * "CRLF--boundary"), so that the cost is linear in the body whatever the boundary.
 */
export function parseMultipart(bytes: Uint8Array, boundary: string, files?: UploadedFile[]): Array<[string, string]> {
  if (boundary.length === 0 || boundary.length > LIMITS.boundaryLength) throw new BadBoundary();
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const fallback = failureTable(delimiter);
  const fields: Array<[string, string]> = [];
  let parts = 0;
  let partStart = -1; // where the current part begins; -1 before the first delimiter
  // The first delimiter may open the body: start as if a CRLF had just been read.
  let matched = 2;
  for (let i = 0; i < bytes.length; i++) {
    if (matched === 0) {
      // Nothing matched: only a CR can start the delimiter, so skip to the next one (natively: a file's bytes go fast).
      i = bytes.indexOf(0x0d, i);
      if (i === -1) break;
    }
    const c = bytes[i];
    while (matched > 0 && delimiter[matched] !== c) matched = fallback[matched - 1] as number;
    if (delimiter[matched] === c) matched++;
    if (matched < delimiter.length) continue;
    matched = 0;
    const delimiterStart = i + 1 - delimiter.length;
    if (partStart !== -1 && delimiterStart >= partStart) {
      if (++parts > LIMITS.parameters) throw new TooManyParameters();
      const field = readPart(bytes, partStart, delimiterStart);
      if (Array.isArray(field)) fields.push(field);
      else if (field !== undefined) files?.push(field);
    }
    const after = i + 1;
    if (bytes[after] === 0x2d && bytes[after + 1] === 0x2d) break; // the closing delimiter
    partStart = bytes[after] === 0x0d && bytes[after + 1] === 0x0a ? after + 2 : after;
  }
  return fields;
}

/** KMP: for each prefix of `needle`, the length of its longest proper prefix that is also its suffix. */
function failureTable(needle: Uint8Array): Uint16Array {
  const table = new Uint16Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = table[k - 1] as number;
    if (needle[i] === needle[k]) k++;
    table[i] = k;
  }
  return table;
}

/**
 * One part, bytes[start, end): its name and its content as text; a file (a filename in its
 * Content-Disposition) as an UploadedFile; undefined if it has no name, or a file name
 * that is empty once sanitised (Django skips such a part).
 */
function readPart(bytes: Uint8Array, start: number, end: number): [string, string] | UploadedFile | undefined {
  const headerEnd = indexOf(bytes, CRLF_CRLF, start, Math.min(end, start + MAX_PART_HEADERS));
  const head = headerEnd === -1 ? '' : latin1.decode(bytes.subarray(start, headerEnd));
  const name = headerEnd === -1 ? undefined : /(?:^|[;\s])name="([^"]*)"/i.exec(head)?.[1];
  const fileName = headerEnd === -1 ? undefined : partFileName(head);
  // A file's size is bounded by the body's (the node:http door's limit), not a parameter's.
  if (fileName === undefined && end - start > LIMITS.parameterLength) throw new ParameterTooLong(name ?? '');
  if (name === undefined) return undefined;
  if (fileName !== undefined) {
    const clean = sanitizeFileName(fileName);
    if (clean === '') return undefined;
    const type = /^content-type:[ \t]*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
    return { field: name, name: clean, contentType: type, bytes: bytes.slice(headerEnd + 4, end) };
  }
  return [name, utf8.decode(bytes.subarray(headerEnd + 4, end))];
}

/**
 * The filename of a part's Content-Disposition (`filename*=UTF-8''…` of RFC 5987 first,
 * then `filename="…"`), as text; undefined when it names none.
 */
function partFileName(head: string): string | undefined {
  const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1];
  if (disposition === undefined) return undefined;
  const extended = /filename\*=([\w-]+)'[^']*'([^;\s]*)/i.exec(disposition);
  if (extended) {
    try {
      return new TextDecoder((extended[1] as string).toLowerCase() === 'utf-8' ? 'utf-8' : 'latin1').decode(percentBytes(extended[2] as string));
    } catch {
      return undefined;
    }
  }
  const plain = /filename=(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i.exec(disposition);
  if (!plain) return undefined;
  // The header was read as Latin-1; clients send UTF-8 names raw.
  const raw = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] as string);
  return utf8.decode(Uint8Array.from(raw, (c) => c.charCodeAt(0) & 0xff));
}

function percentBytes(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '%' && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(c.charCodeAt(0) & 0xff);
  }
  return Uint8Array.from(out);
}

/**
 * Django's MultiPartParser.sanitize_file_name: HTML entities unescaped (the common ones
 * here), the base name after the last "/" or "\\", characters that are not printable
 * (str.isprintable) dropped, and "." or ".." taken as no name.
 * NOTE: approximation: only the entities &amp; &lt; &gt; &quot; &#39; and numeric ones are unescaped (Python's html.unescape knows every named one).
 */
export function sanitizeFileName(name: string): string {
  const unescaped = name.replace(/&(amp|lt|gt|quot|#39|#x?[0-9a-f]+);/gi, (all, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
    const k = e.toLowerCase();
    if (named[k] !== undefined) return named[k] as string;
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
  const base = (unescaped.replace(/\\/g, '/').split('/').pop() as string).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu, '');
  return base === '.' || base === '..' ? '' : base;
}

/** The first short `needle` within hay[from, to), or -1: at most needle.length comparisons a byte. */
function indexOf(hay: Uint8Array, needle: Uint8Array, from: number, to: number): number {
  const window = hay.subarray(0, to);
  const first = needle[0] as number;
  outer: for (let i = window.indexOf(first, from); i !== -1 && i <= to - needle.length; i = window.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
