// No event queue ever receives an event about a message or a channel its user may not
// see. Every character registers queues at the start (a plain one, and, for members, one
// that follows all public channels and one with a narrow); random channel creations,
// subscriptions (of oneself and of others), unsubscriptions, channel and direct messages
// and deletions follow; after each step every queue is read (GET /events, dont_block)
// and each event is held against a small model written here, sharing no code with
// reference/: a user may hear of a message they received or may read, and of a channel
// whose metadata they may see, now or just before the step (a removal tells them they
// lost it). Fixed seed; a failure prints the seed and the replay path
// (QUEUE_LEAKS_SEED / QUEUE_LEAKS_PATH).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const SEED = Number(process.env['QUEUE_LEAKS_SEED'] ?? 20261125);
const PATH = process.env['QUEUE_LEAKS_PATH'];
const RUNS = Number(process.env['QUEUE_LEAKS_RUNS'] ?? 100);

const PEOPLE = [
  { id: 3, email: 'desdemona@zulip.com', guest: false, admin: true },
  { id: 4, email: 'iago@zulip.com', guest: false, admin: true },
  { id: 6, email: 'hamlet@zulip.com', guest: false, admin: false },
  { id: 7, email: 'cordelia@zulip.com', guest: false, admin: false },
  { id: 8, email: 'othello@zulip.com', guest: false, admin: false },
  { id: 12, email: 'polonius@zulip.com', guest: true, admin: false },
];
type Person = (typeof PEOPLE)[number];

interface MChannel {
  id: number;
  name: string;
  invite_only: boolean;
  shared: boolean;
  subscribers: Set<number>;
}
interface MMessage {
  id: number;
  channel: MChannel | null;
  receivers: Set<number>;
}

class Model {
  channels: MChannel[] = [];
  messages: MMessage[] = [];
  seq = 0;
  seeChannel(u: Person, c: MChannel): boolean {
    return c.subscribers.has(u.id) || u.admin || (!c.invite_only && !u.guest);
  }
  seeMessage(u: Person, m: MMessage): boolean {
    if (m.receivers.has(u.id)) return true;
    const c = m.channel;
    if (c === null || !c.shared) return false;
    return c.subscribers.has(u.id) || (!c.invite_only && !u.guest);
  }
}

interface Queue {
  owner: Person;
  id: string;
  last: number;
}
interface Real {
  ref: Reference;
  queues: Queue[];
}
type Cmd = fc.Command<Model, Real>;

const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length] as T;
const ok = (status: number) => status === 200;

/** What each user could see before the step: events of the step may be about that. */
function before(m: Model) {
  return PEOPLE.map((u) => ({
    u,
    channels: new Set(m.channels.filter((c) => m.seeChannel(u, c)).map((c) => c.id)),
    messages: new Set(m.messages.filter((x) => m.seeMessage(u, x)).map((x) => x.id)),
  }));
}

/** Events audited over the whole run: the test is only as good as what it reads. */
const audited = { events: 0, messages: 0, channels: 0 };

/** Read every queue and hold each event against the model. */
function audit(m: Model, r: Real, was: ReturnType<typeof before>, step: string): void {
  for (const q of r.queues) {
    const res = callAs(r.ref, q.owner.id, 'GET', '/events', { queue_id: q.id, last_event_id: q.last, dont_block: true });
    assert.is(res.status, 200, res.body);
    const then = was.find((w) => w.u === q.owner)!;
    for (const e of res.json['events'] as Array<Record<string, unknown>>) {
      q.last = e['id'] as number;
      audited.events++;
      for (const id of messageIds(e)) {
        const known = m.messages.find((x) => x.id === id);
        audited.messages++;
        const allowed = known ? m.seeMessage(q.owner, known) || then.messages.has(id) : realMessageAllowed(r.ref, m, q.owner, id);
        assert.ok(allowed, `${step}: ${q.owner.email} heard of message ${id}: ${JSON.stringify(e).slice(0, 300)}`);
      }
      for (const id of channelIds(e)) {
        const c = m.channels.find((x) => x.id === id);
        if (c === undefined) continue; // a fixture channel: not made private by this run
        audited.channels++;
        assert.ok(m.seeChannel(q.owner, c) || then.channels.has(id), `${step}: ${q.owner.email} heard of channel ${c.name}: ${JSON.stringify(e).slice(0, 300)}`);
      }
    }
  }
}

