// The request journal: what clients sent, for tests that ask "what did my client do?"
// (control.requests(), GET /_understudy/requests). The last CAPACITY requests to /api/v1,
// oldest first; credentials never kept (the user's id instead of the Authorization header,
// secret-named parameters masked). Not part of the state: reset() clears it.

export interface JournalEntry {
  /** Counts every request journalled since the reference was made (or reset). */
  seq: number;
  method: string;
  /** The path, without its query string. */
  path: string;
  /** The authenticated user, or null (anonymous, or credentials refused). */
  user_id: number | null;
  /** The decoded parameters (query and body), secret ones masked. */
  params: Record<string, string>;
  status: number;
  /** The error `code` of an error answer (null for success, and for 405, which has none). */
  code: string | null;
  /** When it arrived, on the world's clock (milliseconds). */
  timestamp_ms: number;
  /** The fault that answered it, if one did (control.addFault). */
  fault?: string;
}

/** Parameters whose values are credentials (as the conformance reporters mask them: conformance/redact.ts). */
export const SECRET_PARAM = /^(password|new_password|old_password|api_key|token|jwt|jwt_key|jwt_secret|secret|otp|push_key)$/i;
export const MASK = '***';
/** A longer parameter value is cut to this many characters (and says so): the journal's memory stays bounded. */
export const MAX_VALUE_CHARS = 2000;

export function maskParams(params: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) {
    out[k] = SECRET_PARAM.test(k) ? MASK : v.length > MAX_VALUE_CHARS ? `${v.slice(0, MAX_VALUE_CHARS)}… (${v.length} characters)` : v;
  }
  return out;
}

type Pending = Omit<JournalEntry, 'params' | 'seq'> & { params: () => Record<string, string> };

export class RequestJournal {
  static readonly CAPACITY = 1000;
  /** A ring: entries are decoded on read, so recording costs a few field writes. */
  #ring: Array<Pending & { seq: number }> = [];
  #seq = 0;

  constructor(readonly capacity = RequestJournal.CAPACITY) {}

  /** Keeps `entry` itself (numbered): the caller hands it over. */
  record(entry: Pending): void {
    const e = entry as Pending & { seq: number };
    e.seq = ++this.#seq;
    if (this.#ring.length < this.capacity) this.#ring.push(e);
    else this.#ring[(this.#seq - 1) % this.capacity] = e;
  }

  clear(): void {
    this.#ring = [];
    this.#seq = 0;
  }

  get size(): number {
    return this.#ring.length;
  }

  /** Oldest first. */
  entries(): JournalEntry[] {
    const n = this.#ring.length;
    const start = n < this.capacity ? 0 : this.#seq % this.capacity;
    const out: JournalEntry[] = [];
    for (let i = 0; i < n; i++) {
      const { params, ...rest } = this.#ring[(start + i) % n] as Pending & { seq: number };
      out.push({ ...rest, params: params() });
    }
    return out;
  }
}
