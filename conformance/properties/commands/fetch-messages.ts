// GET /messages with a random narrow and anchor, or with message_ids. Every window is
// sorted, bounded and agrees with its found_* flags (invariants.ts); no message the
// viewer may not see is in it (leaks.ts); and for a channel of the run, alone or with a
// topic, over a window wide enough for all of it, the list is exactly what the model
// says: the messages the viewer received, and the channel's history if it is shared and
// they may read the channel.
import { inChannelFeed } from '../access.ts';
import { Command, pick, type Real, recent } from '../command.ts';
import type { Problem } from '../driver.ts';
import type { Family } from '../families.ts';
import { windowProblems, type WindowRequest } from '../invariants.ts';
import { messageLeaks } from '../leaks.ts';
import type { Actor, Model } from '../model.ts';
import { buildNarrow, exactNarrow, type NarrowTerm, type Term } from '../narrows.ts';

const ANCHORS = ['newest', 'oldest', 'first_unread', 'message', 0] as const;
const COUNTS = [0, 1, 3, 100] as const;

export class FetchMessages extends Command {
  readonly family: Family = 'messages';
  constructor(
    readonly who: number,
    readonly terms: Term[],
    readonly anchor: number,
    readonly before: number,
    readonly after: number,
    readonly includeAnchor: boolean,
    /** Ask for the run's messages by id instead of a window. */
    readonly byIds: boolean,
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const narrow = buildNarrow(m, this.terms);
    if (this.byIds) {
      await r.d.call({
        as: u.as,
        method: 'GET',
        path: '/api/v1/messages',
        params: { message_ids: m.messages.map((x) => `\${${x.v}}`), narrow },
        check: (o) => (o.status === 200 ? messageLeaks(m, u, (o.json as { messages?: unknown }).messages, 'messages') : []),
      });
      return;
    }
    let anchor: string | number = pick(ANCHORS, this.anchor);
    if (anchor === 'message') anchor = m.messages.length > 0 ? `\${${recent(m.messages, this.before + this.after).v}}` : 'newest';
    await FetchMessages.window(m, r, u, narrow, anchor, { num_before: pick(COUNTS, this.before), num_after: pick(COUNTS, this.after), include_anchor: this.includeAnchor });
  }

  /** One GET /messages window, held to the invariants, the leak rule and (where it can) the model's exact answer. */
  static async window(m: Model, r: Real, u: Actor, narrow: NarrowTerm[], anchor: string | number, req: Omit<WindowRequest, 'anchor'>): Promise<void> {
    const exact = exactNarrow(m, narrow);
    await r.d.call({
      as: u.as,
      method: 'GET',
      path: '/api/v1/messages',
      params: { anchor, ...req, narrow },
      check: (o) => {
        const window: WindowRequest = { ...req, anchor: typeof anchor === 'string' && anchor.startsWith('$') ? (r.d.expand(anchor) as number) : anchor };
        const problems: Problem[] = [...windowProblems(o, window), ...(o.status === 200 ? messageLeaks(m, u, (o.json as { messages?: unknown }).messages, 'messages') : [])];
        if (problems.length > 0 || o.status !== 200 || exact === undefined) return problems;
        // Exactly the model's messages, when the window holds them all.
        const expected = m.messages
          .filter((x) => x.channel === exact.channel && inChannelFeed(u, x) && (exact.topic === undefined || x.topic.toLowerCase() === exact.topic.toLowerCase()))
          .sort((a, b) => a.id - b.id);
        const wide = (anchor === 'newest' && req.num_before >= expected.length) || (anchor === 'oldest' && req.num_after >= expected.length);
        if (!wide) return [];
        const got = ((o.json as { messages: Array<{ id: number }> }).messages ?? []).map((x) => x.id);
        if (got.join() === expected.map((x) => x.id).join()) return [];
        return [
          {
            message: `${u.key} reads ${exact.channel.name}${exact.topic !== undefined ? ` > ${exact.topic}` : ''}: got [${got}], the model says [${expected.map((x) => `${x.v}=${x.id}`)}]`,
            expect: { status: 200, json_paths: { 'messages[*].id': expected.map((x) => `\${${x.v}}`) } },
          },
        ];
      },
    });
  }

  toString(): string {
    return `FetchMessages(${this.who}, ${JSON.stringify(this.terms)}, ${this.anchor}, ${this.before}, ${this.after}, ${this.includeAnchor}${this.byIds ? ', by ids' : ''})`;
  }
}
