// Test support: every event the reference emits, with its audience, in order, from the
// first call on. White-box: it reads the store's emissions before any queue filters
// them, so a test can check exactly whom an action addressed.
import type { Reference } from '../index.ts';

export interface Emission {
  /** Position in this log (0 for the first emission seen). */
  id: number;
  users: number[];
  event: Record<string, unknown>;
}

const logs = new WeakMap<Reference, Emission[]>();

/** The live log of the reference's emissions since this was first called for it. */
export function emissions(ref: Reference): Emission[] {
  let log = logs.get(ref);
  if (log === undefined) {
    const list: Emission[] = [];
    ref.store.listen((users, event) => list.push({ id: list.length, users, event: structuredClone(event) as unknown as Record<string, unknown> }));
    logs.set(ref, (log = list));
  }
  return log;
}
