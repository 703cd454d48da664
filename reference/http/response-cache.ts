// Replayed reads. The same state, instant and request give the same bytes (DESIGN.md,
// Determinism), so a read repeated before anything changed is answered with the bytes
// it got last time: no parameter parsing, no endpoint, no JSON.stringify (which alone
// costs more than the rest of GET /users). What "nothing changed" means is a stamp:
// the store's version and its data, realm and config objects, the clock, the random
// counter and the control flag. Dispatch clears the cache after any request that is
// not a cacheable read, since that may change state the stamp cannot see.
import type { Core } from './context.ts';
import type { ApiRequest, ApiResponse } from './request.ts';

/** Bounds: a busy test suite must not grow memory without end. */
const MAX_ENTRIES = 1_000;
const MAX_CHARS = 32 * 1024 * 1024;

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class ResponseCache {
  #entries = new Map<string, Entry>();
  #chars = 0;
  #stamp: Stamp | undefined;

  /** The cached answer to this request, if the state is still the one it was computed on. */
  get(core: Core, key: string): ApiResponse | undefined {
    if (this.#stamp === undefined || !unchanged(this.#stamp, core)) return undefined;
    const hit = this.#entries.get(key);
    return hit === undefined ? undefined : replay(hit);
  }

  /** Remember a response computed on the state `before` describes, unless computing it changed that state. */
  set(core: Core, key: string, res: ApiResponse, before: Stamp): void {
    if (!unchanged(before, core)) return;
    if (this.#stamp === undefined || !unchanged(this.#stamp, core)) {
      this.clear();
      this.#stamp = before;
    }
    if (this.#entries.size >= MAX_ENTRIES || this.#chars + res.body.length > MAX_CHARS) this.clear();
    this.#entries.set(key, { status: res.status, headers: { ...res.headers }, body: res.body });
    this.#chars += res.body.length;
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }
}

export interface Stamp {
  readonly version: number;
  readonly data: object;
  readonly realm: object;
  readonly config: object;
  readonly now: number;
  readonly counter: number;
  readonly control: boolean;
}

export function stamp(core: Core): Stamp {
  const data = core.store.data;
  return {
    version: core.store.version,
    data,
    realm: data.realm,
    config: data.config,
    now: core.clock.now(),
    counter: core.random.counter,
    control: core.control,
  };
}

function unchanged(s: Stamp, core: Core): boolean {
  const data = core.store.data;
  return (
    s.version === core.store.version &&
    s.data === data &&
    s.realm === data.realm &&
    s.config === data.config &&
    s.now === core.clock.now() &&
    s.counter === core.random.counter &&
    s.control === core.control
  );
}

/**
 * Everything an endpoint can see of the request, as a string; undefined when the body
 * is raw bytes (rare for a read, and not worth hashing).
 */
export function requestKey(method: string, req: ApiRequest): string | undefined {
  const body = req.body;
  if (body instanceof Uint8Array) return undefined;
  return `${method} ${req.path}\n${part(req.query)}\n${part(body)}\n${part(req.headers)}`;
}

function part(value: Record<string, string> | string | undefined): string {
  if (value === undefined) return '-';
  return typeof value === 'string' ? `s${value}` : `o${JSON.stringify(value)}`;
}

/**
 * A fresh response around the cached bytes. `json` is parsed on first use: callers that
 * only send the body (node:http, fetch, msw) never pay for it, and each caller gets its
 * own object to change.
 */
function replay(hit: Entry): ApiResponse {
  let json: Record<string, unknown> | undefined;
  return {
    status: hit.status,
    headers: { ...hit.headers },
    body: hit.body,
    get json(): Record<string, unknown> {
      return (json ??= JSON.parse(hit.body) as Record<string, unknown>);
    },
    set json(value: Record<string, unknown>) {
      json = value;
    },
  };
}
