// From a (template-expanded) request step to the bytes on the wire: parameters in the
// query string for GET and HEAD, form-encoded in the body otherwise; values that are
// not strings JSON-encoded, as the real API takes integers, booleans and lists.
import { toBase64 } from './template.ts';
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
}

export function toWire(step: BuiltStep): WireRequest {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(step.params)) form.append(k, encodeParam(v));
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT };
  if (step.authorization !== undefined) headers['Authorization'] = step.authorization;
  const inQuery = step.method === 'GET' || step.method === 'HEAD';
  let path = step.path;
  let body: string | undefined;
  if (form.size > 0) {
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
