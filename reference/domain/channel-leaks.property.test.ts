// No endpoint tells a user about a private channel they have no metadata access to: not
// its name, its id, its subscribers, its topics or its messages. Random sequences of
// channel creations (public or private, shared or protected history), subscriptions,
// unsubscriptions and messages by the fixture characters run against the reference;
// after any step a user may check everything they can ask:
//   GET /streams with every combination of its nine flags, GET /users/me/subscriptions
//   with subscribers, GET /users/me/{id}/topics for every channel, and the errors of
//   POST /users/me/subscriptions, DELETE /users/me/subscriptions and PATCH of a
//   subscription setting aimed at each hidden channel (which must also change nothing).
// The oracle is the small model below, written from the access rules (zerver/lib/streams.py: check_basic_stream_access, has_metadata_access_to_channel) and the
// fixture's JSON, never from reference/ code. Channels here have default settings, so the
// only group-granted access is the creator's: can_administer_channel_group defaults to
// an anonymous group of the creator, which grants metadata access and nothing more.
// The seed is fixed; a failure prints it with the shrunk command path for replay.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import realm from '../../fixtures/realm.json' with { type: 'json' };
import { createReference, type Reference } from '../index.ts';

// Fixed, so that every run checks the same sequences; LEAK_SEED and LEAK_RUNS explore others.
const SEED = Number(process.env['LEAK_SEED'] ?? 20_260_115);
const RUNS = Number(process.env['LEAK_RUNS'] ?? 40);

// ---- the model --------------------------------------------------------------------

interface MUser {
  id: number;
  email: string;
  role: number;
  botOwner: number | null;
}
interface MMessage {
  /** Sending order; the real id when known. */
  seq: number;
  realId: number | null;
  topic: string;
  content: string;
  receivers: Set<number>;
}
interface MChannel {
  id: number;
  name: string;
  invite: boolean;
  shared: boolean;
  webPublic: boolean;
  creator: number | null;
  subscribers: Set<number>;
  messages: MMessage[];
  /** Created by this run: its topics and contents are unique strings we can search for. */
  generated: boolean;
}

const ROLES: Record<string, number> = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 };

class Model {
  users: MUser[];
  channels: MChannel[];
  seq = 0;
  created = 0;
  constructor() {
    type FixtureUser = { user_id: number; email: string; role?: string; bot_type?: number | null; bot_owner_id?: number | null; is_system_bot?: boolean };
    // Incoming-webhook bots may only call webhook endpoints; system bots live in another realm.
    this.users = (realm.users as FixtureUser[])
      .filter((u) => !u.is_system_bot && u.bot_type !== 2)
      .map((u) => ({ id: u.user_id, email: u.email, role: ROLES[u.role ?? 'member'] as number, botOwner: u.bot_owner_id ?? null }));
    type FixtureChannel = { stream_id: number; name: string; invite_only?: boolean; is_web_public?: boolean; history_public_to_subscribers?: boolean; subscribers: number[] };
    this.channels = (realm.channels as FixtureChannel[]).map((c) => ({
      id: c.stream_id,
      name: c.name,
      invite: c.invite_only ?? false,
      shared: c.history_public_to_subscribers ?? true,
      webPublic: c.is_web_public ?? false,
      creator: null,
      subscribers: new Set(c.subscribers),
      messages: [],
      generated: false,
    }));
    type FixtureMessage = { id: number; stream_id?: number; topic?: string; content: string };
    for (const m of realm.messages as FixtureMessage[]) {
      const c = this.channels.find((x) => x.id === m.stream_id);
      if (c) c.messages.push({ seq: this.seq++, realId: m.id, topic: m.topic ?? '', content: m.content, receivers: new Set(c.subscribers) });
    }
  }
  user(id: number): MUser {
    return this.users.find((u) => u.id === id) as MUser;
  }
}

const isGuest = (u: MUser) => u.role === 600;
const isAdmin = (u: MUser) => u.role <= 200;

