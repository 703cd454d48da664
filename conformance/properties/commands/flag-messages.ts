// POST /messages/flags on messages of the run: read, starred or collapsed, added or
// removed, by anyone. The answer follows do_update_message_flags (zulip/zulip
// zerver/actions/message_flags.py): a message without the user's row counts as read and
// historical, so only a change away from that needs access to it ("Invalid message(s)"
// otherwise) and makes the user a historical row; marking unread skips channels the user
// is not subscribed to. The flag event goes to the acting user alone (others' queues are
// polled before and after: nothing of it may reach them); ApplyEvents holds the unread
// state the events give to what a fresh registration says.
import { maySee } from '../access.ts';
import { Command, pick, recent, type Real } from '../command.ts';
import type { Family } from '../family.ts';
import type { MMessage, Model } from '../model.ts';
import { noFlagEventsFor } from './mark-read.ts';

const FLAGS = ['read', 'starred', 'collapsed'] as const;

export class FlagMessages extends Command {
  readonly family: Family = 'unread';
  constructor(
    readonly who: number,
    readonly picks: number[],
    readonly add: boolean,
    readonly flag: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.messages.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const flag = pick(FLAGS, this.flag);
    const messages = [...new Set(this.picks.map((n) => recent(m.messages, n)))];
    // Without a row a message is read and historical: only these changes need one.
    const needsRow = this.add ? flag !== 'read' : flag === 'read';
    const subscribed = (x: MMessage) => x.channel === null || x.deleted || x.channel.subscribers.has(u.id);
    const considered = flag === 'read' && !this.add ? messages.filter(subscribed) : messages;
    const missing = considered.filter((x) => !x.receivers.has(u.id) || x.deleted);
    const refused = needsRow && missing.some((x) => !maySee(u, x));
    await noFlagEventsFor(m, r, u, async () => {
      const res = await r.d.call({
        note: `${u.key} ${this.add ? 'adds' : 'removes'} ${flag} on ${messages.map((x) => x.v).join(', ')}`,
        as: u.as,
        method: 'POST',
        path: '/api/v1/messages/flags',
        params: { messages: messages.map((x) => `\${${x.v}}`), op: this.add ? 'add' : 'remove', flag },
        expect: refused ? { status: 400, msg: 'Invalid message(s)' } : { status: 200, json_paths: { messages: messages.map((x) => `\${${x.v}}`) } },
      });
      if (res.status === 200 && needsRow) for (const x of missing) if (!x.deleted) x.receivers.add(u.id);
    });
  }

  toString(): string {
    return `FlagMessages(${this.who}, [${this.picks}], ${this.add ? 'add' : 'remove'}, ${pick(FLAGS, this.flag)})`;
  }
}
