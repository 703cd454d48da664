// The apply_events contract (zulip/zulip zerver/tests/test_events.py verify_action) on a
// followed queue (follow.ts): poll its events and apply them to the client state kept
// since the registration, then POST /register again as the same user with the same
// parameters; the two states, normalised as upstream's test does, must be equal. The
// fresh queue is deleted at once. A server delivers events asynchronously (the real one
// through Tornado), so a difference is first given one more poll of late events and
// another registration; the second registration's answer is the one that fails.
import { Command, pick, type Real } from '../command.ts';
import type { Family } from '../family.ts';
import { stateProblems, type Templating } from '../follow.ts';
import type { MQueue, Model } from '../model.ts';
import { templatesOf } from '../oracle-pattern.ts';
import { poll } from './poll-events.ts';

type Json = Record<string, unknown>;

const followed = (m: Readonly<Model>): MQueue[] => m.queues.filter((q) => q.owner.active && q.follow !== undefined);

export class ApplyEvents extends Command {
  readonly family: Family = 'events';
  constructor(
    readonly queue: number,
    /** Every followed queue rather than one (the check that ends each sequence: the events frame, families.ts). */
    readonly every = false,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return followed(m).length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    for (const q of this.every ? followed(m) : [pick(followed(m), this.queue)]) await this.#compare(m, r, q);
  }

  async #compare(m: Model, r: Real, q: MQueue): Promise<void> {
    const guestWhoLeft = q.owner.role === 600 && m.leavers.has(q.owner.id);
    const templating = (): Templating => ({ templates: templatesOf(r.d.target), uniq: r.d.uniq });
    let differs = false;
    for (const final of [false, true]) {
      if (final && !differs) return;
      if (!(await poll(m, r, q)) || q.follow === undefined) return;
      if (!final) r.stats.follow.compared++;
      const v = `${q.v}_again${m.next(`${q.v}_again`)}`;
      await r.d.call({
        note: `registers again as ${q.owner.key} (${q.follow.client}): the state with queue ${q.v}'s events applied must be this one`,
        as: q.owner.as,
        method: 'POST',
        path: '/api/v1/register',
        params: q.follow.params,
        save: { [v]: 'queue_id' },
        check: (o) => {
          if (o.status !== 200 || typeof o.json !== 'object' || o.json === null) return [];
          const problems = stateProblems(q, o.json as Json, guestWhoLeft, templating(), m.untoldChannels.get(q.owner.id));
          differs = problems.length > 0;
          return final ? problems : [];
        },
      });
      if (r.d.has(v)) await r.d.call({ as: q.owner.as, method: 'DELETE', path: '/api/v1/events', params: { queue_id: `\${${v}}` } });
    }
  }

  toString(): string {
    return this.every ? 'ApplyEvents(every queue)' : `ApplyEvents(${this.queue})`;
  }
}
