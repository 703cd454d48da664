// POST /messages to a channel of the run. Nobody posts to a channel they cannot see; a
// message the target accepted is received by the channel's subscribers and kept by its
// sender (the model's UserMessage rows).
import { cannotPost } from '../access.ts';
import { Command, ok, pick, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { TOPICS, WORDS } from '../narrows.ts';
import { varName } from '../vars.ts';

export class SendChannel extends Command {
  readonly family: Family = 'messages';
  constructor(
    readonly who: number,
    readonly channel: number,
    readonly topic: number,
    readonly word: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const c = recent(m.channels, this.channel);
    const u = m.around(c, this.who);
    const topic = pick(TOPICS, this.topic);
    const v = varName('message', m.next('message'));
    const hidden = cannotPost(u, c);
    const res = await r.d.call({
      ...(hidden ? { note: `${u.key} cannot see ${c.name}` } : {}),
      as: u.as,
      method: 'POST',
      path: '/api/v1/messages',
      params: { type: 'stream', to: `\${${c.v}}`, topic, content: `${pick(WORDS, this.word)} from ${u.key}` },
      save: { [v]: 'id' },
      ...(hidden ? { expect: { status: { min: 400, max: 499 } } } : {}),
    });
    if (!ok(res)) return;
    m.messages.push({ v, id: r.d.value(v), channel: c, topic, sender: u.id, receivers: new Set([...c.subscribers, u.id]), deleted: false });
  }

  toString(): string {
    return `SendChannel(${this.who}, #${this.channel}, ${this.topic}, ${this.word})`;
  }
}
