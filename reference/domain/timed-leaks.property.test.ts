// No one learns of another user's drafts, scheduled messages or reminders: random
// sequences of creations, edits, deletions and clock moves by the fixture characters run
// against the reference, and after any step each user checks everything they can ask:
//   GET /drafts, /scheduled_messages and /reminders list exactly their own pending items;
//   the events they received name only their own items;
//   PATCH and DELETE aimed at anyone else's item get exactly the answer a missing id gets,
//   and change nothing.
// The model is a map from item to owner, kept by these commands alone, never read from
// reference/ code. The seed is fixed; a failure prints it with the shrunk command path.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';

const SEED = Number(process.env['LEAK_SEED'] ?? 20_260_116);
const RUNS = Number(process.env['LEAK_RUNS'] ?? 30);

/** Hamlet, Cordelia, Othello, Iago, Polonius (a guest). */
const USERS = [6, 7, 8, 4, 12];
type Kind = 'draft' | 'scheduled' | 'reminder';
const PATHS: Record<Kind, string> = { draft: '/drafts', scheduled: '/scheduled_messages', reminder: '/reminders' };
const LISTS: Record<Kind, [string, string]> = { draft: ['drafts', 'id'], scheduled: ['scheduled_messages', 'scheduled_message_id'], reminder: ['reminders', 'reminder_id'] };
/** Never an id of anything. */
const MISSING = 999_999;

interface Item {
  kind: Kind;
  id: number;
  owner: number;
  /** UNIX seconds; drafts never fall due. */
  due: number;
}

class Model {
  items: Item[] = [];
  /** Seconds the clock has moved. */
  moved = 0;
}

interface Real {
  ref: Reference;
  start: number;
  /** A message everyone in the fixture can read, to be reminded of. */
  message: number;
}

const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length] as T;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Cmd = fc.Command<Model, Real>;

/** Pending in the model: drafts until deleted; the others until deleted or due. */
const pending = (m: Model, r: Real, i: Item) => i.kind === 'draft' || i.due > r.start + m.moved;

class Create implements Cmd {
  constructor(readonly actor: number, readonly kind: Kind, readonly delay: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const who = pick(USERS, this.actor);
    const due = r.start + m.moved + 10 + this.delay;
    const params: Record<Kind, Record<string, unknown>> = {
      draft: { drafts: [{ type: 'private', to: [pick(USERS, this.actor + 1)], topic: '', content: `draft of ${who}` }] },
      scheduled: { type: 'direct', to: [pick(USERS, this.actor + 1)], content: `later, from ${who}`, scheduled_delivery_timestamp: due },
      reminder: { message_id: r.message, scheduled_delivery_timestamp: due, note: `for ${who}` },
    };
    const res = callAs(r.ref, who, 'POST', PATHS[this.kind], params[this.kind]);
    assert.is(res.status, 200, res.body);
    const id = (this.kind === 'draft' ? (res.json['ids'] as number[])[0] : res.json[this.kind === 'scheduled' ? 'scheduled_message_id' : 'reminder_id']) as number;
    m.items.push({ kind: this.kind, id, owner: who, due });
  }
  toString = () => `Create(${this.actor}, ${this.kind}, +${this.delay})`;
}

class Touch implements Cmd {
  constructor(readonly actor: number, readonly item: number, readonly remove: boolean) {}
  check = (m: Readonly<Model>) => m.items.length > 0;
  run(m: Model, r: Real): void {
    const who = pick(USERS, this.actor);
    const item = pick(m.items, this.item);
    const path = `${PATHS[item.kind]}/${item.id}`;
    const method = this.remove || item.kind === 'reminder' ? 'DELETE' : 'PATCH';
    const params: Record<string, unknown> =
      method === 'DELETE' ? {} : item.kind === 'draft' ? { draft: { type: '', to: [], topic: '', content: `edited by ${who}` } } : { content: `edited by ${who}` };
    if (who !== item.owner) {
      // Exactly what a missing id gets, and nothing moves.
      const theirs = assertUnchanged(r.ref, () => callAs(r.ref, who, method, path, params));
      const none = assertUnchanged(r.ref, () => callAs(r.ref, who, method, `${PATHS[item.kind]}/${MISSING}`, params));
      assert.equal([theirs.status, theirs.body], [none.status, none.body], `${who} ${method} ${path}`);
      assert.is(theirs.status, 404);
      return;
    }
    const res = callAs(r.ref, who, method, path, params);
    const live = pending(m, r, item);
    if (method === 'PATCH' && item.kind === 'scheduled' && !live) {
      assert.is(res.status, 400, res.body); // already sent
      return;
    }
    assert.is(res.status, 200, `${who} ${method} ${path}: ${res.body}`);
    if (method === 'DELETE') m.items = m.items.filter((i) => i !== item);
  }
  toString = () => `Touch(${this.actor}, item ${this.item}, ${this.remove ? 'delete' : 'edit'})`;
}

