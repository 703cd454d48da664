// The status family's frame (families.ts): registrations followed from its first command
// and checked by its last, as the events family's frame does, but failing as the status
// family's own, so that a run of that family alone reports them. Apart from status.ts,
// which PollEvents imports (an import cycle otherwise).
import type { Family } from '../family.ts';
import { ApplyEvents } from './apply-events.ts';
import { RegisterQueue } from './register-queue.ts';

/** The family's frame: a registration followed from the start (follow.ts), its failures the family's own. */
export class StatusRegisterQueue extends RegisterQueue {
  override readonly family: Family = 'status';
}

/** The family's closing apply_events check of every followed queue. */
export class StatusApplyEvents extends ApplyEvents {
  override readonly family: Family = 'status';
  override toString(): string {
    return `Status${super.toString()}`;
  }
}
