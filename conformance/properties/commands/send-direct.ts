// POST /messages to one or more users (a direct message). One the target accepted is
// received by its recipients and kept by its sender, and by nobody else.
import { Command, idRefs, ok, pick, type Real } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { WORDS } from '../narrows.ts';
import { varName } from '../vars.ts';

export class SendDirect extends Command {
  readonly family: Family = 'messages';
  constructor(
    readonly who: number,
    readonly to: number[],
    readonly word: number,
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const to = this.to.map((i) => m.anyActor(i));
    const v = varName('message', m.next('message'));
    const res = await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/messages',
      params: { type: 'direct', to: idRefs(to), content: `${pick(WORDS, this.word)} privately` },
      save: { [v]: 'id' },
    });
    if (!ok(res)) return;
    m.messages.push({ v, id: r.d.value(v), channel: null, topic: '', sender: u.id, receivers: new Set([u.id, ...to.map((t) => t.id)]), deleted: false });
  }

  toString(): string {
    return `SendDirect(${this.who}, [${this.to}], ${this.word})`;
  }
}
