// From a (template-expanded) request step to the bytes on the wire: parameters in the
// query string for GET and HEAD, in the body otherwise (form-encoded, or
// multipart/form-data when the step says `"encoding": "multipart"`); values that are
// not strings JSON-encoded, as the real API takes integers, booleans and lists.
import { toBase64 } from './template.ts';
import type { FilePart } from './schema.ts';
import type { WireRequest } from './targets/target.ts';

export const USER_AGENT = 'UnderstudyConformance/0.1';

export function basicAuth(email: string, apiKey: string): string {
  return `Basic ${toBase64(`${email}:${apiKey}`)}`;
}

export function encodeParam(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface BuiltStep {
  method: string;
  path: string;
  params: Record<string, unknown>;
  /** Authorization header value, or undefined for none. */
  authorization: string | undefined;
  headers: Record<string, string>;
  /** How a body carries the parameters (not GET or HEAD): form-encoded (the default) or multipart/form-data. */
  encoding?: 'form' | 'multipart' | undefined;
  /** Files sent as parts of a multipart/form-data body, after the parameters. */
  files?: readonly FilePart[] | undefined;
}

/** The boundary of a multipart body: this, or with a suffix if a value contains it. */
export const MULTIPART_BOUNDARY = 'UnderstudyFormBoundary';

/**
 * A multipart/form-data body (RFC 7578): one part per parameter, in order, text values
 * as UTF-8, every line break CRLF. The boundary is one no value contains.
 */
export function multipartBody(entries: ReadonlyArray<[string, string]>): { boundary: string; body: string } {
  let boundary = MULTIPART_BOUNDARY;
  for (let n = 1; entries.some(([k, v]) => k.includes(boundary) || v.includes(boundary)); n++) boundary = `${MULTIPART_BOUNDARY}${n}`;
  let body = '';
  for (const [k, v] of entries) {
    const name = k.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`;
  }
  body += `--${boundary}--\r\n`;
  return { boundary, body };
}

/** A file part's bytes: its text as UTF-8, or its base64 decoded. */
export function fileBytes(file: FilePart): Uint8Array {
  if (file.content !== undefined) return new TextEncoder().encode(file.content);
  return Uint8Array.from(atob(file.content_base64 ?? ''), (c) => c.charCodeAt(0));
}

/**
 * A multipart/form-data body with files: the parameters as in multipartBody, then one part
 * per file with its filename (quoted, as browsers and the Python client send it) and its
 * Content-Type if it has one; the boundary is one no value or file contains.
 */
export function multipartWithFiles(entries: ReadonlyArray<[string, string]>, files: readonly FilePart[]): { boundary: string; body: Uint8Array } {
  const encoder = new TextEncoder();
  const contents = files.map(fileBytes);
  const latin = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');
  let boundary = MULTIPART_BOUNDARY;
  const clash = (b: string) => entries.some(([k, v]) => k.includes(b) || v.includes(b)) || files.some((f) => f.name.includes(b) || f.filename.includes(b)) || contents.some((c) => latin(c).includes(b));
  for (let n = 1; clash(boundary); n++) boundary = `${MULTIPART_BOUNDARY}${n}`;
  const chunks: Uint8Array[] = [];
  const quote = (text: string) => text.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  for (const [k, v] of entries) chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(k)}"\r\n\r\n${v}\r\n`));
  files.forEach((f, i) => {
    const type = f.content_type !== undefined ? `Content-Type: ${f.content_type}\r\n` : '';
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(f.name)}"; filename="${quote(f.filename)}"\r\n${type}\r\n`));
    chunks.push(contents[i] as Uint8Array, encoder.encode('\r\n'));
  });
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return { boundary, body };
}

export function toWire(step: BuiltStep): WireRequest {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(step.params)) form.append(k, encodeParam(v));
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT };
  if (step.authorization !== undefined) headers['Authorization'] = step.authorization;
  const inQuery = step.method === 'GET' || step.method === 'HEAD';
  let path = step.path;
  let body: string | Uint8Array | undefined;
  if (step.files !== undefined && !inQuery) {
    const multipart = multipartWithFiles([...form], step.files);
    body = multipart.body;
    headers['Content-Type'] = `multipart/form-data; boundary=${multipart.boundary}`;
  } else if (step.encoding === 'multipart' && !inQuery) {
    const multipart = multipartBody([...form]);
    body = multipart.body;
    headers['Content-Type'] = `multipart/form-data; boundary=${multipart.boundary}`;
  } else if (form.size > 0) {
    if (inQuery) path += (path.includes('?') ? '&' : '?') + form.toString();
    else {
      body = form.toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
  }
  // The step's own headers win (a scenario may send a malformed Content-Type on purpose).
  for (const [k, v] of Object.entries(step.headers)) {
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === k.toLowerCase()) delete headers[existing];
    headers[k] = v;
  }
  return { method: step.method, path, headers, ...(body !== undefined ? { body } : {}) };
}
