// POST /users/me/subscriptions as the fixture characters see it: who hears which event,
// what Notification Bot says, and that every refusal leaves the state as it was.
import { emissions } from '../testing/emissions.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { FLAG } from '../state/types.ts';

const api = callAs;
const id = (ref: Reference, name: string) => ref.store.userByEmail(`${name}@zulip.com`)!.user_id;
const subscribe = (ref: Reference, who: string, params: Record<string, unknown>) =>
  api(ref, `${who}@zulip.com`, 'POST', '/users/me/subscriptions', params);
/** Events recorded since `from`, with their recipients. */
const eventsSince = (ref: Reference, from: number) => emissions(ref).slice(from);
const mark = (ref: Reference) => emissions(ref).length;
const nonGuestIds = (ref: Reference) =>
  ref.store.realmUsers().filter((u) => u.is_active && u.role !== 600).map((u) => u.user_id).sort((a, b) => a - b);

test('Hamlet creating a public channel tells every non-guest, then subscribes himself, then Notification Bot posts the notice', () => {
  const ref = createReference();
  const from = mark(ref);
  const res = subscribe(ref, 'hamlet', { subscriptions: [{ name: 'plans', description: 'Our *plans*' }] });
  assert.is(res.status, 200, res.body);
  assert.equal(res.json['subscribed'], { [String(id(ref, 'hamlet'))]: ['plans'] });
  const events = eventsSince(ref, from);
  const create = events.find((e) => (e.event as Record<string, unknown>)['type'] === 'stream' && (e.event as Record<string, unknown>)['op'] === 'create');
  assert.ok(create);
  assert.equal(create.users, nonGuestIds(ref));
  const stream = ((create.event as Record<string, unknown>)['streams'] as Array<Record<string, unknown>>)[0]!;
  assert.is(stream['name'], 'plans');
  assert.is(stream['rendered_description'], '<p>Our <em>plans</em></p>');
  assert.is(stream['stream_weekly_traffic'], null);
  const kinds = events.map((e) => `${(e.event as Record<string, unknown>)['type']}:${String((e.event as Record<string, unknown>)['op'] ?? '')}`);
  assert.ok(kinds.indexOf('stream:create') < kinds.indexOf('subscription:add'));
  assert.ok(kinds.indexOf('subscription:add') < kinds.indexOf('message:'));
  const add = events.find((e) => (e.event as Record<string, unknown>)['type'] === 'subscription' && (e.event as Record<string, unknown>)['op'] === 'add')!;
  assert.equal(add.users, [id(ref, 'hamlet')]);
  const sub = ((add.event as Record<string, unknown>)['subscriptions'] as Array<Record<string, unknown>>)[0]!;
  assert.equal(sub['subscribers'], [id(ref, 'hamlet')]);
  assert.is(sub['in_home_view'], true);
  const channel = ref.store.channelByName('plans')!;
  const [first] = ref.store.channelMessageIds(channel.stream_id);
  const notice = ref.store.message(first!)!;
  assert.is(notice.topic, 'channel events');
  assert.is(notice.content, `**Public** channel created by @_**King Hamlet|${id(ref, 'hamlet')}**. **Description:**\n\`\`\`\` quote\nOur *plans*\n\`\`\`\``);
  assert.ok((ref.store.userMessageFlags(id(ref, 'hamlet'), notice.id) ?? 0) & FLAG.read, 'read for the one who created it');
  const noticeEvent = events.find((e) => e.event['type'] === 'message' && e.users.includes(id(ref, 'hamlet')))!;
  assert.equal(noticeEvent.event['flags'], ['read'], 'and so in the message event he gets');
});

test('a channel created as a default channel sends the new default list to every non-guest', () => {
  const ref = createReference();
  const from = mark(ref);
  assert.is(subscribe(ref, 'iago', { subscriptions: [{ name: 'lobby' }], is_default_stream: true }).status, 200);
  const defaults = eventsSince(ref, from).filter((e) => e.event['type'] === 'default_streams');
  assert.is(defaults.length, 1);
  assert.equal(defaults[0]!.users, nonGuestIds(ref));
  assert.equal(defaults[0]!.event['default_streams'], ref.store.channels().filter((c) => c.is_default).map((c) => c.stream_id).sort((a, b) => a - b));
  assert.ok((defaults[0]!.event['default_streams'] as number[]).includes(ref.store.channelByName('lobby')!.stream_id));
  const plain = mark(ref);
  assert.is(subscribe(ref, 'iago', { subscriptions: [{ name: 'side room' }] }).status, 200);
  assert.not.ok(eventsSince(ref, plain).some((e) => e.event['type'] === 'default_streams'));
});

