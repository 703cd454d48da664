// PATCH /messages/{id} moving a message of the run, with later ones or its whole topic, to
// another topic and perhaps another channel (zulip/zulip zerver/actions/message_edit.py
// do_update_message, zerver/lib/topic.py update_messages_for_topic_edit). The model moves
// the same messages: those of the topic (topics are case-insensitive) by propagate_mode,
// and between channels only those the mover may see, so that nobody gains a message by
// moving it. Rows follow the real server's rules: subscribers of the old channel who are
// not in the new one lose theirs where they lose access (a private channel; a guest), and
// the subscribers of a channel with protected history get them. Then the mover reads the
// old and the new topic, which the model answers exactly: no message lost, none
// duplicated, none seen that the model says may not be.
import { content, isGuest, maySee } from '../access.ts';
import { Command, MISSING_ID, missingTwin, ok, pick, type Real, recent } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../family.ts';
import type { MChannel, MMessage, Model } from '../model.ts';
import { channelNarrow } from '../narrows.ts';
import { FetchMessages } from './fetch-messages.ts';

/** Target topics: the suite's own (moves merge into them), and a case variant of one. */
export const MOVE_TOPICS = ['alpha', 'Beta', 'gamma', 'beta'] as const;
const MODES = ['change_one', 'change_later', 'change_all'] as const;

/** The messages the moves family edits and moves: channel messages not deleted. */
export const liveChannelMessages = (m: Readonly<Model>) => m.messages.filter((x) => x.channel !== null && !x.deleted);

export class MoveMessages extends Command {
  readonly family: Family = 'moves';
  constructor(
    readonly who: number,
    readonly message: number,
    /** A channel of the run to move to, or null to stay. */
    readonly channel: number | null,
    readonly topic: number,
    readonly mode: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return liveChannelMessages(m).length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const x = recent(liveChannelMessages(m), this.message);
    const from = x.channel as MChannel;
    const u = m.around(from, this.who);
    const to = this.channel === null ? from : recent(m.channels, this.channel);
    const topic = pick(MOVE_TOPICS, this.topic);
    const mode = pick(MODES, this.mode);
    const params: Record<string, unknown> = {
      topic,
      propagate_mode: mode,
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
      ...(to !== from ? { stream_id: `\${${to.v}}` } : {}),
    };
    const call: Call = { as: u.as, method: 'PATCH', path: `/api/v1/messages/\${${x.v}}`, params };
    if (!maySee(u, x)) {
      const expect = await missingTwin(r, call, `/api/v1/messages/${MISSING_ID}`);
      await r.d.call({ ...call, note: `${u.key} may not see ${x.v}: answered as if it did not exist`, expect });
      return;
    }
    const res = await r.d.call({
      ...call,
      // A guest may not move between channels; nobody into a channel they cannot read.
      ...(to !== from && (isGuest(u) || !content(u, to)) ? { note: `${u.key} may not move into ${to.name}`, expect: { status: { min: 400, max: 499 } } } : {}),
    });
    if (ok(res)) this.#apply(m, u.id, x, to, topic, mode);
    // The mover reads where the messages were and where they went: the model's lists exactly.
    if (content(u, from)) await FetchMessages.window(m, r, u, channelNarrow(from, x.topic), 'newest', { num_before: 100, num_after: 0, include_anchor: true });
    if (content(u, to)) await FetchMessages.window(m, r, u, channelNarrow(to, topic), 'newest', { num_before: 100, num_after: 0, include_anchor: true });
  }

  #apply(m: Model, mover: number, x: MMessage, to: MChannel, topic: string, mode: (typeof MODES)[number]): void {
    const from = x.channel as MChannel;
    const same = m.messages.filter((y) => !y.deleted && y.channel === from && y.topic.toLowerCase() === x.topic.toLowerCase());
    let moved = mode === 'change_one' ? [x] : mode === 'change_later' ? same.filter((y) => y.id >= x.id) : same;
    const actor = m.byId(mover);
    if (to !== from && actor !== undefined) moved = moved.filter((y) => y === x || maySee(actor, y));
    for (const y of moved) {
      if (to !== from) {
        for (const id of [...y.receivers]) {
          if (to.subscribers.has(id)) continue;
          // Only those with a subscription to the old channel, now or before, lose rows:
          // a sender who never subscribed keeps theirs.
          if (id === y.sender && !from.subscribers.has(id) && !m.leavers.has(id)) continue;
          const a = m.byId(id);
          if (to.invite || (a !== undefined && isGuest(a))) y.receivers.delete(id);
        }
        if (!to.shared) for (const id of to.subscribers) y.receivers.add(id);
        y.channel = to;
      }
      y.topic = topic;
    }
  }

  toString(): string {
    return `MoveMessages(${this.who}, ${this.message}, ${this.channel === null ? 'same channel' : `#${this.channel}`}, ${pick(MOVE_TOPICS, this.topic)}, ${pick(MODES, this.mode)})`;
  }
}
