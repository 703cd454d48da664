// Scheduled messages through dispatch, as the fixture characters: every rule of POST,
// PATCH and DELETE (zerver/tests/test_scheduled_messages.py, zerver/views/
// scheduled_messages.py), the objects GET lists, the events, and the registration state.
// Every refusal leaves the state exactly as it was. Delivery: actions/deliver-due.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scheduledMessagesInitialState } from '../domain/scheduled-messages.ts';
import { createReference, type Reference } from '../index.ts';
import type { Channel, User } from '../state/types.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';

const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;
const VERONA = 1;
const CORE_TEAM = 6; // private; Hamlet is subscribed, Cordelia is not

type Params = Record<string, unknown>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const nowS = (ref: Reference) => Math.floor(ref.control.now() / 1000);

function ok(ref: Reference, who: number, method: string, path: string, params: Params = {}): Json {
  const res = callAs(ref, who, method, path, params);
  assert.is(res.status, 200, res.body);
  return res.json as Json;
}

function refused(ref: Reference, who: number, method: string, path: string, params: Params, msg: string, status = 400, code = 'BAD_REQUEST'): Json {
  const res = assertUnchanged(ref, () => callAs(ref, who, method, path, params));
  assert.is(res.json['msg'], msg, `${method} ${path} ${JSON.stringify(params)}`);
  assert.is(res.json['code'], code);
  assert.is(res.status, status);
  return res.json as Json;
}

const channelMessage = (ref: Reference, more: Params = {}): Params => ({
  type: 'channel',
  to: VERONA,
  topic: 'later',
  content: 'hello **there**',
  scheduled_delivery_timestamp: nowS(ref) + 3600,
  ...more,
});
const directMessage = (ref: Reference, more: Params = {}): Params => ({ type: 'direct', to: [OTHELLO], content: 'psst', scheduled_delivery_timestamp: nowS(ref) + 600, ...more });

const schedule = (ref: Reference, who: number, params: Params): number => ok(ref, who, 'POST', '/scheduled_messages', params)['scheduled_message_id'];
const list = (ref: Reference, who: number): Json[] => ok(ref, who, 'GET', '/scheduled_messages')['scheduled_messages'];

test('channel and direct messages are scheduled in every spelling, listed by delivery time, and announced to the sender only', () => {
  const ref = createReference();
  const t = nowS(ref);
  const log = emissions(ref);
  const a = schedule(ref, HAMLET, channelMessage(ref));
  const b = schedule(ref, HAMLET, directMessage(ref, { to: [OTHELLO, CORDELIA, OTHELLO] }));
  const c = schedule(ref, HAMLET, { type: 'stream', to: VERONA, subject: '  spelled old  ', content: 'x', scheduled_delivery_timestamp: t + 600 });
  const d = schedule(ref, HAMLET, { type: 'private', to: [HAMLET], content: 'note to self', scheduled_delivery_timestamp: t + 60 });
  assert.equal(list(ref, HAMLET), [
    { scheduled_message_id: d, to: [HAMLET], type: 'private', content: 'note to self', rendered_content: '<p>note to self</p>', scheduled_delivery_timestamp: t + 60, failed: false },
    { scheduled_message_id: b, to: [CORDELIA, OTHELLO], type: 'private', content: 'psst', rendered_content: '<p>psst</p>', scheduled_delivery_timestamp: t + 600, failed: false },
    { scheduled_message_id: c, to: VERONA, type: 'stream', content: 'x', rendered_content: '<p>x</p>', topic: 'spelled old', scheduled_delivery_timestamp: t + 600, failed: false },
    {
      scheduled_message_id: a,
      to: VERONA,
      type: 'stream',
      content: 'hello **there**',
      rendered_content: '<p>hello <strong>there</strong></p>',
      topic: 'later',
      scheduled_delivery_timestamp: t + 3600,
      failed: false,
    },
  ]);
  assert.equal(list(ref, CORDELIA), []);
  const events = log.filter((e) => e.event['type'] === 'scheduled_messages');
  assert.equal(events.map((e) => e.users), [[HAMLET], [HAMLET], [HAMLET], [HAMLET]]);
  assert.equal(events[0]?.event, { type: 'scheduled_messages', op: 'add', scheduled_messages: [list(ref, HAMLET)[3]] });
  assert.equal(scheduledMessagesInitialState({ store: ref.store, user: ref.store.user(HAMLET) as User }), { scheduled_messages: list(ref, HAMLET) });
  assert.equal(scheduledMessagesInitialState({ store: ref.store, user: ref.store.user(CORDELIA) as User }), { scheduled_messages: [] });
});