function metadata(u: MUser, c: MChannel): boolean {
  if (c.webPublic || c.subscribers.has(u.id)) return true;
  if (isGuest(u)) return false;
  return !c.invite || isAdmin(u) || c.creator === u.id;
}
function content(u: MUser, c: MChannel): boolean {
  if (c.webPublic || c.subscribers.has(u.id)) return true;
  return !isGuest(u) && !c.invite;
}
function canSend(u: MUser, c: MChannel): boolean {
  if (content(u, c)) return true;
  return u.botOwner !== null && c.subscribers.has(u.botOwner);
}
/** Topics as the user sees them: case-insensitive, newest spelling, newest first. */
function expectedTopics(u: MUser, c: MChannel): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visible = c.messages.filter((msg) => c.shared || msg.receivers.has(u.id));
  for (const msg of [...visible].sort((a, b) => b.seq - a.seq)) {
    const key = msg.topic.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(msg.topic === '' ? 'general chat' : msg.topic);
  }
  return out;
}

// ---- talking to the reference -----------------------------------------------------

interface Real {
  ref: Reference;
  keys: Map<number, string>;
}

function call(real: Real, who: MUser, method: string, path: string, params: Record<string, unknown> = {}) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const query = method === 'GET' && form.size > 0 ? `?${form}` : '';
  return real.ref.dispatch({
    method,
    path: `/api/v1${path}${query}`,
    ...(method === 'GET' ? {} : { body: form.toString() }),
    headers: {
      authorization: `Basic ${btoa(`${who.email}:${real.keys.get(who.id)}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
}

const pick = <T>(xs: T[], n: number): T => xs[n % xs.length] as T;

// ---- commands ---------------------------------------------------------------------

type Cmd = fc.Command<Model, Real>;

class CreateChannel implements Cmd {
  constructor(readonly actor: number, readonly invite: boolean, readonly shared: boolean) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const u = pick(m.users, this.actor);
    const name = `leak-${m.created++}-x`;
    const res = call(r, u, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name }],
      invite_only: this.invite,
      history_public_to_subscribers: this.shared,
    });
    assert.is(res.status, isGuest(u) ? 400 : 200, `${u.email} creates ${name}: ${res.body}`);
    if (isGuest(u)) return;
    const channel = r.ref.store.channelByName(name);
    assert.ok(channel, name);
    const c: MChannel = {
      id: channel.stream_id,
      name,
      invite: this.invite,
      shared: this.invite ? this.shared : true,
      webPublic: false,
      creator: u.id,
      subscribers: new Set([u.id]),
      messages: [],
      generated: true,
    };
    // Notification Bot's "channel events" notice, received by the subscribers.
    c.messages.push({ seq: m.seq++, realId: null, topic: 'channel events', content: '', receivers: new Set(c.subscribers) });
    m.channels.push(c);
  }
  toString = () => `CreateChannel(${this.actor}, ${this.invite ? 'private' : 'public'}, ${this.shared ? 'shared' : 'protected'})`;
}

class Subscribe implements Cmd {
  constructor(readonly actor: number, readonly channel: number, readonly target: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const u = pick(m.users, this.actor);
    const t = pick(m.users, this.target);
    const c = pick(m.channels, this.channel);
    const res = call(r, u, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }], principals: [t.id] });
    const allowed = !isGuest(u) && content(u, c);
    assert.is(res.status, allowed ? 200 : 400, `${u.email} subscribes ${t.email} to ${c.name}: ${res.body}`);
    if (allowed) c.subscribers.add(t.id);
  }
  toString = () => `Subscribe(${this.actor}, #${this.channel}, ${this.target})`;
}

class Unsubscribe implements Cmd {
  constructor(readonly actor: number, readonly channel: number, readonly target: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const u = pick(m.users, this.actor);
    const t = pick(m.users, this.target);
    const c = pick(m.channels, this.channel);
    const res = call(r, u, 'DELETE', '/users/me/subscriptions', { subscriptions: [c.name], principals: [t.id] });
    const controls = t.id === u.id || t.botOwner === u.id;
    const allowed = controls || isAdmin(u) || (!isGuest(u) && c.creator === u.id);
    assert.is(res.status, allowed ? 200 : 400, `${u.email} unsubscribes ${t.email} from ${c.name}: ${res.body}`);
    if (allowed) c.subscribers.delete(t.id);
  }
  toString = () => `Unsubscribe(${this.actor}, #${this.channel}, ${this.target})`;
}

