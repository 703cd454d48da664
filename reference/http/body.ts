// Request parameters from the query string and the body, whatever the method:
// zulip-js sends POST bodies as multipart/form-data and other methods' parameters in
// the query; the Python client sends application/x-www-form-urlencoded bodies.
// NOTE: approximation: an application/json body is not read, as on the real server,
// whose views read only form data.
const utf8 = new TextDecoder();
const latin1 = new TextDecoder('latin1');

export type RawBody = Record<string, string> | string | Uint8Array | undefined;
export type RawQuery = Record<string, string> | string | undefined;

/** Merge query and body parameters; the body's value wins, as on the real server. */
export function decodeParams(query: RawQuery, body: RawBody, contentType: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  addAll(out, query === undefined ? [] : typeof query === 'string' ? new URLSearchParams(query) : Object.entries(query));
  if (body === undefined) return out;
  if (typeof body === 'object' && !(body instanceof Uint8Array)) {
    addAll(out, Object.entries(body));
    return out;
  }
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
    const b = boundary?.[1] ?? boundary?.[2];
    if (b) addAll(out, parseMultipart(typeof body === 'string' ? new TextEncoder().encode(body) : body, b.trim()));
    return out;
  }
  if (type === '' || type.startsWith('application/x-www-form-urlencoded')) {
    addAll(out, new URLSearchParams(typeof body === 'string' ? body : utf8.decode(body)));
  }
  return out;
}

function addAll(out: Map<string, string>, entries: Iterable<[string, string]>): void {
  for (const [k, v] of entries) out.set(k, v);
}

/** A small multipart/form-data reader: text fields only; a file part's bytes are read as UTF-8 text. */
export function parseMultipart(bytes: Uint8Array, boundary: string): Array<[string, string]> {
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const fields: Array<[string, string]> = [];
  let pos = indexOf(bytes, delimiter, 0);
  while (pos !== -1) {
    let start = pos + delimiter.length;
    if (bytes[start] === 0x2d && bytes[start + 1] === 0x2d) break; // closing delimiter
    if (bytes[start] === 0x0d && bytes[start + 1] === 0x0a) start += 2;
    const next = indexOf(bytes, delimiter, start);
    if (next === -1) break;
    let end = next;
    if (bytes[end - 2] === 0x0d && bytes[end - 1] === 0x0a) end -= 2;
    const part = bytes.subarray(start, end);
    const headerEnd = indexOf(part, new Uint8Array([0x0d, 0x0a, 0x0d, 0x0a]), 0);
    if (headerEnd !== -1) {
      const head = latin1.decode(part.subarray(0, headerEnd));
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      if (name !== undefined) fields.push([name, utf8.decode(part.subarray(headerEnd + 4))]);
    }
    pos = next;
  }
  return fields;
}

function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  outer: for (let i = hay.indexOf(first ?? 0, from); i !== -1 && i <= hay.length - needle.length; i = hay.indexOf(first ?? 0, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