/** A message the model did not make (a Notification Bot notice): judged by where it went. */
function realMessageAllowed(ref: Reference, m: Model, u: Person, id: number): boolean {
  const msg = ref.store.message(id);
  if (msg === undefined) return true; // deleted since: its deletion event was judged by the model
  if (msg.stream_id === null) return msg.dm_user_ids.includes(u.id);
  const c = m.channels.find((x) => x.id === msg.stream_id);
  return c === undefined || c.subscribers.has(u.id) || (!c.invite_only && !u.guest);
}

function messageIds(e: Record<string, unknown>): number[] {
  const out: number[] = [];
  const message = e['message'] as { id?: number } | undefined;
  if (message?.id !== undefined) out.push(message.id);
  if (typeof e['message_id'] === 'number') out.push(e['message_id']);
  if (Array.isArray(e['message_ids'])) out.push(...(e['message_ids'] as number[]));
  if (e['type'] === 'update_message_flags' && Array.isArray(e['messages'])) out.push(...(e['messages'] as number[]));
  return out;
}

function channelIds(e: Record<string, unknown>): number[] {
  const out: number[] = [];
  const add = (v: unknown) => typeof v === 'number' && out.push(v);
  add(e['stream_id']);
  add((e['message'] as { stream_id?: number } | undefined)?.stream_id);
  for (const v of (e['stream_ids'] as unknown[] | undefined) ?? []) add(v);
  for (const key of ['streams', 'subscriptions']) for (const s of (e[key] as Array<{ stream_id?: number }> | undefined) ?? []) add(s.stream_id);
  return out;
}

abstract class Step implements Cmd {
  check = (_m: Readonly<Model>) => true;
  run(m: Model, r: Real): void {
    const was = before(m);
    this.act(m, r);
    audit(m, r, was, this.toString());
  }
  abstract act(m: Model, r: Real): void;
}

class CreateChannel extends Step {
  constructor(readonly who: number, readonly kind: number) {
    super();
  }
  act(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const name = `leak-${m.seq++}`;
    const invite_only = this.kind > 0;
    const shared = this.kind !== 2;
    const res = callAs(r.ref, u.id, 'POST', '/users/me/subscriptions', { subscriptions: [{ name }], invite_only, history_public_to_subscribers: shared });
    if (!ok(res.status)) return;
    const id = callAs(r.ref, u.id, 'GET', '/get_stream_id', { stream: name }).json['stream_id'] as number;
    const c: MChannel = { id, name, invite_only, shared, subscribers: new Set([u.id]) };
    m.channels.push(c);
    for (const x of r.ref.store.channelMessageIds(id)) m.messages.push({ id: x, channel: c, receivers: new Set(c.subscribers) });
  }
  toString = () => `CreateChannel(${this.who}, ${this.kind})`;
}

class Subscribe extends Step {
  constructor(readonly who: number, readonly channel: number, readonly target: number) {
    super();
  }
  override check = (m: Readonly<Model>) => m.channels.length > 0;
  act(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const t = pick(PEOPLE, this.target);
    const c = pick(m.channels, this.channel);
    const res = callAs(r.ref, u.id, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }], principals: [t.id] });
    if (ok(res.status) && !res.json['unauthorized']) c.subscribers.add(t.id);
  }
  toString = () => `Subscribe(${this.who}, ${this.channel}, ${this.target})`;
}

