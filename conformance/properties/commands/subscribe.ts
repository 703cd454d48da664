// POST /users/me/subscriptions for an existing channel of the run: oneself, or another
// user through principals. Nobody subscribes anyone to a channel they cannot see; once the
// target said yes the user is a subscriber, once it said no nothing changed: the user's
// own subscription list says so, read right after.
import { metadata } from '../access.ts';
import { Command, ok, pick, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { Actor, MChannel, Model } from '../model.ts';

/** Ask `who` for their subscriptions: `c` is among them exactly when the model says so. */
export async function checkSubscribed(r: Real, who: Actor, c: MChannel, note: string): Promise<void> {
  if (!who.active) return;
  const pattern = c.subscribers.has(who.id) ? { $contains: [`\${${c.v}}`] } : { $excludes: [`\${${c.v}}`] };
  await r.d.call({ note, as: who.as, method: 'GET', path: '/api/v1/users/me/subscriptions', expect: { status: 200, json_paths: { 'subscriptions[*].stream_id': pattern } } });
}

export class Subscribe extends Command {
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
    await this.subscribe(m, r, c, m.outside(c, this.target));
  }

  /** `t` subscribed to `c` by one around the channel (or by themselves); the model follows the answer. */
  async subscribe(m: Model, r: Real, c: MChannel, t: Actor): Promise<void> {
    const u = m.around(c, this.who);
    const hidden = !metadata(u, c);
    const res = await r.d.call({
      ...(hidden ? { note: `${u.key} cannot see ${c.name}` } : {}),
      as: u.as,
      method: 'POST',
      path: '/api/v1/users/me/subscriptions',
      params: { subscriptions: [{ name: c.name }], ...(t !== u ? { principals: [t.idRef] } : {}) },
      ...(hidden ? { expect: { status: { min: 400, max: 499 } } } : {}),
    });
    if (ok(res)) c.subscribers.add(t.id);
    await checkSubscribed(r, t, c, ok(res) ? 'subscribed, as the target said' : 'a refused subscription changes nothing');
  }

  toString(): string {
    return `Subscribe(${this.who}, #${this.channel}, ${this.target})`;
  }
}
