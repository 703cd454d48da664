// The only place in the core that knows time or randomness.
// Everything else asks the Clock for "now" and the SeededRandom for bytes, so that the
// same options and the same request sequence give byte-identical responses, in Node
// and in a browser. (Idea from fakeIndexedDB's scheduling module: one entry point.)
import { sha256 } from '@noble/hashes/sha2.js';

export interface Clock {
  readonly kind: 'manual' | 'system';
  /** Milliseconds since the UNIX epoch. */
  now(): number;
  /** Move a manual clock forward; a system clock refuses. */
  advance(ms: number): void;
  /** Restore a manual clock to an earlier instant (snapshot/restore). */
  set(ms: number): void;
}

export function manualClock(startMs: number): Clock {
  let t = startMs;
  return {
    kind: 'manual',
    now: () => t,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      t += ms;
    },
    set(ms) {
      t = ms;
    },
  };
}

export function systemClock(): Clock {
  return {
    kind: 'system',
    now: () => Date.now(),
    advance() {
      throw new RangeError('a system clock cannot be advanced; create the reference with clock: "manual"');
    },
    set() {
      /* a system clock keeps real time across restore */
    },
  };
}

const encoder = new TextEncoder();

/**
 * Deterministic random bytes: SHA-256(seed ‖ counter) blocks. Not for real secrets;
 * good enough for API keys and queue ids of a mock server, and identical everywhere.
 */
export class SeededRandom {
  #seed: Uint8Array;
  #counter = 0;
  constructor(seed: string) {
    this.#seed = encoder.encode(seed);
  }
  get counter(): number {
    return this.#counter;
  }
  set counter(value: number) {
    this.#counter = value;
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const block = sha256(concat(this.#seed, encoder.encode(`:${this.#counter++}`)));
      const take = Math.min(block.length, n - filled);
      out.set(block.subarray(0, take), filled);
      filled += take;
    }
    return out;
  }
  /**
   * Bytes that depend on the seed and `label` only, never on the counter: for values
   * that stay the same for a reference's whole life, across reset and restore (the push
   * bouncer's key pair).
   */
  derive(label: string, n = 32): Uint8Array {
    const out = new Uint8Array(n);
    for (let block = 0, filled = 0; filled < n; block++) {
      const bytes = sha256(concat(this.#seed, encoder.encode(`#${label}:${block}`)));
      const take = Math.min(bytes.length, n - filled);
      out.set(bytes.subarray(0, take), filled);
      filled += take;
    }
    return out;
  }
  /** A string of `length` characters drawn from `alphabet` (rejection sampling, no bias). */
  string(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'): string {
    let s = '';
    const limit = 256 - (256 % alphabet.length);
    while (s.length < length) {
      for (const b of this.bytes(length)) {
        if (b < limit && s.length < length) s += alphabet[b % alphabet.length];
      }
    }
    return s;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
