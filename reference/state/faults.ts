// Faults a test asks for (control.addFault, POST /_understudy/faults): a matching request
// gets a 429, a 5xx from the server or a proxy in front of it, a late answer, a dropped
// connection, or finds its event queue gone. Deterministic: `every` counts matching
// requests; `probability` draws from the world's seeded random. Not part of the state:
// snapshots do not hold them, reset() clears them. http/faults.ts makes the answers.

export const FAULT_KINDS = ['rate_limit', 'server_error', 'unavailable', 'bad_gateway', 'gateway_timeout', 'latency', 'disconnect', 'expire_queue'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  fault: FaultKind;
  /** The request method to match (default: any). */
  method?: string;
  /** An API path, `{name}` matching any one segment; /api/v1 may be left off (default: any; expire_queue: /api/v1/events). */
  path?: string;
  /** How many times it fires before it is removed (default 1; with `every` or `probability`, unlimited). */
  times?: number;
  /** Fire on every Nth matching request (the Nth, 2Nth, ...). */
  every?: number;
  /** Fire on a matching request with this probability (from the world's seeded random). */
  probability?: number;
  /** rate_limit: seconds until the client may try again (Retry-After; default 1). */
  retry_after?: number;
  /** latency: how long the answer waits, on the world's clock (milliseconds). */
  ms?: number;
  /** expire_queue: the queue to expire (default: the queue the matching request names). */
  queue_id?: string;
}

export interface Fault extends FaultSpec {
  fault_id: number;
  /** Matching requests seen, and how many the fault fired on. */
  seen: number;
  fired: number;
}

const API = '/api/v1';

/** An API path in full: /api/v1 may be left off. */
export const apiPath = (path: string): string => (path.startsWith(`${API}/`) || path === API ? path : `${API}${path.startsWith('/') ? '' : '/'}${path}`);

/** A fault's path as segments: `{name}` (null) matches any one segment. */
function pattern(path: string): Array<string | null> {
  return path.split('/').map((s) => (/^\{\w*\}$/.test(s) ? null : s));
}

export class FaultTable {
  #faults: Array<Fault & { segments: Array<string | null> | null }> = [];
  #next = 1;

  add(spec: FaultSpec): number {
    const path = spec.path !== undefined ? apiPath(spec.path) : spec.fault === 'expire_queue' ? `${API}/events` : undefined;
    const method = spec.method?.toUpperCase() ?? (spec.fault === 'expire_queue' && spec.path === undefined ? 'GET' : undefined);
    const fault_id = this.#next++;
    const full = { ...spec, ...(path !== undefined ? { path } : {}), ...(method !== undefined ? { method } : {}) };
    this.#faults.push({ ...full, fault_id, seen: 0, fired: 0, segments: path === undefined ? null : pattern(path) });
    return fault_id;
  }

  clear(): void {
    this.#faults = [];
  }

  /** Remove one; false if there is no such fault. */
  remove(id: number): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.fault_id !== id);
    return this.#faults.length < before;
  }

  list(): Fault[] {
    return this.#faults.map(({ segments: _s, ...f }) => ({ ...f }));
  }

  get size(): number {
    return this.#faults.length;
  }

  /** Might a fault fire on this request? (Counts nothing.) */
  matches(method: string, path: string): boolean {
    if (this.#faults.length === 0) return false;
    const parts = path.split('/');
    return this.#faults.some((f) => this.#matches(f, method, parts));
  }

  #matches(f: { method?: string; segments: Array<string | null> | null }, method: string, parts: string[]): boolean {
    if (f.method !== undefined && f.method !== method) return false;
    return f.segments === null || (f.segments.length === parts.length && f.segments.every((s, i) => s === null || s === parts[i]));
  }

  /**
   * The fault this request triggers, if any (the first in order of addition that fires);
   * counts it, and removes it once it has fired `times` times. `draw()` gives a number in [0, 1).
   */
  take(method: string, path: string, draw: () => number): Fault | undefined {
    if (this.#faults.length === 0) return undefined;
    const parts = path.split('/');
    for (const f of this.#faults) {
      if (!this.#matches(f, method, parts)) continue;
      f.seen++;
      if (f.every !== undefined && f.seen % f.every !== 0) continue;
      if (f.probability !== undefined && !(draw() < f.probability)) continue;
      f.fired++;
      const limit = f.times ?? (f.every !== undefined || f.probability !== undefined ? Infinity : 1);
      if (f.fired >= limit) this.remove(f.fault_id);
      const { segments: _s, ...fault } = f;
      return { ...fault };
    }
    return undefined;
  }
}
