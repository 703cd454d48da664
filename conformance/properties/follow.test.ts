// follow.ts, the pure parts of the apply_events check: the applier's options from a
// registration's parameters, applying polled events (and when to stop, or fail), and the
// expectation a differing fresh registration fails while the applied state meets it.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishClientState } from '../../reference/testing/apply-events.ts';
import { checkExpect, type Observed } from '../matcher.ts';
import type { Expect } from '../schema.ts';
import { expandValue, type TemplateContext } from '../template.ts';
import { frameFor } from './families.ts';
import { applyPolled, CLIENTS, optionsOf, startFollowing, stateProblems, type Templating } from './follow.ts';
import type { Actor, MQueue } from './records.ts';

type Obj = Record<string, unknown>;

const owner: Actor = { key: 'member', as: 'member', idRef: '${user:member.id}', emailRef: '${user:member.email}', id: 6, role: 400, bot: false, botOwner: null, active: true };
const channel = (id: number, name: string, subscribers: number[]) => ({ stream_id: id, name, description: '', subscribers, subscriber_count: subscribers.length, first_message_id: null, color: '#fff' });

/** A small registration: a channel of the run (8, named with the run's token) and a fixture one (2). */
function registration(): Obj {
  return {
    result: 'success',
    msg: '',
    queue_id: 'q-1',
    last_event_id: -1,
    max_message_id: 10,
    drafts: [],
    subscriptions: [channel(2, 'Denmark', [5, 6]), channel(8, 'pAB12c1', [6])],
    unsubscribed: [],
    never_subscribed: [],
  };
}

const queue = (kind = 0): MQueue => ({ v: 'q1', owner, last: -1, follow: startFollowing(CLIENTS[kind]!, registration(), owner.id) });
const body = (json: unknown): Observed => ({ status: 200, headers: {}, text: JSON.stringify(json), json });
const templating: Templating = { templates: new Map([['channel:8', '${c1}'], ['user:6', '${user:member.id}'], ['user:7', '${u1_id}']]), uniq: 'AB12' };
const context: TemplateContext = {
  vars: new Map<string, unknown>([['c1', 8], ['u1_id', 7]]),
  uniq: 'AB12',
  jwtSecret: undefined,
  user: (_role, field) => (field === 'id' ? 6 : undefined),
};
const fails = (expect: Expect, json: unknown) => checkExpect(expandValue(expect, context) as Expect, body(json));

test('the applier’s options follow the registration’s parameters; every followed client names each one', () => {
  for (const c of CLIENTS) for (const p of ['include_subscribers', 'client_gravatar']) assert.ok(p in c.params, `${c.name}: ${p}`);
  assert.equal(optionsOf({ include_subscribers: 'partial', client_gravatar: true, client_capabilities: { archived_channels: true } }, 6), {
    userId: 6,
    clientGravatar: true,
    includeSubscribers: true,
    capabilities: { archived_channels: true },
    fetchEventTypes: null,
  });
  assert.equal(optionsOf({ include_subscribers: false, client_gravatar: false, fetch_event_types: ['message'] }, 6), {
    userId: 6,
    clientGravatar: false,
    includeSubscribers: false,
    capabilities: {},
    fetchEventTypes: ['message'],
  });
});

