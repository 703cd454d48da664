// What the request flow holds for one reference: its World, and whether the
// test-control surface (/_understudy/) is served.
import type { World } from '../world.ts';

export interface Core {
  readonly world: World;
  /** Is the test-control surface served? (In-process control is always available.) */
  readonly control: boolean;
  /** Long-polls waiting for their queues; told which queues got events after each request. */
  readonly waiting?: { wake(queueIds: readonly string[]): void };
}
