// A user joins a channel of the run (subscribed by a subscriber, or by themselves) and
// reads it at once: what a newcomer sees is where history rules show — all of a channel
// with shared history, and of one with protected history nothing sent before they joined.
import { Command, recent, type Real } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { channelNarrow } from '../narrows.ts';
import { FetchMessages } from './fetch-messages.ts';
import { Subscribe } from './subscribe.ts';

export class JoinAndRead extends Command {
  readonly family: Family = 'channels';
  constructor(
    readonly who: number,
    readonly channel: number,
    readonly newcomer: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const c = recent(m.channels, this.channel);
    const t = m.outside(c, this.newcomer);
    await new Subscribe(this.who, this.channel, this.newcomer).subscribe(m, r, c, t);
    await FetchMessages.window(m, r, t, channelNarrow(c), 'newest', { num_before: 100, num_after: 0, include_anchor: true });
  }

  toString(): string {
    return `JoinAndRead(${this.who}, #${this.channel}, ${this.newcomer})`;
  }
}
