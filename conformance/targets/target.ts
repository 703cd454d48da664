// What the runner needs from a target: a fresh session per scenario that sends
// requests and, if the target offers it, performs control actions.
import type { Observed } from '../matcher.ts';
import type { Capability, ControlAction } from '../schema.ts';

/** A request as it goes on the wire; the body is form-encoded or multipart/form-data (the Content-Type header says which): text, or bytes when it carries files. */
export interface WireRequest {
  method: string;
  /** Path and query string, e.g. /api/v1/users?client_gravatar=false */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface Session {
  send(req: WireRequest): Promise<Observed>;
  /** Perform a control action; resolves to its result object, rejects if it failed. */
  control(action: ControlAction, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export interface Target {
  /** "reference" or the base URL. */
  readonly name: string;
  readonly capabilities: ReadonlySet<Capability>;
  /** A session on a fresh state (for targets with control: reset). */
  open(): Promise<Session>;
  /**
   * One request before the run: rejects with a TargetUnreachable if the target does not
   * answer at all; a warning if it answers oddly. Absent for in-process targets.
   */
  check?(): Promise<{ warning?: string }>;
  /** Set once a request found nothing listening (any more): the run stops. */
  readonly unreachable?: Error | undefined;
}

/** Lower-case header names; the body parsed if it is JSON; its bytes, when given, for body_base64 and body_sha256. */
export function observe(status: number, headers: Iterable<[string, string]>, text: string, bytes?: Uint8Array): Observed {
  const lower: Record<string, string> = {};
  for (const [k, v] of headers) lower[k.toLowerCase()] = v;
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers: lower, text, json, ...(bytes !== undefined ? { bytes } : {}) };
}

/** Form-encode control parameters the way the API takes them: non-strings as JSON. */
export function formEncode(params: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return form.toString();
}