class Send implements Cmd {
  constructor(readonly actor: number, readonly channel: number, readonly topic: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const u = pick(m.users, this.actor);
    const c = pick(m.channels, this.channel);
    // Generated channels get topics only this channel uses; two of them differ only in case.
    const topic = c.generated ? pick([`t${c.id}q-one`, `T${c.id}Q-ONE`, `t${c.id}q-two`], this.topic) : pick(['chat', 'CHAT'], this.topic);
    const text = `msg-${m.seq}-body`;
    const res = call(r, u, 'POST', '/messages', { type: 'stream', to: c.id, topic, content: text });
    assert.is(res.status, canSend(u, c) ? 200 : 400, `${u.email} posts to ${c.name}: ${res.body}`);
    // Every subscriber receives it, and the sender keeps a copy.
    if (res.status === 200) c.messages.push({ seq: m.seq++, realId: res.json['id'] as number, topic, content: text, receivers: new Set([...c.subscribers, u.id]) });
  }
  toString = () => `Send(${this.actor}, #${this.channel}, ${this.topic})`;
}

const STREAM_FLAGS = [
  'include_public',
  'include_web_public',
  'include_subscribed',
  'exclude_archived',
  'include_all',
  'include_default',
  'include_owner_subscribed',
  'include_can_access_content',
  'include_all_active',
] as const;

/** Does the text reveal anything of a hidden channel? (`allowed`: the name the user gave.) */
function reveals(text: string, hidden: MChannel[], allowed?: string): string | null {
  const lower = text.toLowerCase();
  for (const c of hidden) {
    if (c.name !== allowed && text.includes(c.name)) return `the name ${c.name}`;
    if (new RegExp(`"stream_ids?":\\[?([0-9,]*,)?${c.id}[,}\\]]`).test(text)) return `the id of ${c.name}`;
    if (!c.generated) continue;
    for (const msg of c.messages) {
      if (msg.topic !== 'channel events' && lower.includes(msg.topic.toLowerCase())) return `the topic ${msg.topic} of ${c.name}`;
      if (msg.content !== '' && text.includes(msg.content)) return `a message of ${c.name}`;
    }
  }
  return null;
}

class Check implements Cmd {
  /** `full`: all 512 GET /streams flag combinations; otherwise every 8th, starting from `who`. */
  constructor(readonly who: number, readonly full = false) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const u = pick(m.users, this.who);
    const hidden = m.channels.filter((c) => !metadata(u, c));
    const noLeak = (what: string, text: string, allowed?: string) => {
      const found = reveals(text, hidden, allowed);
      assert.is(found, null, `${what} as ${u.email} reveals ${found}: ${text.slice(0, 300)}`);
    };

    // GET /streams: every flag combination. A bot asking for include_owner_subscribed is
    // also shown its owner's channels: the real server's rule, not a leak to a stranger.
    const ownerChannels = u.botOwner === null ? [] : m.channels.filter((c) => c.subscribers.has(u.botOwner as number));
    for (let mask = this.full ? 0 : this.who % 8; mask < 1 << STREAM_FLAGS.length; mask += this.full ? 1 : 8) {
      const params = Object.fromEntries(STREAM_FLAGS.map((f, i) => [f, Boolean(mask & (1 << i))]));
      const res = call(r, u, 'GET', '/streams', params);
      assert.is(res.status, 200);
      const shown = params['include_owner_subscribed'] ? hidden.filter((c) => !ownerChannels.includes(c)) : hidden;
      const found = reveals(res.body, shown);
      assert.is(found, null, `GET /streams ${JSON.stringify(params)} as ${u.email} reveals ${found}`);
    }
    // include_all lists exactly the channels with metadata access; include_can_access_content, content access.
    const listed = (params: Record<string, unknown>) =>
      new Set((call(r, u, 'GET', '/streams', params).json['streams'] as Array<{ stream_id: number }>).map((s) => s.stream_id));
    const all = listed({ include_all: true });
    const readable = listed({ include_can_access_content: true });
    for (const c of m.channels) {
      assert.is(all.has(c.id), metadata(u, c), `include_all as ${u.email}: ${c.name}`);
      assert.is(readable.has(c.id), content(u, c), `include_can_access_content as ${u.email}: ${c.name}`);
    }

