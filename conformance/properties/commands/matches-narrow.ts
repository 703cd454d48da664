// GET /messages/matches_narrow with messages of the run and a random narrow: it speaks
// only of messages the caller received (zerver/views/message_fetch.py:
// messages_in_narrow_backend looks at the caller's UserMessage rows), never of others.
import { Command, pick, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { buildNarrow, type Term } from '../narrows.ts';

export class MatchesNarrow extends Command {
  readonly family: Family = 'messages';
  constructor(
    readonly who: number,
    readonly picks: number[],
    readonly terms: Term[],
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.messages.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const asked = [...new Set(this.picks.map((i) => recent(m.messages, i)))];
    await r.d.call({
      as: u.as,
      method: 'GET',
      path: '/api/v1/messages/matches_narrow',
      params: { msg_ids: asked.map((x) => `\${${x.v}}`), narrow: buildNarrow(m, this.terms) },
      check: (o) => {
        const found = (o.json as { messages?: unknown } | undefined)?.messages;
        if (o.status !== 200 || typeof found !== 'object' || found === null) return [];
        return asked
          .filter((x) => String(x.id) in found && (x.deleted || !x.receivers.has(u.id)))
          .map((x) => ({
            message: `matches_narrow told ${u.key} of ${x.v} (${x.id}), which they did not receive${x.deleted ? ' (deleted)' : ''}`,
            expect: { status: 200, absent: [`messages["\${${x.v}}"]`] },
          }));
      },
    });
  }

  toString(): string {
    return `MatchesNarrow(${this.who}, [${this.picks}], ${JSON.stringify(this.terms)})`;
  }
}
