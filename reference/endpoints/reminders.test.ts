// Reminders through dispatch, as the fixture characters: the text of a reminder in the
// real server's format (zerver/tests/test_reminders.py), the note and its limit, who may
// be reminded of what, GET, DELETE, the events and the registration state. Every refusal
// leaves the state exactly as it was. Delivery: actions/deliver-due.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_REMINDER_NOTE_LENGTH } from '../domain/limits.ts';
import { remindersInitialState } from '../domain/reminders.ts';
import { unusedFence } from '../domain/reminder-content.ts';
import { createReference, type Reference } from '../index.ts';
import type { User } from '../state/types.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';

const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;
const URL = 'http://localhost:9991';

type Params = Record<string, unknown>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const nowS = (ref: Reference) => Math.floor(ref.control.now() / 1000);

function ok(ref: Reference, who: number, method: string, path: string, params: Params = {}): Json {
  const res = callAs(ref, who, method, path, params);
  assert.is(res.status, 200, res.body);
  return res.json as Json;
}

function refused(ref: Reference, who: number, method: string, path: string, params: Params, msg: string, status = 400, code = 'BAD_REQUEST'): void {
  const res = assertUnchanged(ref, () => callAs(ref, who, method, path, params));
  assert.is(res.json['msg'], msg, `${method} ${path} ${JSON.stringify(params)}`);
  assert.is(res.json['code'], code);
  assert.is(res.status, status);
}

const send = (ref: Reference, who: number, params: Params): number => ok(ref, who, 'POST', '/messages', params)['id'];
const inVerona = (ref: Reference, content: string, topic = 'test') => send(ref, HAMLET, { type: 'stream', to: 'Verona', topic, content });
const toOthello = (ref: Reference, content: string) => send(ref, HAMLET, { type: 'direct', to: [OTHELLO], content });
const remind = (ref: Reference, who: number, messageId: number, more: Params = {}): number =>
  ok(ref, who, 'POST', '/reminders', { message_id: messageId, scheduled_delivery_timestamp: nowS(ref) + 86_400, ...more })['reminder_id'];
const list = (ref: Reference, who: number): Json[] => ok(ref, who, 'GET', '/reminders')['reminders'];
const contentOf = (ref: Reference, id: number) => list(ref, HAMLET).find((r) => r.reminder_id === id)?.content as string;

const channelText = (id: number, content: string, note = '', topic = 'test', encoded = topic) =>
  `You requested a reminder for #**Verona>${topic}@${id}**.${note && ` Note:\n > ${note}`}\n\n` +
  `@_**King Hamlet|${HAMLET}** [said](${URL}/#narrow/channel/1-Verona/topic/${encoded}/near/${id}):\n\`\`\`quote\n${content}\n\`\`\``;
const directText = (id: number, content: string, note = '') =>
  `You requested a reminder for the following direct message.${note && ` Note:\n > ${note}`}\n\n` +
  `@_**King Hamlet|${HAMLET}** [said](${URL}/#narrow/dm/${HAMLET},${OTHELLO}/near/${id}):\n\`\`\`quote\n${content}\n\`\`\``;

test('a reminder about a channel message or a direct message, with or without a note, in the real format', () => {
  const ref = createReference();
  const inChannel = inVerona(ref, 'Test message');
  const direct = toOthello(ref, 'Test message');
  assert.is(contentOf(ref, remind(ref, HAMLET, inChannel)), channelText(inChannel, 'Test message'));
  assert.is(contentOf(ref, remind(ref, HAMLET, direct)), directText(direct, 'Test message'));
  const note = 'This is a note for the reminder.';
  assert.is(contentOf(ref, remind(ref, HAMLET, inChannel, { note })), channelText(inChannel, 'Test message', note));
  assert.is(contentOf(ref, remind(ref, HAMLET, direct, { note: `\n\n${note}  \n` })), directText(direct, 'Test message', note));
  // Formatting characters pass through; the topic is encoded in the link.
  const braces = inVerona(ref, '{456}', '{789}');
  assert.is(contentOf(ref, remind(ref, HAMLET, braces, { note: '{123}' })), channelText(braces, '{456}', '{123}', '{789}', '.7B789.7D'));
  // A note of only whitespace is no note.
  assert.is(contentOf(ref, remind(ref, HAMLET, direct, { note: ' \n ' })), directText(direct, 'Test message'));
});

test('polls and todo lists are named, not quoted; a long message is cut to fit; the fence follows the text before the quote', () => {
  const ref = createReference();
  const poll = toOthello(ref, '/poll What is your favorite color?');
  assert.is(contentOf(ref, remind(ref, HAMLET, poll)), `You requested a reminder for the following direct message.\n\n@_**King Hamlet|${HAMLET}** [sent](${URL}/#narrow/dm/6,8/near/${poll}) a poll.`);
  const todo = toOthello(ref, '/todo List of tasks');
  assert.match(contentOf(ref, remind(ref, HAMLET, todo)), new RegExp(`\\[sent\\]\\(${URL}/#narrow/dm/6,8/near/${todo}\\) a todo list\\.$`));
  const long = toOthello(ref, 'x'.repeat(10_000));
  const wrapper = directText(long, '\n[message truncated]').length;
  assert.is(contentOf(ref, remind(ref, HAMLET, long)), directText(long, `${'x'.repeat(10_000 - wrapper)}\n[message truncated]`));
  assert.is([...contentOf(ref, remind(ref, HAMLET, long))].length, 10_000);
  assert.is(unusedFence('a\n```\n  ````x\n    `````'), '`````');
  const fenced = contentOf(ref, remind(ref, HAMLET, long, { note: 'see\n```' }));
  assert.ok(fenced.includes('\n````quote\n'), fenced.slice(0, 200));
});

