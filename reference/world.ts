// The world below HTTP: what actions and domain rules receive. The state, the injected
// clock and the seeded randomness, and nothing of a request: an action takes
// (world, actor, input), where the actor is the acting user and the input plain data,
// the way zulip/zulip's do_* functions take `acting_user` and never a request.
// Snapshots of the whole world (state, clock, random counter) are taken here, once.
import type { Clock, SeededRandom } from './determinism.ts';
import type { StateData, Store } from './state/store.ts';
import type { ServerConfig } from './state/types.ts';
import { FaultTable } from './state/faults.ts';
import { RateLimits } from './state/rate-limits.ts';
import { RequestJournal } from './state/request-journal.ts';

/** Everything that makes two worlds answer alike: restore() of it gives the same answers. */
export interface Snapshot {
  readonly data: StateData;
  readonly clockMs: number;
  readonly randomCounter: number;
}

export class World {
  /** The state the fixture describes, at the fixture's instant: what reset() returns to. */
  readonly initial: Snapshot;
  /** Snapshots taken over the HTTP control surface, by id. */
  readonly shelf = new SnapshotShelf();
  /** Test aids beside the state, never in a snapshot; reset() clears them. */
  readonly faults = new FaultTable();
  readonly journal = new RequestJournal();
  readonly rateLimits = new RateLimits();
  readonly #restored = new Set<() => void>();

  constructor(
    readonly store: Store,
    readonly clock: Clock,
    readonly random: SeededRandom,
  ) {
    this.initial = this.snapshot();
  }

  get config(): ServerConfig {
    return this.store.config;
  }
  nowMs(): number {
    return this.clock.now();
  }
  /** UNIX seconds, as the API's timestamps are. */
  nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  snapshot(): Snapshot {
    return { data: this.store.snapshot(), clockMs: this.clock.now(), randomCounter: this.random.counter };
  }
  restore(snapshot: Snapshot): void {
    this.store.restore(snapshot.data);
    this.clock.set(snapshot.clockMs);
    this.random.counter = snapshot.randomCounter;
    for (const fn of this.#restored) fn();
  }
  /** Back to the fixture's state; faults, the request journal and rate-limit counts cleared. Snapshots survive it. */
  reset(): void {
    this.faults.clear();
    this.journal.clear();
    this.rateLimits.clear();
    this.restore(this.initial);
  }
  /** Call `fn` after every restore() and reset() (the long-polls of vanished queues end). Returns a function that stops it. */
  onRestore(fn: () => void): () => void {
    this.#restored.add(fn);
    return () => void this.#restored.delete(fn);
  }
}

/**
 * Snapshots named by id ("s1", "s2", ...) for callers that cannot hold an object (the
 * HTTP control surface). At most `capacity` are kept: taking one more releases the
 * oldest. Restoring a released or unknown id is an error, never a silent no-op.
 */
export class SnapshotShelf {
  static readonly CAPACITY = 32;
  #byId = new Map<string, Snapshot>();
  #next = 1;

  constructor(readonly capacity = SnapshotShelf.CAPACITY) {}

  put(snapshot: Snapshot): string {
    const id = `s${this.#next++}`;
    this.#byId.set(id, snapshot);
    for (const oldest of this.#byId.keys()) {
      if (this.#byId.size <= this.capacity) break;
      this.#byId.delete(oldest);
    }
    return id;
  }
  get(id: string): Snapshot | undefined {
    return this.#byId.get(id);
  }
  /** Forget it; false if there was no such snapshot. */
  release(id: string): boolean {
    return this.#byId.delete(id);
  }
  get size(): number {
    return this.#byId.size;
  }
}
