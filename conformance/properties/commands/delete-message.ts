// DELETE /messages/{id} of a message of the run. A message the caller may not see gets
// exactly the answer of a message that does not exist; a deleted message is gone for
// everyone (later fetches hold the model to it); a refusal leaves it where it was.
import { maySee } from '../access.ts';
import { Command, MISSING_ID, missingTwin, ok, pick, type Real, recent } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { channelNarrow } from '../narrows.ts';

export class DeleteMessage extends Command {
  readonly family: Family = 'messages';
  constructor(
    readonly who: number,
    readonly message: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.messages.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const x = recent(m.messages, this.message);
    const call: Call = { as: u.as, method: 'DELETE', path: `/api/v1/messages/\${${x.v}}` };
    if (!maySee(u, x)) {
      const expect = await missingTwin(r, call, `/api/v1/messages/${MISSING_ID}`);
      await r.d.call({ ...call, note: `${u.key} may not see ${x.v}: answered as if it did not exist`, expect });
      return;
    }
    const res = await r.d.call(call);
    if (ok(res)) {
      x.deleted = true;
      return;
    }
    await r.d.call({
      note: 'a refused deletion deletes nothing',
      as: u.as,
      method: 'GET',
      path: '/api/v1/messages',
      // With the channel in the narrow: without one, only messages with the caller's
      // UserMessage row are searched (zerver/lib/narrow.py: ok_to_include_history).
      params: { message_ids: [`\${${x.v}}`], ...(x.channel !== null ? { narrow: channelNarrow(x.channel) } : {}) },
      expect: { status: 200, json_paths: { 'messages[*].id': [`\${${x.v}}`] } },
    });
  }

  toString(): string {
    return `DeleteMessage(${this.who}, ${this.message})`;
  }
}
