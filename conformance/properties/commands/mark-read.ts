// POST /mark_all_as_read, /mark_stream_as_read and /mark_topic_as_read (zulip/zulip
// zerver/views/message_flags.py) by anyone, on a channel of the run: a channel the user
// may not read is "Invalid channel ID", a topic they have no message in "No such topic".
// Like every flag change it tells the acting user alone.
import { content } from '../access.ts';
import { Command, pick, recent, type Real } from '../command.ts';
import type { Problem } from '../driver.ts';
import type { Family } from '../family.ts';
import type { Actor, Model } from '../model.ts';
import { TOPICS } from '../narrows.ts';
import { poll } from './poll-events.ts';

type Json = Record<string, unknown>;

/**
 * Run `act` with every other user's queues polled just before and just after: no
 * update_message_flags event may reach them in between (do_update_message_flags and the
 * mark-as-read actions send to [user_profile.id] only).
 */
export async function noFlagEventsFor(m: Model, r: Real, u: Actor, act: () => Promise<void>): Promise<void> {
  const others = m.queues.filter((q) => q.owner.id !== u.id);
  for (const q of others) await poll(m, r, q);
  await act();
  for (const q of others) {
    await poll(m, r, q, (events: Json[]): Problem[] =>
      events
        .filter((e) => e['type'] === 'update_message_flags')
        .map((e) => ({
          message: `${q.owner.key}'s queue ${q.v} got a flag event of ${u.key}'s: ${JSON.stringify(e).slice(0, 200)}`,
          expect: { status: 200, json_paths: { 'events[*].type': { $excludes: ['update_message_flags'] } } },
        })),
    );
  }
}

const KINDS = ['all', 'channel', 'topic'] as const;

export class MarkRead extends Command {
  readonly family: Family = 'unread';
  constructor(
    readonly who: number,
    readonly kind: number,
    readonly channel: number,
    readonly topic: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return pick(KINDS, this.kind) === 'all' || m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const kind = pick(KINDS, this.kind);
    await noFlagEventsFor(m, r, u, async () => {
      if (kind === 'all') {
        await r.d.call({ as: u.as, method: 'POST', path: '/api/v1/mark_all_as_read', expect: { status: 200, result: 'success' } });
        return;
      }
      const c = recent(m.channels, this.channel);
      // access_stream_by_id: content access to the channel.
      const reachable = content(u, c);
      if (kind === 'channel') {
        await r.d.call({
          as: u.as,
          method: 'POST',
          path: '/api/v1/mark_stream_as_read',
          params: { stream_id: `\${${c.v}}` },
          expect: reachable ? { status: 200 } : { status: 400, msg: 'Invalid channel ID' },
        });
        return;
      }
      const topic = pick(TOPICS, this.topic);
      const has = m.messages.some((x) => !x.deleted && x.channel === c && x.receivers.has(u.id) && x.topic.toLowerCase() === topic.toLowerCase());
      await r.d.call({
        as: u.as,
        method: 'POST',
        path: '/api/v1/mark_topic_as_read',
        params: { stream_id: `\${${c.v}}`, topic_name: topic },
        expect: !reachable ? { status: 400, msg: 'Invalid channel ID' } : has ? { status: 200 } : { status: 400, msg: `No such topic '${topic}'` },
      });
    });
  }

  toString(): string {
    return `MarkRead(${this.who}, ${pick(KINDS, this.kind)}, #${this.channel}, ${pick(TOPICS, this.topic)})`;
  }
}