test('topics: the empty topic and its aliases, the channel topics policy, truncation', () => {
  const ref = createReference();
  const id = schedule(ref, HAMLET, channelMessage(ref, { topic: '(no topic)' }));
  assert.is(list(ref, HAMLET).find((m) => m.scheduled_message_id === id)?.topic, '');
  const long = schedule(ref, HAMLET, channelMessage(ref, { topic: 'y'.repeat(80), content: 'z'.repeat(10_001) }));
  const m = list(ref, HAMLET).find((x) => x.scheduled_message_id === long) as Json;
  assert.is(m.topic, `${'y'.repeat(57)}...`);
  assert.ok((m.content as string).endsWith('\n[message truncated]'));
  ref.store.putChannel({ ...(ref.store.channel(VERONA) as Channel), topics_policy: 'disable_empty_topic' });
  refused(ref, HAMLET, 'POST', '/scheduled_messages', channelMessage(ref, { topic: '' }), 'Sending messages to the general chat topic is not allowed in this channel.');
  ref.store.putChannel({ ...(ref.store.channel(VERONA) as Channel), topics_policy: 'empty_topic_only' });
  refused(ref, HAMLET, 'POST', '/scheduled_messages', channelMessage(ref), 'Only the general chat topic is allowed in this channel.');
});

test('every refusal of POST /scheduled_messages, in the order the server checks, changes nothing', () => {
  const ref = createReference();
  ref.control.addUser({ email: 'gone@zulip.com', full_name: 'Gone', is_active: false });
  const gone = (ref.store.userByEmail('gone@zulip.com') as User).user_id;
  const t = nowS(ref);
  const post = (params: Params, msg: string, code = 'BAD_REQUEST') => refused(ref, HAMLET, 'POST', '/scheduled_messages', params, msg, 400, code);
  const { content: _content, ...noContent } = channelMessage(ref);
  post(noContent, "Missing 'content' argument", 'REQUEST_VARIABLE_MISSING');
  post(channelMessage(ref, { read_by_sender: 'maybe' }), 'read_by_sender is not valid JSON');
  post(channelMessage(ref, { read_by_sender: 1 }), 'read_by_sender is not a boolean');
  const { to: _to, ...noTo } = channelMessage(ref);
  post(noTo, "Missing 'to' argument", 'REQUEST_VARIABLE_MISSING');
  post(channelMessage(ref, { to: 'Verona' }), 'to is not valid JSON');
  post(directMessage(ref, { to: ['othello@zulip.com'] }), 'to["int"] is not an integer');
  post(channelMessage(ref, { type: 'huddle' }), 'Invalid type: Value error, Not in the list of possible values');
  const { scheduled_delivery_timestamp: _ts, ...noTime } = channelMessage(ref);
  post(noTime, "Missing 'scheduled_delivery_timestamp' argument", 'REQUEST_VARIABLE_MISSING');
  post(channelMessage(ref, { scheduled_delivery_timestamp: '"soon"' }), 'scheduled_delivery_timestamp is not an integer');
  // The time is checked before the recipients.
  post(channelMessage(ref, { to: [99_999], scheduled_delivery_timestamp: t - 86_400 }), 'Scheduled delivery time must be in the future.');
  post(channelMessage(ref, { scheduled_delivery_timestamp: t }), 'Scheduled delivery time must be in the future.');
  post(channelMessage(ref, { scheduled_delivery_timestamp: 253_402_300_800 }), 'Invalid scheduled_delivery_timestamp');
  post(channelMessage(ref, { to: [VERONA] }), 'Invalid data type for channel ID');
  post(directMessage(ref, { to: OTHELLO }), 'Invalid data type for recipients');
  const missing = post(channelMessage(ref, { to: 99_999 }), "Channel with ID '99999' does not exist", 'STREAM_DOES_NOT_EXIST');
  assert.is(missing['stream_id'], 99_999);
  post(directMessage(ref, { to: [OTHELLO, 99_999] }), 'Invalid user ID 99999');
  post(directMessage(ref, { to: [] }), 'Message must have recipients');
  post(directMessage(ref, { to: [gone] }), "'gone@zulip.com' is no longer using Zulip.");
  const { topic: _topic, ...noTopic } = channelMessage(ref);
  post(noTopic, 'Missing topic');
  post(channelMessage(ref, { content: ' \n ' }), 'Message must not be empty');
  post(channelMessage(ref, { content: 'a\u0000b' }), 'Message must not contain null bytes');
  refused(ref, CORDELIA, 'POST', '/scheduled_messages', channelMessage(ref, { to: CORE_TEAM }), "Not authorized to send to channel 'core team'");
  assert.equal(list(ref, HAMLET), []);
});

