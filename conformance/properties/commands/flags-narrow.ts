// POST /messages/flags/narrow over one channel of the run, from its oldest message: any
// caller gets a success (a channel they may not read is an empty window, never an error),
// and the counts hold together (updated ≤ processed ≤ the window asked for; the ids null
// exactly when nothing was processed). What changed reaches the acting user only, and
// ApplyEvents holds the unread state the events give to a fresh registration's.
import { Command, pick, recent, type Real } from '../command.ts';
import type { Problem } from '../driver.ts';
import type { Family } from '../family.ts';
import type { Model } from '../model.ts';
import { noFlagEventsFor } from './mark-read.ts';

const FLAGS = ['read', 'starred'] as const;

export class FlagsNarrow extends Command {
  readonly family: Family = 'unread';
  constructor(
    readonly who: number,
    readonly channel: number,
    readonly add: boolean,
    readonly flag: number,
    readonly count: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const c = recent(m.channels, this.channel);
    const flag = pick(FLAGS, this.flag);
    const numAfter = this.count;
    await noFlagEventsFor(m, r, u, async () => {
      await r.d.call({
        note: `${u.key} ${this.add ? 'adds' : 'removes'} ${flag} on the first ${numAfter + 1} of ${c.name}`,
        as: u.as,
        method: 'POST',
        path: '/api/v1/messages/flags/narrow',
        params: { anchor: 'oldest', num_before: 0, num_after: numAfter, narrow: [{ operator: 'channel', operand: `\${${c.v}}` }], op: this.add ? 'add' : 'remove', flag },
        expect: { status: 200 },
        check: (o): Problem[] => {
          if (o.status !== 200 || typeof o.json !== 'object' || o.json === null) return [];
          const j = o.json as Record<string, unknown>;
          const processed = j['processed_count'] as number;
          const updated = j['updated_count'] as number;
          const empty = processed === 0;
          const sane = updated >= 0 && updated <= processed && processed <= numAfter + 1 && (j['first_processed_id'] === null) === empty && (j['last_processed_id'] === null) === empty;
          return sane ? [] : [{ message: `flags/narrow counts do not hold together: ${JSON.stringify(j)}`, expect: { status: 200, json_paths: { processed_count: { $type: 'integer' } } } }];
        },
      });
    });
  }

  toString(): string {
    return `FlagsNarrow(${this.who}, #${this.channel}, ${this.add ? 'add' : 'remove'}, ${pick(FLAGS, this.flag)}, ${this.count})`;
  }
}
