// Administrative changes to the run's channels (PATCH /streams/{id}: a rename, a privacy
// change, a new can_administer_channel_group), and what a user can then read of one
// channel (GET /streams/{id}, its members, a subscription status). The property: no
// administrative change lets a user see a channel, a message or a subscriber list they
// could not see before, unless the change grants it. The model (access.ts) applies only
// the changes the target accepted, after predicting whether it must accept them
// (zulip/zulip zerver/lib/streams.py check_stream_access_for_delete_or_update_requiring_metadata_access,
// zerver/views/streams.py update_stream_backend); the checks here and in the other families
// (channel lists, topics, message feeds, event queues) then hold the target to it.
import { channelAdministrators, content, isAdmin, isGuest, metadata } from '../access.ts';
import { Command, missingTwin, ok, pick, type Real, recent } from '../command.ts';
import type { Family } from '../family.ts';
import type { Actor, MChannel, Model } from '../model.ts';
import { channelNarrow } from '../narrows.ts';
import { varName } from '../vars.ts';

export const ADMIN_CHANGES = ['rename', 'make private, shared history', 'make private, protected history', 'make public', 'administrators'] as const;

const ref = (v: string) => `\${${v}}`;

/** May `u` change `c` at all (an administrator, or in its can_administer_channel_group)? */
function administers(u: Actor, c: MChannel): boolean {
  return !isGuest(u) && (isAdmin(u) || channelAdministrators(c).has(u.id));
}

export class AdminChange extends Command {
  readonly family: Family = 'channel-admin';
  constructor(
    readonly who: number,
    readonly channel: number,
    readonly change: number,
    /** For 'administrators': whom to put in the group with the actor (or alone). */
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
    const change = pick(ADMIN_CHANGES, this.change);
    let params: Record<string, unknown>;
    let apply: () => void;
    let mayAccept = administers(u, c);
    let refusal: string | undefined = mayAccept ? undefined : content(u, c) ? 'You do not have permission to administer this channel.' : undefined;
    if (change === 'rename') {
      const name = `${c.name.replace(/r\d+$/, '')}r${m.next('rename')}`;
      params = { new_name: name };
      apply = () => (c.name = name);
    } else if (change === 'administrators') {
      const t = m.actor(this.target);
      const ids = [...new Set(this.target % 2 === 0 ? [t.id, u.id] : [t.id])];
      const actors = ids.map((id) => m.byId(id) as Actor);
      params = { can_administer_channel_group: { new: { direct_members: actors.map((a) => a.idRef), direct_subgroups: [] } } };
      apply = () => (c.administrators = new Set(ids));
    } else {
      const makePrivate = change !== 'make public';
      const shared = change !== 'make private, protected history';
      params = makePrivate ? { is_private: true, history_public_to_subscribers: shared } : { is_private: false };
      apply = () => {
        c.invite = makePrivate;
        c.shared = makePrivate ? shared : true;
      };
      if (mayAccept && makePrivate && c.webPublic) {
        mayAccept = false;
        refusal = 'Invalid parameters';
      } else if (mayAccept && !content(u, c)) {
        mayAccept = false;
        refusal = 'Channel content access is required.';
      }
    }
    const call = { as: u.as, method: 'PATCH' as const, path: `/api/v1/streams/${ref(c.v)}`, params };
    if (!mayAccept && refusal === undefined) {
      // Not even visible to them as a channel to administer: answered as for no channel.
      const expect = await missingTwin(r, call, '/api/v1/streams/999999999');
      await r.d.call({ ...call, note: `${u.key} cannot see ${c.name}: answered as for no channel`, expect });
      return;
    }
    const res = await r.d.call({
      ...call,
      note: `${u.key} ${mayAccept ? 'may' : 'may not'} change ${c.name} (${change})`,
      expect: mayAccept ? { status: 200, result: 'success' } : { status: 400, result: 'error', msg: refusal as string },
    });
    if (!ok(res)) return;
    const saw = m.actors.filter((a) => metadata(a, c));
    const wasWebPublic = c.webPublic;
    apply();
    // What the real server does not tell (reference/testing/applier/compare.ts): who no longer
    // sees a channel made private, and guests who see a web-public channel unsubscribed.
    const untold = (a: Actor) => {
      let set = m.untoldChannels.get(a.id);
      if (set === undefined) m.untoldChannels.set(a.id, (set = new Set()));
      set.add(c.id);
    };
    for (const a of saw) {
      if (change.startsWith('make private') && !metadata(a, c)) untold(a);
      if (wasWebPublic && isGuest(a) && !c.subscribers.has(a.id)) untold(a);
    }
    // A rename or a privacy change posts Notification Bot's notice to the channel's subscribers.
    if (change !== 'administrators') await recordNotice(m, r, c);
  }