test("the 'channel' type exists from feature level 248", () => {
  const ref = createReference();
  ref.control.setConfig({ feature_level: 247 });
  refused(ref, HAMLET, 'POST', '/scheduled_messages', channelMessage(ref), 'Invalid type: Value error, Not in the list of possible values');
  schedule(ref, HAMLET, channelMessage(ref, { type: 'stream' }));
  ref.control.setConfig({ feature_level: 248 });
  schedule(ref, HAMLET, channelMessage(ref));
});

test('PATCH edits each field as the real server allows, and always tells the sender', () => {
  const ref = createReference();
  const t = nowS(ref);
  const id = schedule(ref, HAMLET, channelMessage(ref));
  const other = schedule(ref, HAMLET, directMessage(ref));
  const log = emissions(ref);
  const edit = (params: Params) => ok(ref, HAMLET, 'PATCH', `/scheduled_messages/${id}`, params);
  const current = () => list(ref, HAMLET).find((m) => m.scheduled_message_id === id) as Json;

  edit({ content: 'new *words*' });
  assert.equal([current().content, current().rendered_content], ['new *words*', '<p>new <em>words</em></p>']);
  edit({ topic: 'renamed' });
  assert.is(current().topic, 'renamed');
  edit({ scheduled_delivery_timestamp: t + 30 });
  assert.equal(list(ref, HAMLET).map((m) => m.scheduled_message_id), [id, other]);
  edit({ type: 'direct', to: [CORDELIA] });
  assert.equal(current(), { scheduled_message_id: id, to: [CORDELIA], type: 'private', content: 'new *words*', rendered_content: '<p>new <em>words</em></p>', scheduled_delivery_timestamp: t + 30, failed: false });
  // A topic for a direct message is ignored, and still an edit.
  edit({ topic: 'ignored' });
  assert.is(current().topic, undefined);
  edit({ type: 'channel', to: VERONA, topic: 'back' });
  assert.equal([current().type, current().to, current().topic], ['stream', VERONA, 'back']);
  edit({ to: 3 });
  assert.equal([current().to, current().topic], [3, 'back']);
  const updates = log.filter((e) => e.event['type'] === 'scheduled_messages');
  assert.is(updates.length, 7);
  assert.ok(updates.every((e) => e.users.length === 1 && e.users[0] === HAMLET && e.event['op'] === 'update'));
  assert.equal(updates.at(-1)?.event['scheduled_message'], current());
});

