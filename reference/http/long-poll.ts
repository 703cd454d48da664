// Long-polling for the async front doors (handle, msw, node:http). A GET /events that
// found nothing answers with a `wait` marker; the door hands it here and gets, later, the
// answer of the same request taken up again: when an event reaches the queue (dispatch
// wakes it after every request), when the queue goes away, or at the heartbeat deadline,
// when a heartbeat event is queued as the real server queues one
// (zerver/tornado/event_queue.py, ClientDescriptor's heartbeat timer). Deadlines run on the
// world's clock: a manual clock releases waiting polls when it is advanced past them. A
// waiting poll holds a promise and a timer, no CPU; a closed connection (its signal
// aborted) ends its wait.
import { EVENT_QUEUES } from '../state/event-queues.ts';
import type { World } from '../world.ts';
import type { ApiResponse, LongPollWait } from './request.ts';

interface Waiter {
  queueId: string;
  settle(): void;
}

export class LongPolls {
  readonly #byQueue = new Map<string, Set<Waiter>>();

  constructor(private readonly world: World) {
    // reset() and restore() remove queues: their polls answer now, BAD_EVENT_QUEUE_ID for
    // a queue that is gone (a poll whose queue survived keeps waiting).
    world.onRestore(() => this.wake([...this.#byQueue.keys()]));
  }

  /** How many polls are waiting (for tests and benchmarks). */
  get size(): number {
    let n = 0;
    for (const set of this.#byQueue.values()) n += set.size;
    return n;
  }

  /**
   * Wait as `res.wait` says, then answer with what the queue has by then (`resume`).
   * Resolves to null if `signal` aborts first (the client went away: nothing to send).
   */
  wait(res: ApiResponse & { wait: LongPollWait }, signal?: AbortSignal): Promise<ApiResponse | null> {
    const { queueId, deadlineMs, resume } = res.wait;
    if (signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      let set = this.#byQueue.get(queueId);
      if (set === undefined) this.#byQueue.set(queueId, (set = new Set<Waiter>()));
      const waiting = set;
      let over = false;
      let pending = false;
      const finish = (answer: ApiResponse | null) => {
        if (over) return;
        over = true;
        waiting.delete(waiter);
        if (waiting.size === 0 && this.#byQueue.get(queueId) === waiting) this.#byQueue.delete(queueId);
        cancelTimer();
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const waiter: Waiter = {
        queueId,
        settle: () => {
          if (pending || over) return;
          pending = true;
          // Answered in a task of its own: the request that woke it has finished. A wake
          // that brought nothing (null) leaves the poll waiting, its deadline unchanged.
          queueMicrotask(() => {
            pending = false;
            const next = over ? null : resume();
            if (next !== null) finish(next);
          });
        },
      };
      const onAbort = () => finish(null);
      const cancelTimer = this.world.clock.setTimer(deadlineMs, () => this.#heartbeat(queueId));
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.add(waiter);
    });
  }

  /** Queues that got events (or went away): their waiting polls answer. */
  wake(queueIds: readonly string[]): void {
    for (const id of queueIds) {
      const set = this.#byQueue.get(id);
      if (set === undefined) continue;
      for (const waiter of [...set]) waiter.settle();
    }
  }

  /** The deadline passed with nothing queued: a heartbeat event, which wakes the polls. */
  #heartbeat(queueId: string): void {
    const store = this.world.store;
    const queue = store.table(EVENT_QUEUES).find('queue_id', queueId)[0];
    if (queue !== undefined && queue.events.length === 0) store.events.pushDirect(queue, { type: 'heartbeat' });
    this.wake(store.events.drain().concat(queueId));
  }
}