  toString(): string {
    return `AdminChange(${this.who}, #${this.channel}, ${pick(ADMIN_CHANGES, this.change)}, ${this.target})`;
  }
}

/** The notice just posted in "channel events", into the model: received by the channel's subscribers. */
async function recordNotice(m: Model, r: Real, c: MChannel): Promise<void> {
  const reader = [...c.subscribers].map((id) => m.byId(id)).find((a): a is Actor => a?.active === true);
  if (reader === undefined) return;
  const mv = varName('message', m.next('message'));
  await r.d.call({
    note: "Notification Bot's notice",
    as: reader.as,
    method: 'GET',
    path: '/api/v1/messages',
    params: { anchor: 'newest', num_before: 1, num_after: 0, narrow: [...channelNarrow(c), { operator: 'topic', operand: 'channel events' }] },
    expect: { status: 200 },
    save: { [mv]: 'messages[0].id' },
  });
  if (!r.d.has(mv)) return;
  const id = r.d.value(mv);
  if (m.messageById(id) !== undefined) return;
  m.messages.push({ v: mv, id, channel: c, topic: 'channel events', sender: -1, receivers: new Set(c.subscribers), deleted: false });
}

/**
 * One channel as a user reads it: GET /streams/{id}, /streams/{id}/members and their own
 * subscription status answer exactly where the model gives them metadata access (with
 * the channel's privacy and exactly its active subscribers), and elsewhere exactly as for
 * a channel that does not exist.
 */
export class CheckChannelViews extends Command {
  readonly family: Family = 'channel-admin';
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
    const c = recent(m.channels, this.channel);
    const u = m.actor(this.who);
    const paths = [`/api/v1/streams/${ref(c.v)}`, `/api/v1/streams/${ref(c.v)}/members`, `/api/v1/users/${u.idRef}/subscriptions/${ref(c.v)}`];
    if (!metadata(u, c)) {
      for (const path of paths) {
        const call = { as: u.as, method: 'GET' as const, path };
        const expect = await missingTwin(r, call, path.replace(ref(c.v), '999999999'));
        await r.d.call({ ...call, note: `${u.key} may not see ${c.name}: answered as for no channel`, expect });
      }
      return;
    }
    const active = [...c.subscribers].map((id) => m.byId(id)).filter((a): a is Actor => a?.active === true);
    await r.d.call({
      as: u.as,
      method: 'GET',
      path: paths[0] as string,
      expect: { status: 200, json_paths: { 'stream.stream_id': ref(c.v), 'stream.invite_only': c.invite, 'stream.history_public_to_subscribers': c.shared } },
    });
    await r.d.call({ as: u.as, method: 'GET', path: paths[1] as string, expect: { status: 200, json_paths: { subscribers: { $unordered: active.map((a) => a.idRef) } } } });
    await r.d.call({ as: u.as, method: 'GET', path: paths[2] as string, expect: { status: 200, json_paths: { is_subscribed: c.subscribers.has(u.id) } } });
  }

  toString(): string {
    return `CheckChannelViews(${this.who}, #${this.channel})`;
  }
}