test('every refusal of PATCH, in the order the server checks, changes nothing', () => {
  const ref = createReference();
  const t = nowS(ref);
  const id = schedule(ref, HAMLET, channelMessage(ref));
  const dm = schedule(ref, HAMLET, directMessage(ref));
  const patch = (target: number, params: Params, msg: string, status = 400, code = 'BAD_REQUEST') =>
    refused(ref, HAMLET, 'PATCH', `/scheduled_messages/${target}`, params, msg, status, code);
  // The view's checks come before the message is looked up.
  patch(99_999, {}, 'Nothing to change');
  patch(99_999, { type: 'direct' }, 'Recipient required when updating type of scheduled message.');
  patch(99_999, { type: 'stream', to: VERONA }, 'Topic required when updating scheduled message type to channel.');
  patch(99_999, { scheduled_delivery_timestamp: t }, 'Scheduled delivery time must be in the future.');
  patch(99_999, { type: 'group' }, 'Invalid type: Value error, Not in the list of possible values');
  patch(99_999, { to: '[' }, 'to is not valid JSON');
  patch(99_999, { content: 'x' }, 'Scheduled message does not exist', 404);
  patch(id, { type: 'direct', to: OTHELLO }, 'Invalid data type for recipients');
  patch(dm, { type: 'channel', to: [VERONA], topic: 't' }, 'Invalid data type for channel ID');
  patch(id, { to: 99_999 }, "Channel with ID '99999' does not exist", 400, 'STREAM_DOES_NOT_EXIST');
  patch(dm, { to: [99_999] }, 'Invalid user ID 99999');
  patch(id, { content: '  ' }, 'Message must not be empty');
  patch(id, { topic: 'bad\u0001topic' }, 'Invalid character in topic, at position 4!');
  // Another user's message is a missing one.
  const foreign = assertUnchanged(ref, () => callAs(ref, CORDELIA, 'PATCH', `/scheduled_messages/${id}`, { content: 'mine now' }));
  const absent = assertUnchanged(ref, () => callAs(ref, CORDELIA, 'PATCH', `/scheduled_messages/99999`, { content: 'mine now' }));
  assert.equal([foreign.status, foreign.body], [absent.status, absent.body]);
});

test('DELETE removes the scheduled message and tells the sender; a foreign or missing one is 404 alike', () => {
  const ref = createReference();
  const id = schedule(ref, HAMLET, channelMessage(ref));
  const foreign = assertUnchanged(ref, () => callAs(ref, CORDELIA, 'DELETE', `/scheduled_messages/${id}`));
  const absent = assertUnchanged(ref, () => callAs(ref, CORDELIA, 'DELETE', `/scheduled_messages/99999`));
  assert.equal([foreign.status, foreign.body], [absent.status, absent.body]);
  assert.is(foreign.json['msg'], 'Scheduled message does not exist');
  const log = emissions(ref);
  ok(ref, HAMLET, 'DELETE', `/scheduled_messages/${id}`);
  assert.equal(log.map((e) => [e.users, e.event]), [[[HAMLET], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: id }]]);
  assert.equal(list(ref, HAMLET), []);
  refused(ref, HAMLET, 'DELETE', `/scheduled_messages/${id}`, {}, 'Scheduled message does not exist', 404);
});

test('a reminder id is not a scheduled message id', () => {
  const ref = createReference();
  const message = ok(ref, HAMLET, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 't', content: 'remember' })['id'];
  const reminder = ok(ref, HAMLET, 'POST', '/reminders', { message_id: message, scheduled_delivery_timestamp: nowS(ref) + 60 })['reminder_id'];
  const id = schedule(ref, HAMLET, channelMessage(ref));
  assert.ok(id > reminder, 'one sequence for both');
  refused(ref, HAMLET, 'DELETE', `/scheduled_messages/${reminder}`, {}, 'Scheduled message does not exist', 404);
  refused(ref, HAMLET, 'PATCH', `/scheduled_messages/${reminder}`, { content: 'x' }, 'Scheduled message does not exist', 404);
  refused(ref, HAMLET, 'DELETE', `/reminders/${id}`, {}, 'Reminder does not exist', 404);
});

test.run();
