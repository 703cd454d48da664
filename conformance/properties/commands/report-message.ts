// POST /messages/{id}/report of a message of the run: one the caller may not see gets
// exactly the answer of a message that does not exist (a report cannot tell them it is
// there). Others may be accepted or refused as the organization's settings say.
import { maySee } from '../access.ts';
import { Command, MISSING_ID, missingTwin, pick, type Real, recent } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';

const TYPES = ['spam', 'harassment', 'inappropriate', 'norms', 'other'] as const;

export class ReportMessage extends Command {
  readonly family: Family = 'messages';
  constructor(
    readonly who: number,
    readonly message: number,
    readonly type: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.messages.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const x = recent(m.messages, this.message);
    const type = pick(TYPES, this.type);
    const call: Call = {
      as: u.as,
      method: 'POST',
      path: `/api/v1/messages/\${${x.v}}/report`,
      params: { report_type: type, ...(type === 'other' ? { description: 'reported by the property suite' } : {}) },
    };
    if (maySee(u, x)) {
      await r.d.call(call);
      return;
    }
    const expect = await missingTwin(r, call, `/api/v1/messages/${MISSING_ID}/report`);
    await r.d.call({ ...call, note: `${u.key} may not see ${x.v}: answered as if it did not exist`, expect });
  }

  toString(): string {
    return `ReportMessage(${this.who}, ${this.message}, ${pick(TYPES, this.type)})`;
  }
}
