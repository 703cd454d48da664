// The invariant of the narrow language, end to end: no narrow, negated terms and all,
// ever returns a message the viewer may not see. Random sequences of channel creations
// (public, private with shared or protected history), subscriptions, unsubscriptions,
// channel and direct messages by the fixture characters run against the reference; a
// small model, written here and sharing no code with reference/, says who received what
// and who may read which history. After each GET /messages, every message returned must
// be one the model allows. Fixed seed; a failure prints the seed and the replay path
// (VISIBILITY_SEED / VISIBILITY_PATH).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const SEED = Number(process.env['VISIBILITY_SEED'] ?? 20261122);
const PATH = process.env['VISIBILITY_PATH'];
const RUNS = Number(process.env['VISIBILITY_RUNS'] ?? 150);

/** The fixture characters this test acts as (ids of fixtures/realm.json), guests marked. */
const PEOPLE = [
  { id: 3, email: 'desdemona@zulip.com', guest: false },
  { id: 4, email: 'iago@zulip.com', guest: false },
  { id: 6, email: 'hamlet@zulip.com', guest: false },
  { id: 7, email: 'cordelia@zulip.com', guest: false },
  { id: 8, email: 'othello@zulip.com', guest: false },
  { id: 12, email: 'polonius@zulip.com', guest: true },
];
const WORDS = ['apple', 'river', 'quartz', 'lemon'];
const TOPICS = ['alpha', 'Beta', 'gamma'];

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
  /** Who holds a UserMessage row: received it, or sent it. */
  receivers: Set<number>;
}
class Model {
  channels: MChannel[] = [];
  messages: MMessage[] = [];
  seq = 0;
  /** May `user` see `m`? Received it, or may read the channel's shared history now. */
  maySee(user: (typeof PEOPLE)[number], m: MMessage): boolean {
    if (m.receivers.has(user.id)) return true;
    const c = m.channel;
    if (c === null || !c.shared) return false;
    return c.subscribers.has(user.id) || (!c.invite_only && !user.guest);
  }
}
type Real = { ref: Reference };
type Cmd = fc.Command<Model, Real>;

const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length] as T;
const ok = (status: number) => status === 200;

class CreateChannel implements Cmd {
  constructor(readonly who: number, readonly kind: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const name = `vis-${m.seq++}`;
    const invite_only = this.kind > 0;
    const shared = this.kind !== 2;
    const res = callAs(r.ref, u.id, 'POST', '/users/me/subscriptions', { subscriptions: [{ name }], invite_only, history_public_to_subscribers: shared });
    if (!ok(res.status)) return;
    const id = callAs(r.ref, u.id, 'GET', '/get_stream_id', { stream: name }).json['stream_id'] as number;
    const c: MChannel = { id, name, invite_only, shared, subscribers: new Set([u.id]) };
    m.channels.push(c);
    // The "channel events" notice: received by the subscribers at creation.
    for (const x of r.ref.store.channelMessageIds(id)) m.messages.push({ id: x, channel: c, receivers: new Set(c.subscribers) });
  }
  toString = () => `CreateChannel(${this.who}, ${this.kind})`;
}

class Subscribe implements Cmd {
  constructor(readonly who: number, readonly channel: number, readonly target: number) {}
  check = (m: Readonly<Model>) => m.channels.length > 0;
  run(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const t = pick(PEOPLE, this.target);
    const c = pick(m.channels, this.channel);
    const res = callAs(r.ref, u.id, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }], principals: [t.id] });
    if (ok(res.status) && !res.json['unauthorized']) c.subscribers.add(t.id);
  }
  toString = () => `Subscribe(${this.who}, ${this.channel}, ${this.target})`;
}

class Unsubscribe implements Cmd {
  constructor(readonly who: number, readonly channel: number) {}
  check = (m: Readonly<Model>) => m.channels.length > 0;
  run(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const c = pick(m.channels, this.channel);
    const res = callAs(r.ref, u.id, 'DELETE', '/users/me/subscriptions', { subscriptions: [c.name] });
    if (ok(res.status)) c.subscribers.delete(u.id);
  }
  toString = () => `Unsubscribe(${this.who}, ${this.channel})`;
}

class SendToChannel implements Cmd {
  constructor(readonly who: number, readonly channel: number, readonly topic: number, readonly word: number) {}
  check = (m: Readonly<Model>) => m.channels.length > 0;
  run(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const c = pick(m.channels, this.channel);
    const content = `${pick(WORDS, this.word)} from ${u.id}`;
    const res = callAs(r.ref, u.id, 'POST', '/messages', { type: 'stream', to: c.id, topic: pick(TOPICS, this.topic), content });
    if (ok(res.status)) m.messages.push({ id: res.json['id'] as number, channel: c, receivers: new Set([...c.subscribers, u.id]) });
  }
  toString = () => `SendToChannel(${this.who}, ${this.channel}, ${this.topic}, ${this.word})`;
}

