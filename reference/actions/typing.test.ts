// POST /typing: who receives the typing event (read back with control.events), what it
// says, and that every refusal leaves the state exactly as it was.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import type { User } from '../state/types.ts';

const id = (ref: Reference, name: string) => ref.store.userByEmail(`${name}@zulip.com`)!.user_id;
const typing = (ref: Reference, who: string | number, params: Record<string, unknown>) => callAs(ref, who, 'POST', '/typing', params);
const channelId = (ref: Reference, name: string) => ref.store.channelByName(name)!.stream_id;
const setUser = (ref: Reference, userId: number, change: Partial<User>) => ref.store.putUser({ ...ref.store.user(userId)!, ...change });

/** The typing events each user received since the mark. */
function typingSince(ref: Reference, from: number): Map<number, Array<Record<string, unknown>>> {
  const out = new Map<number, Array<Record<string, unknown>>>();
  for (const u of ref.store.data.users.values()) {
    const mine = ref.control.events(u.user_id, 10_000).filter((e) => (e['id'] as number) >= from && e['type'] === 'typing');
    if (mine.length > 0) out.set(u.user_id, mine);
  }
  return out;
}
/** The sequence number the next emitted event will carry (control.events ids). */
const mark = (ref: Reference) => ref.store.data.ids['event_record'] ?? 0;
const receivers = (ref: Reference, from: number) => [...typingSince(ref, from).keys()].sort((a, b) => a - b);

function refused(ref: Reference, who: string | number, params: Record<string, unknown>, status: number, code: string, msg: string): void {
  const res = assertUnchanged(ref, () => typing(ref, who, params));
  assert.equal([res.status, res.json['code'], res.json['msg']], [status, code, msg], JSON.stringify(params));
}

test('direct: the listed users and the sender, appended last, get one event naming all of them', () => {
  const ref = createReference();
  const [hamlet, cordelia, othello] = [id(ref, 'hamlet'), id(ref, 'cordelia'), id(ref, 'othello')];
  const from = mark(ref);
  const res = typing(ref, 'hamlet', { op: 'start', to: [othello, cordelia] });
  assert.equal([res.status, res.json], [200, { result: 'success', msg: '' }]);
  const got = typingSince(ref, from);
  assert.equal([...got.keys()].sort((a, b) => a - b), [hamlet, cordelia, othello]);
  const event = got.get(cordelia)![0]!;
  assert.equal(event, {
    id: event['id'],
    type: 'typing',
    op: 'start',
    message_type: 'direct',
    sender: { user_id: hamlet, email: 'hamlet@zulip.com' },
    recipients: [
      { user_id: othello, email: 'othello@zulip.com' },
      { user_id: cordelia, email: 'cordelia@zulip.com' },
      { user_id: hamlet, email: 'hamlet@zulip.com' },
    ],
  });
  assert.equal(got.get(hamlet), [event], 'the sender gets the same event once');
});

test('direct: typing to oneself, and stop, reach only the sender', () => {
  const ref = createReference();
  const hamlet = id(ref, 'hamlet');
  const from = mark(ref);
  assert.is(typing(ref, 'hamlet', { op: 'stop', to: [hamlet] }).status, 200);
  const got = typingSince(ref, from);
  assert.equal([...got.keys()], [hamlet]);
  const event = got.get(hamlet)![0]!;
  assert.is(event['op'], 'stop');
  assert.equal(event['recipients'], [{ user_id: hamlet, email: 'hamlet@zulip.com' }]);
});

test('direct: deactivated users are named but not told; a hidden email is the placeholder', () => {
  const ref = createReference();
  const [hamlet, cordelia] = [id(ref, 'hamlet'), id(ref, 'cordelia')];
  const gone = ref.control.addUser({ email: 'gone@zulip.com', full_name: 'Gone', is_active: false }).user_id;
  const othello = id(ref, 'othello');
  setUser(ref, othello, { email_address_visibility: 4 });
  const from = mark(ref);
  assert.is(typing(ref, 'hamlet', { op: 'start', to: [gone, cordelia, othello] }).status, 200);
  assert.equal(receivers(ref, from), [hamlet, cordelia, othello]);
  const event = typingSince(ref, from).get(hamlet)![0]!;
  assert.equal(
    (event['recipients'] as Array<{ user_id: number; email: string }>).map((r) => r.email),
    ['gone@zulip.com', 'cordelia@zulip.com', `user${othello}@zulip.localhost`, 'hamlet@zulip.com'],
  );
});