test('a private channel is announced only to administrators and the members of its metadata groups', () => {
  const ref = createReference();
  const from = mark(ref);
  subscribe(ref, 'hamlet', { subscriptions: [{ name: 'secret plans' }], invite_only: true, can_subscribe_group: { direct_members: [id(ref, 'othello'), id(ref, 'polonius')], direct_subgroups: [] } });
  const create = eventsSince(ref, from).find((e) => (e.event as Record<string, unknown>)['type'] === 'stream' && (e.event as Record<string, unknown>)['op'] === 'create')!;
  // Desdemona and Iago administer; Hamlet administers the channel he created; Othello may
  // join; Polonius is a guest, whom the group cannot admit.
  assert.equal(create.users, [id(ref, 'desdemona'), id(ref, 'iago'), id(ref, 'hamlet'), id(ref, 'othello')].sort((a, b) => a - b));
  const channel = ref.store.channelByName('secret plans')!;
  assert.is(channel.history_public_to_subscribers, false);
  const notice = ref.store.message(ref.store.channelMessageIds(channel.stream_id)[0]!)!;
  assert.match(notice.content, /^\*\*Private, protected history\*\* channel created by/);
  assert.match(notice.content, /\*No description\.\*/);
});

test('Cordelia, subscribed by Hamlet, gets the subscription and a direct message; everyone else a peer_add', () => {
  const ref = createReference();
  const from = mark(ref);
  const res = subscribe(ref, 'hamlet', { subscriptions: [{ name: 'Scotland' }, { name: 'Rome' }], principals: [id(ref, 'cordelia')] });
  assert.equal(res.json['subscribed'], { [String(id(ref, 'cordelia'))]: ['Scotland', 'Rome'] });
  const events = eventsSince(ref, from);
  const add = events.find((e) => (e.event as Record<string, unknown>)['type'] === 'subscription' && (e.event as Record<string, unknown>)['op'] === 'add')!;
  assert.equal(add.users, [id(ref, 'cordelia')]);
  // Rome is web-public: its peer_add reaches every active user, guests too; Scotland's,
  // a public channel without guest subscribers, every non-guest.
  const peers = events.filter((e) => (e.event as Record<string, unknown>)['op'] === 'peer_add');
  const rome = ref.store.channelByName('Rome')!.stream_id;
  const scotland = ref.store.channelByName('Scotland')!.stream_id;
  assert.equal(peers.map((p) => (p.event as Record<string, unknown>)['stream_ids']), [[rome], [scotland]]);
  assert.ok(peers[0]!.users.includes(id(ref, 'polonius')));
  assert.ok(!peers[1]!.users.includes(id(ref, 'polonius')));
  for (const p of peers) {
    assert.equal((p.event as Record<string, unknown>)['user_ids'], [id(ref, 'cordelia')]);
    assert.ok(!p.users.includes(id(ref, 'cordelia')));
  }
  const dm = ref.store.message(ref.store.dmMessageIds([1, id(ref, 'cordelia')]).at(-1)!)!;
  assert.is(dm.content, `@_**King Hamlet|${id(ref, 'hamlet')}** subscribed you to the following channels:\n\n* #**Rome**\n* #**Scotland**`);
});

test('peer_add reaches a private channel\'s subscribers, the administrators and its metadata groups only', () => {
  const ref = createReference();
  const core = ref.store.channelByName('core team')!;
  const from = mark(ref);
  api(ref, 'hamlet@zulip.com', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'core team' }], principals: [id(ref, 'cordelia')] });
  const peer = eventsSince(ref, from).find((e) => (e.event as Record<string, unknown>)['op'] === 'peer_add')!;
  assert.equal((peer.event as Record<string, unknown>)['stream_ids'], [core.stream_id]);
  // Subscribers Desdemona, Iago, Hamlet (Cordelia herself excluded); the administrators are among them.
  assert.equal(peer.users, [id(ref, 'desdemona'), id(ref, 'iago'), id(ref, 'hamlet')].sort((a, b) => a - b));
  const create = eventsSince(ref, from).find((e) => (e.event as Record<string, unknown>)['type'] === 'stream' && (e.event as Record<string, unknown>)['op'] === 'create')!;
  assert.equal(create.users, [id(ref, 'cordelia')], 'Cordelia learns the channel exists before she is told she is in it');
});

test('a guest added to a public channel first hears that it exists', () => {
  const ref = createReference();
  const from = mark(ref);
  subscribe(ref, 'hamlet', { subscriptions: [{ name: 'Scotland' }], principals: [id(ref, 'polonius')] });
  const events = eventsSince(ref, from);
  const create = events.find((e) => (e.event as Record<string, unknown>)['type'] === 'stream' && (e.event as Record<string, unknown>)['op'] === 'create')!;
  assert.equal(create.users, [id(ref, 'polonius')]);
  const peer = events.find((e) => (e.event as Record<string, unknown>)['op'] === 'peer_add')!;
  assert.ok(!peer.users.includes(id(ref, 'polonius')));
  assert.ok(peer.users.includes(id(ref, 'othello')));
});

test('announce posts to the new-channel announcements channel, with a Markdown link for names that break #**...**', () => {
  const ref = createReference();
  subscribe(ref, 'hamlet', { subscriptions: [{ name: 'a*b' }, { name: 'calm' }], announce: true });
  const verona = ref.store.channelByName('Verona')!;
  const announcement = ref.store.message(ref.store.topicMessageIds(verona.stream_id, 'new channels').at(-1)!)!;
  const ab = ref.store.channelByName('a*b')!;
  assert.is(announcement.content, `@_**King Hamlet|${id(ref, 'hamlet')}** created the following channels: [#a&#42;b](#narrow/channel/${ab.stream_id}-a*b), #**calm**.`);
});

