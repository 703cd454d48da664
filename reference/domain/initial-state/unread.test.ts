// unread_msgs after real sends (zerver/lib/message.py extract_unread_data_from_um_rows,
// aggregate_unread_data): its exact shape, what counts, what is only listed, and which
// mentions count.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../../index.ts';
import { callAs } from '../../testing/call-as.ts';
import { registerState } from '../../testing/register-state.ts';
import { FLAG } from '../../state/types.ts';

const id = (ref: Reference, name: string) => ref.store.userByEmail(`${name}@zulip.com`)!.user_id;
const channelId = (ref: Reference, name: string) => ref.store.channelByName(name)!.stream_id;

function send(ref: Reference, who: string, params: Record<string, unknown>): number {
  const res = callAs(ref, who, 'POST', '/messages', params);
  assert.is(res.status, 200, res.body);
  return res.json['id'] as number;
}
const toChannel = (ref: Reference, who: string, channel: string, topic: string, content: string) =>
  send(ref, who, { type: 'stream', to: channel, topic, content });

/** Mark every message the user has read, so that a test starts from nothing unread. */
function readAll(ref: Reference, userId: number): void {
  const { ids, flags } = ref.store.userMessageRows(userId);
  const rows = Array.from(ids, (messageId, i) => [messageId, flags[i] as number] as const);
  for (const [messageId, bits] of rows) ref.store.setUserMessageFlags(userId, messageId, bits | FLAG.read);
}
const unread = (ref: Reference, who: string, capabilities = {}) =>
  registerState(ref, who, { fetch: ['message', 'update_message_flags'], capabilities })['unread_msgs'] as Record<string, unknown>;

test('nothing unread: the empty structure', () => {
  const ref = createReference();
  readAll(ref, id(ref, 'cordelia'));
  assert.equal(unread(ref, 'cordelia'), { pms: [], streams: [], huddles: [], mentions: [], count: 0, old_unreads_missing: false });
});

test('direct messages, a group conversation, a message to oneself and channel topics, grouped and counted', () => {
  const ref = createReference();
  const [cordelia, hamlet, othello] = [id(ref, 'cordelia'), id(ref, 'hamlet'), id(ref, 'othello')];
  readAll(ref, cordelia);
  const dm1 = send(ref, 'othello', { type: 'direct', to: [cordelia], content: 'hi' });
  const group = send(ref, 'othello', { type: 'direct', to: [cordelia, hamlet], content: 'all of us' });
  const self = send(ref, 'cordelia', { type: 'direct', to: [cordelia], content: 'note to self', read_by_sender: false });
  const dm2 = send(ref, 'othello', { type: 'direct', to: [cordelia], content: 'again' });
  const dm3 = send(ref, 'hamlet', { type: 'direct', to: [cordelia], content: 'hello' });
  const plans1 = toChannel(ref, 'hamlet', 'Verona', 'Plans', 'first');
  const plans2 = toChannel(ref, 'hamlet', 'Verona', 'plans', 'second');
  const empty = toChannel(ref, 'hamlet', 'Verona', '', 'no topic');
  const denmark = toChannel(ref, 'hamlet', 'Denmark', 'rotten', 'something');
  send(ref, 'hamlet', { type: 'direct', to: [othello], content: 'not for Cordelia' });
  const verona = channelId(ref, 'Verona');
  assert.equal(unread(ref, 'cordelia'), {
    pms: [
      { other_user_id: hamlet, sender_id: hamlet, unread_message_ids: [dm3] },
      { other_user_id: cordelia, sender_id: cordelia, unread_message_ids: [self] },
      { other_user_id: othello, sender_id: othello, unread_message_ids: [dm1, dm2] },
    ].sort((a, b) => a.other_user_id - b.other_user_id),
    streams: [
      { stream_id: verona, topic: 'general chat', unread_message_ids: [empty] },
      { stream_id: verona, topic: 'Plans', unread_message_ids: [plans1, plans2] },
      { stream_id: channelId(ref, 'Denmark'), topic: 'rotten', unread_message_ids: [denmark] },
    ].sort((a, b) => a.stream_id - b.stream_id || (a.topic.toLowerCase() < b.topic.toLowerCase() ? -1 : 1)),
    huddles: [{ user_ids_string: [cordelia, hamlet, othello].sort((a, b) => a - b).join(','), unread_message_ids: [group] }],
    mentions: [],
    count: 9,
    old_unreads_missing: false,
  });
  const withEmpty = unread(ref, 'cordelia', { empty_topic_name: true })['streams'] as Array<{ topic: string }>;
  assert.ok(withEmpty.some((s) => s.topic === ''), 'with empty_topic_name the empty topic stays ""');
  assert.not.ok(withEmpty.some((s) => s.topic === 'general chat'));
});

test('muted channels are listed but not counted, unless the topic is unmuted; wildcard mentions there are not mentions', () => {
  const ref = createReference();
  const cordelia = id(ref, 'cordelia');
  readAll(ref, cordelia);
  const denmark = channelId(ref, 'Denmark');
  ref.store.putSubscription({ ...ref.store.subscription(cordelia, denmark)!, is_muted: true });
  ref.store.setTopicPolicy(cordelia, denmark, 'loud', 2, 0);
  const mutedChannel = toChannel(ref, 'hamlet', 'Denmark', 'anything', '@**all** here');
  const unmutedTopic = toChannel(ref, 'hamlet', 'Denmark', 'loud', '@**all** there');
  const loudAll = toChannel(ref, 'hamlet', 'Verona', 'open', '@**all** everyone');
  const dmAll = send(ref, 'hamlet', { type: 'direct', to: [cordelia], content: 'only us' });
  const u = unread(ref, 'cordelia');
  const listed = (u['streams'] as Array<{ unread_message_ids: number[] }>).flatMap((s) => s.unread_message_ids).sort((a, b) => a - b);
  assert.equal(listed, [mutedChannel, unmutedTopic, loudAll].sort((a, b) => a - b));
  assert.is(u['count'], 3, 'the unmuted topic of the muted channel, the open topic, the direct message');
  assert.equal(u['mentions'], [unmutedTopic, loudAll]);
  assert.equal(u['pms'], [{ other_user_id: id(ref, 'hamlet'), sender_id: id(ref, 'hamlet'), unread_message_ids: [dmAll] }]);
});

test('read messages, and channels the user left, are not unread', () => {
  const ref = createReference();
  const cordelia = id(ref, 'cordelia');
  readAll(ref, cordelia);
  const kept = toChannel(ref, 'hamlet', 'Verona', 't', 'stays');
  const read = toChannel(ref, 'hamlet', 'Verona', 't', 'read');
  ref.store.setUserMessageFlags(cordelia, read, ref.store.userMessageFlags(cordelia, read)! | FLAG.read);
  toChannel(ref, 'hamlet', 'Denmark', 't', 'gone');
  const res = callAs(ref, 'cordelia', 'DELETE', '/users/me/subscriptions', { subscriptions: ['Denmark'] });
  assert.is(res.status, 200, res.body);
  const u = unread(ref, 'cordelia');
  assert.equal(u['streams'], [{ stream_id: channelId(ref, 'Verona'), topic: 't', unread_message_ids: [kept] }]);
  assert.is(u['count'], 1);
});

test.run();
