// POST /users/me/subscriptions naming a new channel: public, private with shared or
// protected history, or web-public, with the creator or others as its first subscribers.
// The target decides who may create what; once it said yes, the channel is in the model
// (its id from GET /get_stream_id, its creation notices from GET /messages as a first
// subscriber, who received them). Once it said no, no channel of that name exists.
import { Command, idRefs, ok, pick, type Real } from '../command.ts';
import type { Family } from '../families.ts';
import type { MChannel, Model } from '../model.ts';
import { varName } from '../vars.ts';
import { channelNarrow } from '../narrows.ts';
import { observerFor } from '../observers.ts';

export const CHANNEL_KINDS = ['public', 'private, shared history', 'private, protected history', 'web-public'] as const;

export class CreateChannel extends Command {
  readonly family: Family = 'channels';
  constructor(
    readonly who: number,
    readonly kind: number,
    /** Positions of the first subscribers; empty: the creator alone. */
    readonly others: number[],
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const n = m.next('channel');
    const name = `p\${uniq}c${n}`;
    const kind = CHANNEL_KINDS[this.kind % CHANNEL_KINDS.length] as (typeof CHANNEL_KINDS)[number];
    const principals = this.others.map((i) => m.actor(i));
    const invite = kind.startsWith('private');
    const shared = kind !== 'private, protected history';
    const res = await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/users/me/subscriptions',
      params: {
        subscriptions: [{ name, description: `made by ${u.key}` }],
        ...(invite ? { invite_only: true, history_public_to_subscribers: shared } : {}),
        ...(kind === 'web-public' ? { is_web_public: true } : {}),
        ...(principals.length > 0 ? { principals: idRefs(principals) } : {}),
      },
    });
    if (!ok(res)) {
      // Refused: no channel of that name, for anyone who could see one.
      const observer = observerFor(m);
      await r.d.call({
        note: 'a refused creation creates nothing',
        as: observer.as,
        method: 'GET',
        path: '/api/v1/streams',
        params: { include_all: true },
        expect: { status: 200, json_paths: { 'streams[*].name': { $excludes: [name] } } },
      });
      return;
    }
    const subscribers = principals.length > 0 ? [...new Set(principals)] : [u];
    const first = subscribers[0]!;
    const v = varName('channel', n);
    await r.d.call({ as: first.as, method: 'GET', path: '/api/v1/get_stream_id', params: { stream: name }, expect: { status: 200 }, save: { [v]: 'stream_id' } });
    const c: MChannel = {
      v,
      name,
      id: r.d.value(v),
      invite,
      shared,
      webPublic: kind === 'web-public',
      creator: u.id,
      subscribers: new Set(subscribers.map((s) => s.id)),
    };
    m.channels.push(c);
    // Its notices so far ("channel events"): received by the first subscribers.
    const save: Record<string, string> = {};
    const vars = [0, 1, 2].map((i) => {
      const mv = varName('message', m.next('message'));
      save[mv] = `messages[${i}].id`;
      return mv;
    });
    await r.d.call({
      as: first.as,
      method: 'GET',
      path: '/api/v1/messages',
      params: { anchor: 'oldest', num_before: 0, num_after: 3, narrow: channelNarrow(c) },
      expect: { status: 200 },
      save,
    });
    for (const mv of vars) {
      if (!r.d.has(mv)) continue;
      m.messages.push({ v: mv, id: r.d.value(mv), channel: c, topic: 'channel events', sender: -1, receivers: new Set(c.subscribers), deleted: false });
    }
  }

  toString(): string {
    return `CreateChannel(${this.who}, ${pick(CHANNEL_KINDS, this.kind)}, [${this.others}])`;
  }
}
