// What a user can ask about channels, held to the model: GET /users/me/subscriptions
// lists exactly their channels of the run, each with exactly its (active) subscribers;
// GET /streams?include_all lists exactly the run's channels they have metadata access to
// and no other; GET /users/me/{id}/topics answers for a channel they cannot read exactly as
// for one that does not exist, and otherwise names no topic they cannot read.
import { content, maySee, metadata } from '../access.ts';
import { Command, MISSING_ID, missingTwin, pick, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';

export class CheckChannels extends Command {
  readonly family: Family = 'channels';
  constructor(
    readonly who: number,
    readonly channel: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const ref = (v: string) => `\${${v}}`;
    const mine = m.channels.filter((c) => c.subscribers.has(u.id));
    const others = m.channels.filter((c) => !c.subscribers.has(u.id));
    const subscriptions: Record<string, unknown> = {
      'subscriptions[*].stream_id': { $contains: mine.map((c) => ref(c.v)) },
      'subscriptions[*]': { $excludes: others.map((c) => ({ stream_id: ref(c.v) })) },
    };
    for (const c of mine) {
      const active = [...c.subscribers].map((id) => m.byId(id)).filter((a) => a?.active === true);
      subscriptions[`subscriptions[?stream_id=${ref(c.v)}].subscribers`] = [{ $unordered: active.map((a) => a!.idRef) }];
    }
    await r.d.call({ as: u.as, method: 'GET', path: '/api/v1/users/me/subscriptions', params: { include_subscribers: true }, expect: { status: 200, json_paths: subscriptions } });

    const seen = m.channels.filter((c) => metadata(u, c));
    const hidden = m.channels.filter((c) => !metadata(u, c));
    await r.d.call({
      as: u.as,
      method: 'GET',
      path: '/api/v1/streams',
      params: { include_all: true },
      expect: {
        status: 200,
        json_paths: { 'streams[*].stream_id': { $contains: seen.map((c) => ref(c.v)) }, 'streams[*]': { $excludes: hidden.map((c) => ({ stream_id: ref(c.v) })) } },
      },
    });

    const c = recent(m.channels, this.channel);
    const call = { as: u.as, method: 'GET' as const, path: `/api/v1/users/me/${ref(c.v)}/topics` };
    if (!content(u, c)) {
      const expect = await missingTwin(r, call, `/api/v1/users/me/${MISSING_ID}/topics`);
      await r.d.call({ ...call, note: `${u.key} cannot read ${c.name}: answered as for no channel`, expect });
      return;
    }
    const inChannel = m.messages.filter((x) => x.channel === c && !x.deleted);
    const readable = new Set(inChannel.filter((x) => maySee(u, x)).map((x) => x.topic.toLowerCase()));
    const unreadable = [...new Set(inChannel.map((x) => x.topic.toLowerCase()))].filter((t) => !readable.has(t));
    await r.d.call({
      ...call,
      check: (o) => {
        if (o.status !== 200) return [];
        const names = ((o.json as { topics?: Array<{ name?: unknown }> }).topics ?? []).map((t) => String(t.name));
        const leaked = names.filter((t) => unreadable.includes(t.toLowerCase()));
        return leaked.length === 0
          ? []
          : [{ message: `${u.key} was told of topics ${leaked.join(', ')} of ${c.name}, which they cannot read`, expect: { status: 200, json_paths: { 'topics[*].name': { $excludes: leaked } } } }];
      },
    });
  }

  toString(): string {
    return `CheckChannels(${this.who}, #${this.channel})`;
  }
}
