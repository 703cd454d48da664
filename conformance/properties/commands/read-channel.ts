// GET /messages of one channel of the run (and perhaps one topic), the whole of it: the
// narrow the model answers exactly, so it gets its own command. The list is exactly the
// messages the reader received, plus, for a channel with shared history they may read,
// all the others (access.ts: inChannelFeed).
import { Command, pick, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { channelNarrow, TOPICS } from '../narrows.ts';
import { FetchMessages } from './fetch-messages.ts';

export class ReadChannel extends Command {
  readonly family: Family = 'messages';
  constructor(
    readonly who: number,
    readonly channel: number,
    /** A topic of TOPICS, or null for the whole channel. */
    readonly topic: number | null,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const c = recent(m.channels, this.channel);
    const narrow = channelNarrow(c, this.topic === null ? undefined : pick(TOPICS, this.topic));
    await FetchMessages.window(m, r, m.around(c, this.who), narrow, 'newest', { num_before: 100, num_after: 0, include_anchor: true });
  }

  toString(): string {
    return `ReadChannel(${this.who}, #${this.channel}${this.topic === null ? '' : `, ${pick(TOPICS, this.topic)}`})`;
  }
}