class Unsubscribe extends Step {
  constructor(readonly who: number, readonly channel: number) {
    super();
  }
  override check = (m: Readonly<Model>) => m.channels.length > 0;
  act(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const c = pick(m.channels, this.channel);
    const res = callAs(r.ref, u.id, 'DELETE', '/users/me/subscriptions', { subscriptions: [c.name] });
    if (ok(res.status)) c.subscribers.delete(u.id);
  }
  toString = () => `Unsubscribe(${this.who}, ${this.channel})`;
}

class SendToChannel extends Step {
  constructor(readonly who: number, readonly channel: number) {
    super();
  }
  override check = (m: Readonly<Model>) => m.channels.length > 0;
  act(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const c = pick(m.channels, this.channel);
    const res = callAs(r.ref, u.id, 'POST', '/messages', { type: 'stream', to: c.id, topic: 'leaks', content: `from ${u.id}` });
    if (ok(res.status)) m.messages.push({ id: res.json['id'] as number, channel: c, receivers: new Set([...c.subscribers, u.id]) });
  }
  toString = () => `SendToChannel(${this.who}, ${this.channel})`;
}

class SendDirect extends Step {
  constructor(readonly who: number, readonly to: number[]) {
    super();
  }
  act(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const to = [...new Set(this.to.map((n) => pick(PEOPLE, n).id))];
    const res = callAs(r.ref, u.id, 'POST', '/messages', { type: 'direct', to, content: 'psst' });
    if (ok(res.status)) m.messages.push({ id: res.json['id'] as number, channel: null, receivers: new Set([u.id, ...to]) });
  }
  toString = () => `SendDirect(${this.who}, [${this.to}])`;
}

class Delete extends Step {
  constructor(readonly who: number, readonly message: number) {
    super();
  }
  override check = (m: Readonly<Model>) => m.messages.length > 0;
  act(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const x = pick(m.messages, this.message);
    const res = callAs(r.ref, u.id, 'DELETE', `/messages/${x.id}`);
    if (ok(res.status)) m.messages = m.messages.filter((y) => y !== x);
  }
  toString = () => `Delete(${this.who}, ${this.message})`;
}

const P = PEOPLE.length;
const commands = [
  fc.tuple(fc.nat(P), fc.nat(2)).map(([w, k]) => new CreateChannel(w, k)),
  fc.tuple(fc.nat(P), fc.nat(20), fc.nat(P)).map(([w, c, t]) => new Subscribe(w, c, t)),
  fc.tuple(fc.nat(P), fc.nat(20)).map(([w, c]) => new Unsubscribe(w, c)),
  fc.tuple(fc.nat(P), fc.nat(20)).map(([w, c]) => new SendToChannel(w, c)),
  fc.tuple(fc.nat(P), fc.array(fc.nat(P), { minLength: 1, maxLength: 3 })).map(([w, to]) => new SendDirect(w, to)),
  fc.tuple(fc.nat(P), fc.nat(40)).map(([w, x]) => new Delete(w, x)),
];

function setup(): { model: Model; real: Real } {
  const ref = createReference();
  const queues: Queue[] = [];
  const open = (owner: Person, params: Record<string, unknown>) => {
    const res = callAs(ref, owner.id, 'POST', '/register', { client_capabilities: { notification_settings_null: true, bulk_message_deletion: true }, ...params });
    assert.is(res.status, 200, res.body);
    queues.push({ owner, id: res.json['queue_id'] as string, last: -1 });
  };
  for (const u of PEOPLE) {
    open(u, {});
    if (!u.guest) open(u, { all_public_streams: true });
    open(u, { narrow: [['topic', 'leaks']] });
  }
  return { model: new Model(), real: { ref, queues } };
}

test('no event queue receives an event about a message or channel its user may not see', () => {
  fc.assert(
    fc.property(fc.commands(commands, { maxCommands: 30 }), (cmds) => fc.modelRun(setup, cmds)),
    { seed: SEED, numRuns: RUNS, ...(PATH !== undefined ? { path: PATH } : {}) },
  );
  if (PATH === undefined) {
    assert.ok(audited.messages > 400 && audited.channels > 800, `too little was audited: ${JSON.stringify(audited)}`);
  }
});

test.run();