    // GET /users/me/subscriptions with subscribers: exactly the user's channels, with their subscribers.
    const subs = call(r, u, 'GET', '/users/me/subscriptions', { include_subscribers: 'true' });
    noLeak('GET /users/me/subscriptions', subs.body);
    const got = new Map((subs.json['subscriptions'] as Array<{ stream_id: number; subscribers: number[] }>).map((s) => [s.stream_id, s.subscribers]));
    for (const c of m.channels) {
      assert.is(got.has(c.id), c.subscribers.has(u.id), `${u.email} subscribed to ${c.name}?`);
      if (got.has(c.id)) assert.equal([...(got.get(c.id) ?? [])].sort((a, b) => a - b), [...c.subscribers].sort((a, b) => a - b), `subscribers of ${c.name}`);
    }

    // Topics: the model's list where readable; elsewhere the very answer a missing channel gets.
    const missing = call(r, u, 'GET', '/users/me/987654/topics');
    for (const c of m.channels) {
      const res = call(r, u, 'GET', `/users/me/${c.id}/topics`);
      if (!content(u, c)) {
        assert.equal([res.status, res.body], [missing.status, missing.body], `topics of ${c.name} as ${u.email}`);
        continue;
      }
      assert.is(res.status, 200, res.body);
      noLeak(`topics of ${c.name}`, res.body);
      const names = (res.json['topics'] as Array<{ name: string }>).map((t) => t.name);
      assert.equal(names, expectedTopics(u, c), `topics of ${c.name} as ${u.email}`);
    }

    // Errors aimed at each hidden channel: no change, nothing but the name the user gave.
    const other = m.users.find((x) => x.id !== u.id) as MUser;
    for (const c of hidden) {
      const probes: Array<[string, string, string, Record<string, unknown>]> = [
        ['subscribe', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] }],
        ['subscribe others', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }], principals: [other.id] }],
        ['unsubscribe others', 'DELETE', '/users/me/subscriptions', { subscriptions: [c.name], principals: [other.id] }],
        ['change a setting', 'PATCH', `/users/me/subscriptions/${c.id}`, { property: 'pin_to_top', value: 'true' }],
      ];
      for (const [what, method, path, params] of probes) {
        const version = r.ref.store.version;
        const res = call(r, u, method, path, params);
        assert.is(res.status, 400, `${what} ${c.name} as ${u.email}: ${res.body}`);
        assert.is(r.ref.store.version, version, `${what} ${c.name} as ${u.email} changed the state`);
        noLeak(`${what} ${c.name}`, res.body, c.name);
      }
      const patchMissing = call(r, u, 'PATCH', '/users/me/subscriptions/987654', { property: 'pin_to_top', value: 'true' });
      const patchHidden = call(r, u, 'PATCH', `/users/me/subscriptions/${c.id}`, { property: 'pin_to_top', value: 'true' });
      assert.is(patchHidden.body, patchMissing.body, 'a hidden channel answers like a missing one');
    }
  }
  toString = () => `Check(${this.who}${this.full ? ', full' : ''})`;
}

const USERS = 11; // positions wrap around the model's user list
const CHANNELS = 16;
const commands = [
  fc.tuple(fc.nat(USERS), fc.boolean(), fc.boolean()).map(([a, i, s]) => new CreateChannel(a, i, s)),
  fc.tuple(fc.nat(USERS), fc.nat(CHANNELS), fc.nat(USERS)).map(([a, c, t]) => new Subscribe(a, c, t)),
  fc.tuple(fc.nat(USERS), fc.nat(CHANNELS), fc.nat(USERS)).map(([a, c, t]) => new Unsubscribe(a, c, t)),
  fc.tuple(fc.nat(USERS), fc.nat(CHANNELS), fc.nat(2)).map(([a, c, t]) => new Send(a, c, t)),
  fc.nat(USERS).map((w) => new Check(w)),
];

test('no endpoint reveals a private channel to a user without metadata access', () => {
  fc.assert(
    fc.property(fc.commands(commands, { maxCommands: 30 }), fc.nat(USERS), (cmds, finalWho) => {
      const ref = createReference();
      const keys = new Map([...ref.store.data.users.values()].map((u) => [u.user_id, u.api_key]));
      fc.modelRun(() => ({ model: new Model(), real: { ref, keys } }), [...cmds, new Check(finalWho, true)]);
    }),
    { seed: SEED, numRuns: RUNS, verbose: true },
  );
});

test.run();
