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
  /**
   * Call `fn` once the clock reaches `atMs`: a manual clock when advance() passes it (in
   * time order, each timer seeing its own instant), a system clock by a real timer.
   * Returns a function that cancels it.
   */
  setTimer(atMs: number, fn: () => void): () => void;
}

export function manualClock(startMs: number): Clock {
  let t = startMs;
  let seq = 0;
  /** Pending timers: fired by advance() in (time, creation) order. */
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    kind: 'manual',
    now: () => t,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      const end = t + ms;
      for (;;) {
        let next: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (next === undefined || entry[1].at < next[1].at)) next = entry;
        if (next === undefined) break;
        timers.delete(next[0]);
        t = Math.max(t, next[1].at);
        next[1].fn();
      }
      t = end;
    },
    set(ms) {
      t = ms;
    },
    setTimer(atMs, fn) {
      const id = seq++;
      timers.set(id, { at: atMs, fn });
      return () => void timers.delete(id);
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
    setTimer(atMs, fn) {
      const handle = setTimeout(fn, Math.max(0, atMs - Date.now()));
      // A pending long-poll heartbeat must not keep a process alive on its own.
      (handle as { unref?: () => void }).unref?.();
      return () => clearTimeout(handle);
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
