// POST /typing, to users or in a channel's topic of the run. Nobody types into a channel
// they cannot see; who hears of it is PollEvents' business (only the recipients, or those
// who may see the channel).
import { cannotPost } from '../access.ts';
import { Command, idRefs, pick, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { TOPICS } from '../narrows.ts';

export class Typing extends Command {
  readonly family: Family = 'typing';
  constructor(
    readonly who: number,
    /** Direct: these users; otherwise the channel at this position. */
    readonly to: number[],
    readonly channel: number | null,
    readonly stop: boolean,
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const op = this.stop ? 'stop' : 'start';
    if (this.channel === null || m.channels.length === 0) {
      await r.d.call({ as: u.as, method: 'POST', path: '/api/v1/typing', params: { op, to: idRefs(this.to.map((i) => m.actor(i))) } });
      return;
    }
    const c = recent(m.channels, this.channel);
    const hidden = cannotPost(u, c);
    await r.d.call({
      ...(hidden ? { note: `${u.key} cannot see ${c.name}` } : {}),
      as: u.as,
      method: 'POST',
      path: '/api/v1/typing',
      params: { op, type: 'stream', stream_id: `\${${c.v}}`, topic: pick(TOPICS, this.channel) },
      ...(hidden ? { expect: { status: { min: 400, max: 499 } } } : {}),
    });
  }

  toString(): string {
    return `Typing(${this.who}, ${this.channel === null ? `[${this.to}]` : `#${this.channel}`}, ${this.stop ? 'stop' : 'start'})`;
  }
}