class SendDirect implements Cmd {
  constructor(readonly who: number, readonly to: number[], readonly word: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const to = [...new Set(this.to.map((n) => pick(PEOPLE, n).id))];
    const res = callAs(r.ref, u.id, 'POST', '/messages', { type: 'direct', to, content: `${pick(WORDS, this.word)} privately` });
    if (ok(res.status)) m.messages.push({ id: res.json['id'] as number, channel: null, receivers: new Set([u.id, ...to]) });
  }
  toString = () => `SendDirect(${this.who}, [${this.to}], ${this.word})`;
}

type TermSpec = { op: number; n: number; negated: boolean };
const OPERATORS = ['channel', 'channels', 'topic', 'sender', 'dm', 'dm-including', 'is', 'search', 'id', 'with'] as const;

class Fetch implements Cmd {
  constructor(readonly who: number, readonly terms: TermSpec[], readonly oldest: boolean) {}
  check = () => true;
  run(m: Model, r: Real) {
    const u = pick(PEOPLE, this.who);
    const narrow = this.terms.map((t) => ({ operator: pick(OPERATORS, t.op), operand: operand(m, pick(OPERATORS, t.op), t.n), negated: t.negated }));
    const params = { anchor: this.oldest ? 'oldest' : 'newest', num_before: this.oldest ? 0 : 200, num_after: this.oldest ? 200 : 0, narrow };
    for (const res of [
      callAs(r.ref, u.id, 'GET', '/messages', params),
      callAs(r.ref, u.id, 'GET', '/messages', { message_ids: m.messages.map((x) => x.id), narrow }),
    ]) {
      assert.ok(res.status === 200 || res.status === 400, `${res.status} ${res.body.slice(0, 200)}`);
      if (res.status !== 200) continue;
      for (const got of res.json['messages'] as Array<{ id: number }>) {
        const known = m.messages.find((x) => x.id === got.id);
        if (known === undefined) continue; // fixture history: not created by this run
        assert.ok(m.maySee(u, known), `${u.email} got message ${got.id} with narrow ${JSON.stringify(narrow)}`);
      }
    }
  }
  toString = () => `Fetch(${this.who}, ${JSON.stringify(this.terms)}, ${this.oldest})`;
}

function operand(m: Model, op: (typeof OPERATORS)[number], n: number): string | number | number[] {
  switch (op) {
    case 'channel':
      return m.channels.length ? pick(m.channels, n).name : 'Verona';
    case 'channels':
      return 'public';
    case 'topic':
      return pick(TOPICS, n);
    case 'sender':
      return pick(PEOPLE, n).email;
    case 'dm':
      return [pick(PEOPLE, n).id];
    case 'dm-including':
      return pick(PEOPLE, n).id;
    case 'is':
      return pick(['dm', 'starred', 'unread', 'mentioned', 'followed', 'resolved'], n);
    case 'search':
      return pick(WORDS, n);
    default:
      // id and with: any message of this run, even one the viewer may not see.
      return m.messages.length ? pick(m.messages, n).id : 1;
  }
}

const P = PEOPLE.length;
const commands = [
  fc.tuple(fc.nat(P), fc.nat(2)).map(([w, k]) => new CreateChannel(w, k)),
  fc.tuple(fc.nat(P), fc.nat(20), fc.nat(P)).map(([w, c, t]) => new Subscribe(w, c, t)),
  fc.tuple(fc.nat(P), fc.nat(20)).map(([w, c]) => new Unsubscribe(w, c)),
  fc.tuple(fc.nat(P), fc.nat(20), fc.nat(3), fc.nat(4)).map(([w, c, t, x]) => new SendToChannel(w, c, t, x)),
  fc.tuple(fc.nat(P), fc.array(fc.nat(P), { minLength: 1, maxLength: 3 }), fc.nat(4)).map(([w, to, x]) => new SendDirect(w, to, x)),
  fc
    .tuple(fc.nat(P), fc.array(fc.record({ op: fc.nat(OPERATORS.length - 1), n: fc.nat(30), negated: fc.boolean() }), { maxLength: 3 }), fc.boolean())
    .map(([w, terms, oldest]) => new Fetch(w, terms, oldest)),
];

test('no narrow ever returns a message the viewer may not see', () => {
  fc.assert(
    fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
      fc.modelRun(() => ({ model: new Model(), real: { ref: createReference() } }), cmds);
    }),
    { seed: SEED, numRuns: RUNS, ...(PATH !== undefined ? { path: PATH } : {}) },
  );
});

test.run();
