// DELETE /users/me/subscriptions for a channel of the run: oneself, or another user
// through principals. An answer of success says which were removed and which were not
// subscribed, as the model knows; once removed, the user is no subscriber; a refusal
// changes nothing (the user's subscription list, read right after, says so).
import { Command, ok, pick, type Real, recent } from '../command.ts';
import type { Family } from '../family.ts';
import type { Model } from '../model.ts';
import { checkSubscribed } from './subscribe.ts';

export class Unsubscribe extends Command {
  readonly family: Family = 'channels';
  constructor(
    readonly who: number,
    readonly channel: number,
    readonly target: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const c = recent(m.channels, this.channel);
    const u = m.around(c, this.who);
    const t = m.around(c, this.target);
    const was = c.subscribers.has(t.id);
    const res = await r.d.call({
      as: u.as,
      method: 'DELETE',
      path: '/api/v1/users/me/subscriptions',
      params: { subscriptions: [c.name], ...(t !== u ? { principals: [t.idRef] } : {}) },
      check: (o) => {
        if (!ok(o)) return [];
        const removed = (o.json as { removed?: unknown }).removed;
        if (Array.isArray(removed) && removed.length > 0 !== was) {
          const pattern = was ? [c.name] : [];
          return [{ message: `${t.key} was ${was ? '' : 'not '}subscribed to ${c.name}, yet "removed" is ${JSON.stringify(removed)}`, expect: { status: 200, json_subset: { removed: pattern } } }];
        }
        return [];
      },
    });
    if (ok(res)) c.subscribers.delete(t.id);
    if (ok(res) && was) m.leavers.add(t.id);
    await checkSubscribed(r, t, c, ok(res) ? 'unsubscribed, as the target said' : 'a refused unsubscription changes nothing');
  }

  toString(): string {
    return `Unsubscribe(${this.who}, #${this.channel}, ${this.target})`;
  }
}