test('a channel or topic name that would break the #**channel>topic@id** syntax gets a plain link instead', () => {
  const ref = createReference();
  const id = inVerona(ref, 'x', 'a > b');
  assert.ok(contentOf(ref, remind(ref, HAMLET, id)).startsWith(`You requested a reminder for [#Verona > a &gt; b @ 💬](#narrow/channel/1-Verona/topic/a.20.3E.20b/near/${id}).`));
});

test('the note: from feature level 415, and at most max_reminder_note_length characters', () => {
  const ref = createReference();
  const id = inVerona(ref, 'm');
  remind(ref, HAMLET, id, { note: 'n'.repeat(MAX_REMINDER_NOTE_LENGTH) + '   ' });
  refused(ref, HAMLET, 'POST', '/reminders', { message_id: id, scheduled_delivery_timestamp: nowS(ref) + 60, note: 'n'.repeat(MAX_REMINDER_NOTE_LENGTH + 1) }, `Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  ref.control.setConfig({ feature_level: 414 });
  const res = ok(ref, HAMLET, 'POST', '/reminders', { message_id: id, scheduled_delivery_timestamp: nowS(ref) + 60, note: 'not read' });
  assert.equal(res['ignored_parameters_unsupported'], ['note']);
  assert.is(contentOf(ref, res['reminder_id']), channelText(id, 'm'));
});

test('every refusal of POST /reminders changes nothing: the time first, then access to the message', () => {
  const ref = createReference();
  const t = nowS(ref);
  const direct = toOthello(ref, 'between us');
  const secret = send(ref, HAMLET, { type: 'stream', to: 'core team', topic: 'secret', content: 'hidden' });
  const post = (who: number, params: Params, msg: string, code = 'BAD_REQUEST') => refused(ref, who, 'POST', '/reminders', params, msg, 400, code);
  post(HAMLET, { scheduled_delivery_timestamp: t + 60 }, "Missing 'message_id' argument", 'REQUEST_VARIABLE_MISSING');
  post(HAMLET, { message_id: '"1"', scheduled_delivery_timestamp: t + 60 }, 'message_id is not an integer');
  post(HAMLET, { message_id: direct }, "Missing 'scheduled_delivery_timestamp' argument", 'REQUEST_VARIABLE_MISSING');
  post(HAMLET, { message_id: 123_456_789, scheduled_delivery_timestamp: t - 86_400 }, 'Scheduled delivery time must be in the future.');
  post(HAMLET, { message_id: direct, scheduled_delivery_timestamp: t }, 'Scheduled delivery time must be in the future.');
  post(HAMLET, { message_id: 123_456_789, scheduled_delivery_timestamp: t + 60 }, 'Invalid message(s)');
  post(CORDELIA, { message_id: direct, scheduled_delivery_timestamp: t + 60 }, 'Invalid message(s)');
  post(CORDELIA, { message_id: secret, scheduled_delivery_timestamp: t + 60 }, 'Invalid message(s)');
  assert.equal(list(ref, CORDELIA), []);
});

test('GET lists the owner’s reminders by delivery time; events and the registration state agree', () => {
  const ref = createReference();
  const t = nowS(ref);
  const id = inVerona(ref, 'one');
  const log = emissions(ref);
  const late = remind(ref, HAMLET, id, { scheduled_delivery_timestamp: t + 500 });
  const early = remind(ref, HAMLET, id, { scheduled_delivery_timestamp: t + 100 });
  const mine = list(ref, HAMLET);
  assert.equal(mine.map((r) => r.reminder_id), [early, late]);
  assert.equal(mine[0], {
    reminder_id: early,
    to: [HAMLET],
    type: 'private',
    content: channelText(id, 'one'),
    rendered_content: mine[0]?.rendered_content,
    scheduled_delivery_timestamp: t + 100,
    failed: false,
    reminder_target_message_id: id,
  });
  assert.match(mine[0]?.rendered_content, /^<p>You requested a reminder for <a class="message-link"/);
  assert.equal(log.map((e) => [e.users, e.event]), [
    [[HAMLET], { type: 'reminders', op: 'add', reminders: [mine[1]] }],
    [[HAMLET], { type: 'reminders', op: 'add', reminders: [mine[0]] }],
  ]);
  assert.equal(remindersInitialState({ store: ref.store, user: ref.store.user(HAMLET) as User }), { reminders: mine });
  assert.equal(list(ref, CORDELIA), []);
  // Anyone who can read a message may be reminded of it.
  remind(ref, CORDELIA, id);
  assert.is(list(ref, CORDELIA).length, 1);
  assert.is(list(ref, HAMLET).length, 2);
});

test('DELETE removes the reminder and tells the owner; a foreign or missing one is 404 alike', () => {
  const ref = createReference();
  const id = remind(ref, HAMLET, inVerona(ref, 'x'));
  const foreign = assertUnchanged(ref, () => callAs(ref, CORDELIA, 'DELETE', `/reminders/${id}`));
  const absent = assertUnchanged(ref, () => callAs(ref, CORDELIA, 'DELETE', `/reminders/99999`));
  assert.equal([foreign.status, foreign.body], [absent.status, absent.body]);
  assert.equal([foreign.status, foreign.json['msg'], foreign.json['code']], [404, 'Reminder does not exist', 'BAD_REQUEST']);
  const log = emissions(ref);
  ok(ref, HAMLET, 'DELETE', `/reminders/${id}`);
  assert.equal(log.map((e) => [e.users, e.event]), [[[HAMLET], { type: 'reminders', op: 'remove', reminder_id: id }]]);
  assert.equal(list(ref, HAMLET), []);
  refused(ref, HAMLET, 'DELETE', `/reminders/${id}`, {}, 'Reminder does not exist', 404);
});

test.run();
