// Emoji reactions on the run's messages (POST / DELETE /messages/{id}/reactions): a user
// who may not see the message gets exactly the answer of a message that does not exist;
// one who may see it adds a reaction once (a second is REACTION_ALREADY_EXISTS) and removes
// only their own (else REACTION_DOES_NOT_EXIST). Reacting to a channel message one never
// received gives one a (historical) row of it, so the message joins one's feed and its
// later events reach one. CheckReactions holds the fetched message to the reactions made.
// That no reaction event reaches a queue whose owner cannot see the message is PollEvents'
// check (poll-events.ts: every event naming a message_id).
import { maySee } from '../access.ts';
import { Command, MISSING_ID, missingTwin, ok, pick, type Real, recent } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../family.ts';
import type { MMessage, Model } from '../model.ts';
import { channelNarrow } from '../narrows.ts';
import { PollEvents } from './poll-events.ts';
import { RegisterQueue } from './register-queue.ts';

/** Names every server's table has, each its own emoji (zerver/tests/test_reactions.py uses them). */
const EMOJI = ['octopus', 'tada', '+1', 'heart', 'smile'] as const;

interface MReaction {
  user: number;
  userRef: string;
  name: string;
}

/** The reactions the run made on each message, in the order made. */
const REACTIONS = new WeakMap<MMessage, MReaction[]>();
function reactionsOf(x: MMessage): MReaction[] {
  let list = REACTIONS.get(x);
  if (list === undefined) REACTIONS.set(x, (list = []));
  return list;
}

export class React extends Command {
  readonly family: Family = 'reactions';
  constructor(
    readonly who: number,
    readonly message: number,
    readonly emoji: number,
    readonly remove: boolean,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.messages.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const x = recent(m.messages, this.message);
    const name = pick(EMOJI, this.emoji);
    const call: Call = { as: u.as, method: this.remove ? 'DELETE' : 'POST', path: `/api/v1/messages/\${${x.v}}/reactions`, params: { emoji_name: name } };
    if (!maySee(u, x)) {
      const expect = await missingTwin(r, call, `/api/v1/messages/${MISSING_ID}/reactions`);
      await r.d.call({ ...call, note: `${u.key} may not see ${x.v}: answered as if it did not exist`, expect });
      return;
    }
    const list = reactionsOf(x);
    const at = list.findIndex((e) => e.user === u.id && e.name === name);
    if (this.remove) {
      const expect = at >= 0 ? { status: 200 } : { status: 400, code: 'REACTION_DOES_NOT_EXIST' };
      const res = await r.d.call({ ...call, note: at >= 0 ? `${u.key} removes their ${name}` : `${u.key} has no ${name} on ${x.v}`, expect });
      if (ok(res) && at >= 0) list.splice(at, 1);
      return;
    }
    const expect = at >= 0 ? { status: 400, code: 'REACTION_ALREADY_EXISTS' } : { status: 200 };
    const res = await r.d.call({ ...call, note: at >= 0 ? `${u.key} already reacted ${name} to ${x.v}` : `${u.key} reacts ${name}`, expect });
    if (!ok(res) || at >= 0) return;
    list.push({ user: u.id, userRef: u.idRef, name });
    // create_historical_user_messages: the reacting user now has the message.
    if (x.channel !== null) x.receivers.add(u.id);
  }

  toString(): string {
    return `React(${this.who}, ${this.message}, ${pick(EMOJI, this.emoji)}${this.remove ? ', remove' : ''})`;
  }
}

export class CheckReactions extends Command {
  readonly family: Family = 'reactions';
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
    if (!maySee(u, x)) return;
    await r.d.call({
      note: `${x.v} shows the reactions made on it, in order`,
      as: u.as,
      method: 'GET',
      path: '/api/v1/messages',
      // With the channel in the narrow: without one, only the caller's rows are searched.
      params: { message_ids: [`\${${x.v}}`], ...(x.channel !== null ? { narrow: channelNarrow(x.channel) } : {}) },
      expect: { status: 200, json_paths: { 'messages[*].reactions': [reactionsOf(x).map((e) => ({ user_id: e.userRef, emoji_name: e.name }))] } },
    });
  }

  toString(): string {
    return `CheckReactions(${this.who}, ${this.message})`;
  }
}

/** The events family's queue commands, counted (and a failure reported) as this family's when it runs them. */
export class ReactionQueue extends RegisterQueue {
  override readonly family: Family = 'reactions';
}
export class ReactionPoll extends PollEvents {
  override readonly family: Family = 'reactions';
}