test('no direct message to users added to a channel the request created, to bots, or to oneself', () => {
  const ref = createReference();
  const before = ref.store.allMessageIds().length;
  subscribe(ref, 'hamlet', { subscriptions: [{ name: 'fresh' }], principals: [id(ref, 'cordelia'), id(ref, 'default-bot'), id(ref, 'hamlet')] });
  const added = ref.store.allMessageIds().slice(before).map((m) => ref.store.message(m)!);
  assert.equal(added.map((m) => m.type), ['stream'], 'only the channel-events notice');
  subscribe(ref, 'hamlet', { subscriptions: [{ name: 'Scotland' }], principals: [id(ref, 'default-bot')] });
  assert.is(ref.store.allMessageIds().length, before + 1);
});

test('past max_bulk_new_subscription_messages newly subscribed users, nobody gets a direct message', () => {
  const ref = createReference();
  const ids: number[] = [];
  for (let i = 0; i < 101; i++) ids.push(ref.control.addUser({ email: `extra${i}@zulip.com`, full_name: `Extra ${i}` }).user_id);
  const before = ref.store.allMessageIds().length;
  const res = subscribe(ref, 'iago', { subscriptions: [{ name: 'Scotland' }], principals: ids });
  assert.is(res.json['new_subscription_messages_sent'], false);
  assert.is(ref.store.allMessageIds().length, before);
  const res2 = subscribe(ref, 'iago', { subscriptions: [{ name: 'Venice' }], principals: ids.slice(0, 100) });
  assert.is(res2.json['new_subscription_messages_sent'], true);
  assert.is(ref.store.allMessageIds().length, before + 100);
});

test('a new subscription takes the first palette color the user has not used', () => {
  const ref = createReference();
  const hamlet = id(ref, 'hamlet');
  const before = new Set(ref.store.subscribedChannelIds(hamlet).map((c) => ref.store.subscription(hamlet, c)!.color));
  subscribe(ref, 'hamlet', { subscriptions: [{ name: 'one' }, { name: 'two' }] });
  const colors = ['one', 'two'].map((n) => ref.store.subscription(hamlet, ref.store.channelByName(n)!.stream_id)!.color);
  assert.is.not(colors[0], colors[1]);
  for (const c of colors) assert.ok(!before.has(c), `${c} was already used`);
});

const REFUSED: Array<[string, string, Record<string, unknown>, string]> = [
  ['a guest', 'polonius', { subscriptions: [{ name: 'Verona' }] }, 'Not allowed for guest users'],
  ['an empty name', 'hamlet', { subscriptions: [{ name: ' ' }] }, "Channel name can't be empty."],
  ['a name too long', 'hamlet', { subscriptions: [{ name: 'x'.repeat(61) }] }, 'Channel name too long (limit: 60 characters).'],
  ['a control character', 'hamlet', { subscriptions: [{ name: 'a\u0000b' }] }, 'Invalid character in channel name, at position 2.'],
  ['a private channel out of reach', 'cordelia', { subscriptions: [{ name: 'new one' }, { name: 'core team' }] }, 'Unable to access channel (core team).'],
  ['an unknown principal', 'hamlet', { subscriptions: [{ name: 'new one' }], principals: [999] }, 'No such user'],
  ['an unknown group', 'hamlet', { subscriptions: [{ name: 'new one' }], can_subscribe_group: 999 }, 'Invalid user group'],
  ['a private default channel', 'iago', { subscriptions: [{ name: 'new one' }], invite_only: true, is_default_stream: true }, 'A default channel cannot be private.'],
  ['retention by a non-owner', 'iago', { subscriptions: [{ name: 'new one' }], message_retention_days: 5 }, 'Must be an organization owner'],
  ['a web-public channel by an administrator', 'iago', { subscriptions: [{ name: 'new one' }], is_web_public: true }, 'Insufficient permission'],
  ['an unknown folder', 'hamlet', { subscriptions: [{ name: 'new one' }], folder_id: 3 }, 'Invalid channel folder ID'],
  ['a bad color', 'hamlet', { subscriptions: [{ name: 'new one', color: '#12' }] }, 'Invalid subscriptions[0]: Value error, add.color is not a valid hex color code'],
];

for (const [what, who, params, msg] of REFUSED) {
  test(`refusing ${what} leaves the state unchanged`, () => {
    const ref = createReference();
    const res = assertUnchanged(ref, () => subscribe(ref, who, params));
    assert.is(res.status, 400, res.body);
    assert.is(res.json['msg'], msg);
  });
}

test('a deactivated principal is refused without any change', () => {
  const ref = createReference();
  const gone = ref.control.addUser({ email: 'gone@zulip.com', full_name: 'Gone', is_active: false }).user_id;
  const res = assertUnchanged(ref, () => subscribe(ref, 'hamlet', { subscriptions: [{ name: 'brand new' }], principals: [id(ref, 'cordelia'), gone] }));
  assert.is(res.json['msg'], 'User is deactivated');
});

test.run();