test('polled events are applied once each; a type only upstream knows ends the following; one nobody knows, or one the client cannot apply, is a problem', () => {
  const q = queue();
  assert.equal(applyPolled(q, [{ id: 0, type: 'subscription', op: 'peer_add', stream_ids: [8], user_ids: [7] }, { id: 1, type: 'heartbeat' }]), []);
  assert.is(q.follow?.events, 2);
  assert.equal((finishClientState(q.follow!.state)['subscriptions'] as Obj[])[1]!['subscribers'], [6, 7]);

  const stopped = queue();
  assert.equal(applyPolled(stopped, [{ id: 0, type: 'realm_playgrounds', realm_playgrounds: [] }, { id: 1, type: 'no_such_type' }]), []);
  assert.is(stopped.follow, undefined);
  assert.is(stopped.unfollowed, 'realm_playgrounds');

  const unknown = { id: 3, type: 'no_such_type' };
  const [problem] = applyPolled(queue(), [unknown]);
  assert.match(problem!.message, /no_such_type, which Zulip's apply_event does not know/);
  assert.ok(fails(problem!.expect!, { result: 'success', msg: '', events: [unknown] }).length > 0, 'the queue that holds it fails');
  assert.equal(fails(problem!.expect!, { result: 'success', msg: '', events: [] }), []);

  const [cannot] = applyPolled(queue(), [{ id: 4, type: 'drafts', op: 'remove', draft_id: 99 }]);
  assert.match(cannot!.message, /a client cannot apply this event to its state \(drafts remove of a draft the client does not have: 99\)/);

  // A client that fetched a few types skips the others, whatever they are (upstream's apply_events).
  const few = queue(CLIENTS.findIndex((c) => c.name === 'some types'));
  assert.equal(applyPolled(few, [{ id: 0, type: 'no_such_type' }, { id: 1, type: 'presence' }]), []);
  assert.ok(few.follow !== undefined);
});

test('a difference: the fresh registration fails the expectation (ids as variables, the run’s token as ${uniq}), the applied state meets it', () => {
  const q = queue();
  applyPolled(q, [
    { id: 0, type: 'subscription', op: 'peer_add', stream_ids: [8], user_ids: [7] },
    { id: 1, type: 'drafts', op: 'add', drafts: [{ id: 3, type: 'stream', to: [8], topic: 't', content: 'x', timestamp: 1 }] },
  ]);
  assert.equal(stateProblems(q, { ...registration(), drafts: [{ id: 3, type: 'stream', to: [8], topic: 't', content: 'x', timestamp: 1 }], subscriptions: [channel(2, 'Denmark', [6, 5]), channel(8, 'pAB12c1', [7, 6])] }, false, templating), []);

  // A server that forgot the new subscriber, listed a draft the events never told of, and moved max_message_id.
  const fresh = { ...registration(), max_message_id: 12, drafts: [{ id: 3, type: 'stream', to: [8], topic: 't', content: 'x', timestamp: 1 }, { id: 4, type: 'private', to: [], topic: '', content: 'y', timestamp: 2 }] };
  const [problem] = stateProblems(q, fresh, false, templating);
  assert.match(problem!.message, /member's client \(every capability\) applied the 2 events of queue q1 to its registration state, which then differs from a fresh registration's: /);
  assert.match(problem!.message, /max_message_id: applied 10 \/ fresh 12/);
  assert.equal(problem!.expect, {
    status: 200,
    json_paths: { max_message_id: 10, 'subscriptions[?stream_id=${c1}].subscribers': [{ $unordered: ['${user:member.id}', '${u1_id}'] }] },
    absent: ['drafts[?id=4]'],
  });
  assert.ok(fails(problem!.expect!, fresh).length === 3, fails(problem!.expect!, fresh).join('; '));
  const applied = { result: 'success', msg: '', ...finishClientState(q.follow!.state) };
  assert.equal(fails(problem!.expect!, applied), []);

  // A channel's name with the run's token in a path: written with ${uniq}.
  const renamed = { ...fresh, max_message_id: 10, drafts: [{ id: 3, type: 'stream', to: [8], topic: 't', content: 'x', timestamp: 1 }], subscriptions: [channel(2, 'Denmark', [5, 6]), { ...channel(8, 'pAB12c1', [6, 7]), description: 'new' }] };
  const [named] = stateProblems(q, renamed, false, templating);
  assert.equal(named!.expect!.json_paths, { 'subscriptions[?stream_id=${c1}].description': [''] });
  const listed = { ...renamed, subscriptions: [channel(2, 'Denmark', [5, 6])], unsubscribed: [channel(8, 'pAB12c1', [6, 7])] };
  const [moved] = stateProblems(q, listed, false, templating);
  assert.equal(moved!.expect!.json_paths?.['subscriptions[?stream_id=${c1}]'], [
    // Normalised: no subscriber_count; no first_message_id, the channel not being subscribed in the fresh state.
    { stream_id: '${c1}', name: 'p${uniq}c1', description: '', subscribers: { $unordered: ['${user:member.id}', '${u1_id}'] }, color: '#fff' },
  ]);
  assert.equal(moved!.expect!.absent, ['unsubscribed[?stream_id=${c1}]']);
  assert.ok(fails(moved!.expect!, listed).length > 0);
  assert.equal(fails(moved!.expect!, applied), []);
});

test('a guest who left a channel: max_message_id is left out, as upstream’s test leaves it', () => {
  const q = queue();
  assert.equal(stateProblems(q, { ...registration(), max_message_id: 4 }, true, templating), []);
  assert.is(stateProblems(q, { ...registration(), max_message_id: 4 }, false, templating).length, 1);
});

test('the events family frames most sequences with a followed queue, registered first and held to a fresh registration last', () => {
  const frames = fc.sample(frameFor(new Set(['events', 'channels'])), { seed: 1, numRuns: 200 });
  const framed = frames.filter((f) => f.first.length > 0);
  assert.ok(framed.length > 150 && framed.length < 200, `${framed.length} of 200`);
  for (const f of framed) {
    assert.match(f.first.map(String).join(), /^RegisterQueue\(\d+, [a-z ]+\)$/);
    assert.equal(f.last.map(String), ['ApplyEvents(every queue)']);
  }
  assert.ok(!framed.some((f) => /all public channels|narrow/.test(String(f.first[0]))), 'a plain registration: followed');
  assert.equal(fc.sample(frameFor(new Set(['channels'])), { seed: 1, numRuns: 5 }), Array(5).fill({ first: [], last: [] }));
});

test.run();