test('direct: a cross-realm bot is a valid recipient; an unknown id rejects the whole request', () => {
  const ref = createReference();
  const bot = ref.store.userByEmail('notification-bot@zulip.com')!.user_id;
  const from = mark(ref);
  assert.is(typing(ref, 'hamlet', { op: 'start', to: [bot] }).status, 200);
  assert.equal(receivers(ref, from), [bot, id(ref, 'hamlet')].sort((a, b) => a - b));
  refused(ref, 'hamlet', { op: 'start', to: [id(ref, 'cordelia'), 9999, 9998] }, 400, 'BAD_REQUEST', 'Invalid user ID 9999');
});

test('channel: the subscribers, the sender only if subscribed', () => {
  const ref = createReference();
  const scotland = channelId(ref, 'Scotland');
  const from = mark(ref);
  const res = typing(ref, 'cordelia', { op: 'start', type: 'channel', stream_id: scotland, topic: 'plans' });
  assert.is(res.status, 200);
  assert.equal(receivers(ref, from), ref.store.subscribers(scotland));
  assert.not.ok(ref.store.subscribers(scotland).includes(id(ref, 'cordelia')));
  const event = typingSince(ref, from).get(id(ref, 'hamlet'))![0]!;
  assert.equal(event, {
    id: event['id'],
    type: 'typing',
    op: 'start',
    message_type: 'stream',
    sender: { user_id: id(ref, 'cordelia'), email: 'cordelia@zulip.com' },
    stream_id: scotland,
    topic: 'plans',
  });
});

test('channel: the topic is stripped, and "general chat" and "(no topic)" mean the empty topic', () => {
  const ref = createReference();
  const verona = channelId(ref, 'Verona');
  for (const [given, sent] of [['  general chat ', ''], ['(no topic)', ''], [' plans ', 'plans'], ['General Chat', 'General Chat']] as const) {
    const from = mark(ref);
    assert.is(typing(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: verona, subject: given }).status, 200);
    assert.is(typingSince(ref, from).get(id(ref, 'hamlet'))![0]!['topic'], sent, given);
  }
});

test('channel: more than 100 subscribers, no event at all; exactly 100, everyone', () => {
  const ref = createReference();
  const res = callAs(ref, 'hamlet', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'crowd' }] });
  assert.is(res.status, 200, res.body);
  const crowd = channelId(ref, 'crowd');
  const ids = Array.from({ length: 99 }, (_, i) => ref.control.addUser({ email: `crowd${i}@zulip.com`, full_name: `Crowd ${i}` }).user_id);
  assert.is(callAs(ref, 'iago', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'crowd' }], principals: ids }).status, 200);
  assert.is(ref.store.subscriberCount(crowd), 100);
  let from = mark(ref);
  assert.is(typing(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: crowd, topic: 't' }).status, 200);
  assert.is(receivers(ref, from).length, 100);
  assert.is(callAs(ref, 'cordelia', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'crowd' }] }).status, 200);
  from = mark(ref);
  const res101 = typing(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: crowd, topic: 't' });
  assert.equal([res101.status, res101.json['result']], [200, 'success']);
  assert.equal(receivers(ref, from), []);
});

