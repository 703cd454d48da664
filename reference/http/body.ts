// Request parameters from the query string and the body, whatever the method:
// zulip-js sends POST bodies as multipart/form-data and other methods' parameters in
// the query; the Python client sends application/x-www-form-urlencoded bodies.
// Decoding takes time linear in the request, whatever its shape, and stops at the
// first limit exceeded (limits.ts): the parameters are counted and measured before
// any is decoded.
// An application/json body is not read: upstream reads a JSON body only for parameters
// declared JsonBodyPayload (zerver/lib/typed_endpoint.py), which only webhook and reporting
// views use; the API's views read form data.
import { BadBoundary, LIMITS, ParameterTooLong, TooManyParameters } from '../request/decoding-limits.ts';

const utf8 = new TextDecoder();
const latin1 = new TextDecoder('latin1');
const encoder = new TextEncoder();

export type RawBody = Record<string, string> | string | Uint8Array | undefined;
export type RawQuery = Record<string, string> | string | undefined;

/** Merge query and body parameters; the body's value wins, as on the real server. */
export function decodeParams(query: RawQuery, body: RawBody, contentType: string | undefined): Map<string, string> {
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
    if (b) addAll(out, parseMultipart(typeof body === 'string' ? encoder.encode(body) : body, b.trim()));
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
 * A multipart/form-data reader: text fields only; a file part's bytes are read as UTF-8
 * text. The delimiters are found by one left-to-right pass (Knuth–Morris–Pratt over
 * "CRLF--boundary"), so that the cost is linear in the body whatever the boundary.
 */
export function parseMultipart(bytes: Uint8Array, boundary: string): Array<[string, string]> {
  if (boundary.length === 0 || boundary.length > LIMITS.boundaryLength) throw new BadBoundary();
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const fallback = failureTable(delimiter);
  const fields: Array<[string, string]> = [];
  let parts = 0;
  let partStart = -1; // where the current part begins; -1 before the first delimiter
  // The first delimiter may open the body: start as if a CRLF had just been read.
  let matched = 2;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    while (matched > 0 && delimiter[matched] !== c) matched = fallback[matched - 1] as number;
    if (delimiter[matched] === c) matched++;
    if (matched < delimiter.length) continue;
    matched = 0;
    const delimiterStart = i + 1 - delimiter.length;
    if (partStart !== -1 && delimiterStart >= partStart) {
      if (++parts > LIMITS.parameters) throw new TooManyParameters();
      const field = readPart(bytes, partStart, delimiterStart);
      if (field) fields.push(field);
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

/** One part, bytes[start, end): its name and its content as text, or undefined if it has no name. */
function readPart(bytes: Uint8Array, start: number, end: number): [string, string] | undefined {
  const headerEnd = indexOf(bytes, CRLF_CRLF, start, Math.min(end, start + MAX_PART_HEADERS));
  const name = headerEnd === -1 ? undefined : /name="([^"]*)"/i.exec(latin1.decode(bytes.subarray(start, headerEnd)))?.[1];
  if (end - start > LIMITS.parameterLength) throw new ParameterTooLong(name ?? '');
  if (name === undefined) return undefined;
  return [name, utf8.decode(bytes.subarray(headerEnd + 4, end))];
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