class Advance implements Cmd {
  constructor(readonly seconds: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    r.ref.control.advance(this.seconds * 1000);
    m.moved += this.seconds;
  }
  toString = () => `Advance(${this.seconds})`;
}

/** The items an event names, as "kind:id". */
function itemsNamed(e: Json): string[] {
  const many = (list: Json[] | undefined, one: Json | undefined): Json[] => [...(list ?? []), ...(one ? [one] : [])];
  const ids: Array<[Kind, unknown]> = [];
  if (e.type === 'drafts') ids.push(...many(e.drafts, e.draft).map((d): [Kind, unknown] => ['draft', d.id]), ['draft', e.draft_id]);
  if (e.type === 'scheduled_messages') {
    ids.push(...many(e.scheduled_messages, e.scheduled_message).map((x): [Kind, unknown] => ['scheduled', x.scheduled_message_id]), ['scheduled', e.scheduled_message_id]);
  }
  if (e.type === 'reminders') ids.push(...many(e.reminders, undefined).map((x): [Kind, unknown] => ['reminder', x.reminder_id]), ['reminder', e.reminder_id]);
  return ids.filter(([, id]) => id !== undefined).map(([kind, id]) => `${kind}:${String(id)}`);
}

class Check implements Cmd {
  constructor(readonly actor: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const who = pick(USERS, this.actor);
    for (const kind of ['draft', 'scheduled', 'reminder'] as const) {
      const [key, idKey] = LISTS[kind];
      const res = callAs(r.ref, who, 'GET', PATHS[kind]);
      assert.is(res.status, 200, res.body);
      const listed = (res.json[key] as Json[]).map((x) => x[idKey] as number).sort((a, b) => a - b);
      const expected = m.items.filter((i) => i.kind === kind && i.owner === who && pending(m, r, i)).map((i) => i.id).sort((a, b) => a - b);
      assert.equal(listed, expected, `${who} lists ${key}`);
    }
    // Every draft, scheduled-message or reminder event the user got is about their own items.
    const theirs = new Set(m.items.filter((i) => i.owner !== who).map((i) => `${i.kind}:${i.id}`));
    for (const e of r.ref.control.events(who, 1000) as Json[]) {
      for (const id of itemsNamed(e)) assert.not.ok(theirs.has(id), `${who} was told of ${id}`);
    }
  }
  toString = () => `Check(${this.actor})`;
}

const commands = [
  fc.tuple(fc.nat(), fc.constantFrom<Kind>('draft', 'scheduled', 'reminder'), fc.nat(120)).map(([a, k, d]) => new Create(a, k, d)),
  fc.tuple(fc.nat(), fc.nat(), fc.boolean()).map(([a, i, rm]) => new Touch(a, i, rm)),
  fc.nat(90).map((s) => new Advance(s)),
  fc.nat().map((a) => new Check(a)),
];

test('drafts, scheduled messages and reminders are never shown, told or given to anyone but their owner', () => {
  fc.assert(
    fc.property(fc.commands(commands, { maxCommands: 25 }), (cmds) => {
      const ref = createReference();
      const start = Math.floor(ref.control.now() / 1000);
      const message = callAs(ref, 4, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'leaks', content: 'everyone reads this' }).json['id'] as number;
      fc.modelRun(() => ({ model: new Model(), real: { ref, start, message } }), [...cmds, ...USERS.map((_, i) => new Check(i))]);
    }),
    { seed: SEED, numRuns: RUNS, verbose: true },
  );
});

test.run();