test('channel refusals, in order, each leaving the state unchanged', () => {
  const ref = createReference();
  const verona = channelId(ref, 'Verona');
  refused(ref, 'hamlet', { op: 'start', type: 'channel', topic: 't' }, 400, 'BAD_REQUEST', "Missing 'stream_id' argument");
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: 9999 }, 400, 'BAD_REQUEST', 'Missing topic');
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: 9999, topic: 't' }, 400, 'BAD_REQUEST', 'Invalid channel ID');
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: channelId(ref, 'moderation requests'), topic: 't' }, 400, 'BAD_REQUEST', 'Invalid channel ID');
  refused(ref, 'polonius', { op: 'start', type: 'channel', stream_id: channelId(ref, 'Scotland'), topic: 't' }, 400, 'BAD_REQUEST', 'Invalid channel ID');
  // Only administrators may post: the send permission, after access.
  const res = callAs(ref, 'iago', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'announce' }], can_send_message_group: { direct_members: [id(ref, 'iago')], direct_subgroups: [] } });
  assert.is(res.status, 200, res.body);
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: channelId(ref, 'announce'), topic: 't' }, 400, 'BAD_REQUEST', 'You do not have permission to post in this channel.');
  // An archived channel is out of reach.
  assert.is(ref.dispatch({ method: 'POST', path: `/_understudy/channels/${verona}/archive` }).status, 200);
  refused(ref, 'cordelia', { op: 'start', type: 'channel', stream_id: verona, topic: 't' }, 400, 'BAD_REQUEST', 'Invalid channel ID');
});

test('direct refusals, in order, each leaving the state unchanged', () => {
  const ref = createReference();
  refused(ref, 'hamlet', { op: 'start' }, 400, 'BAD_REQUEST', "Missing 'to' argument");
  refused(ref, 'hamlet', { op: 'start', to: 'null' }, 400, 'BAD_REQUEST', "Missing 'to' argument");
  refused(ref, 'hamlet', { op: 'start', to: [] }, 400, 'BAD_REQUEST', "Empty 'to' list");
  refused(ref, 'hamlet', { op: 'start', to: [9999], stream_id: 1 }, 400, 'BAD_REQUEST', 'Invalid user ID 9999');
});

test('parameters: the first malformed one in the order to, op, type, stream_id, topic', () => {
  const ref = createReference();
  refused(ref, 'hamlet', { to: '[1', op: 'sideways', type: 'x' }, 400, 'BAD_REQUEST', 'to is not valid JSON');
  refused(ref, 'hamlet', { to: '"7"', type: 'x' }, 400, 'BAD_REQUEST', 'to is not a list');
  refused(ref, 'hamlet', { to: [7, '8'] }, 400, 'BAD_REQUEST', 'to[1] is not an integer');
  refused(ref, 'hamlet', { to: [7], type: 'x' }, 400, 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument");
  refused(ref, 'hamlet', { op: 'sideways', type: 'x' }, 400, 'BAD_REQUEST', 'Invalid op');
  refused(ref, 'hamlet', { op: 'start', type: 'x', stream_id: 'x' }, 400, 'BAD_REQUEST', 'Invalid type');
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: 'x' }, 400, 'BAD_REQUEST', 'stream_id is not valid JSON');
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: '"1"' }, 400, 'BAD_REQUEST', 'stream_id is not an integer');
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: 1, topic: 't', subject: 't' }, 400, 'REQUEST_CONFUSING_VAR', "Can't decide between 'topic' and 'subject' arguments");
  // `to` is ignored for channels and stream_id for direct messages, but both are parsed.
  assert.is(typing(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: 1, topic: 't', to: [9999] }).status, 200);
  assert.is(typing(ref, 'hamlet', { op: 'start', to: [7], stream_id: 9999, topic: 't' }).status, 200);
});

test("feature levels: 'private' accepted before 215, 'channel' only from 248", () => {
  const ref = createReference();
  refused(ref, 'hamlet', { op: 'start', type: 'private', to: [7] }, 400, 'BAD_REQUEST', 'Invalid type');
  ref.control.setConfig({ feature_level: 214 });
  const from = mark(ref);
  assert.is(typing(ref, 'hamlet', { op: 'start', type: 'private', to: [7] }).status, 200);
  assert.equal(receivers(ref, from), [6, 7]);
  refused(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: 1, topic: 't' }, 400, 'BAD_REQUEST', 'Invalid type');
  ref.control.setConfig({ feature_level: 248 });
  refused(ref, 'hamlet', { op: 'start', type: 'private', to: [7] }, 400, 'BAD_REQUEST', 'Invalid type');
  assert.is(typing(ref, 'hamlet', { op: 'start', type: 'channel', stream_id: 1, topic: 't' }).status, 200);
});

test.run();
