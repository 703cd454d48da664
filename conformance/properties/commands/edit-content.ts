// PATCH /messages/{id} with new content: only the sender may (zulip/zulip
// zerver/actions/message_edit.py validate_user_can_edit_message); the full-text search
// then finds the message by its new word and no longer by the word it replaced.
import { content, maySee } from '../access.ts';
import { Command, MISSING_ID, missingTwin, ok, type Real, recent } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../family.ts';
import type { MChannel, Model } from '../model.ts';
import { channelNarrow } from '../narrows.ts';
import { liveChannelMessages } from './move-messages.ts';

/** The word each message of a run was last edited to (the model's records keep no content). */
const EDITED = new WeakMap<Model, Map<number, string>>();

export class EditContent extends Command {
  readonly family: Family = 'moves';
  constructor(
    readonly who: number,
    readonly message: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return liveChannelMessages(m).length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const x = recent(liveChannelMessages(m), this.message);
    const c = x.channel as MChannel;
    // Mostly the sender; now and then someone else, who is refused.
    const u = this.who % 3 === 0 ? m.around(c, this.who) : (m.byId(x.sender) ?? m.around(c, this.who));
    let edited = EDITED.get(m);
    if (edited === undefined) EDITED.set(m, (edited = new Map()));
    const word = `edit${m.next('edit')}z${x.id}`;
    const call: Call = { as: u.as, method: 'PATCH', path: `/api/v1/messages/\${${x.v}}`, params: { content: `now ${word}` } };
    if (!maySee(u, x)) {
      const expect = await missingTwin(r, call, `/api/v1/messages/${MISSING_ID}`);
      await r.d.call({ ...call, note: `${u.key} may not see ${x.v}: answered as if it did not exist`, expect });
      return;
    }
    const res = await r.d.call({
      ...call,
      ...(u.id !== x.sender ? { note: 'only the sender edits content', expect: { status: 400, msg: "You don't have permission to edit this message" } } : {}),
    });
    if (!ok(res)) return;
    const old = edited.get(x.id);
    edited.set(x.id, word);
    if (!content(u, c)) return;
    const search = (w: string) => [...channelNarrow(c), { operator: 'search', operand: w }];
    await r.d.call({
      note: 'search finds the new words',
      as: u.as,
      method: 'GET',
      path: '/api/v1/messages',
      params: { anchor: 'newest', num_before: 10, num_after: 0, narrow: search(word) },
      expect: { status: 200, json_paths: { 'messages[*].id': [`\${${x.v}}`] } },
    });
    if (old !== undefined) {
      await r.d.call({
        note: 'search no longer finds the old words',
        as: u.as,
        method: 'GET',
        path: '/api/v1/messages',
        params: { anchor: 'newest', num_before: 10, num_after: 0, narrow: search(old) },
        expect: { status: 200, len: { messages: 0 } },
      });
    }
  }

  toString(): string {
    return `EditContent(${this.who}, ${this.message})`;
  }
}
