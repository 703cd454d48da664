// DELETE /users/me/subscriptions: the events of leaving, and refusals that change nothing.
import { emissions } from '../testing/emissions.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';

const api = callAs;
const id = (ref: Reference, name: string) => ref.store.userByEmail(`${name}@zulip.com`)!.user_id;
const leave = (ref: Reference, who: string, params: Record<string, unknown>) => api(ref, who, 'DELETE', '/users/me/subscriptions', params);

test('Hamlet leaving core team hears "remove" and "delete"; the others who can see it hear peer_remove', () => {
  const ref = createReference();
  const core = ref.store.channelByName('core team')!;
  const from = emissions(ref).length;
  const res = leave(ref, 'hamlet', { subscriptions: ['core team', 'Venice'] });
  assert.equal([res.json['removed'], res.json['not_removed']], [['core team'], ['Venice']]);
  const events = emissions(ref).slice(from);
  assert.equal(
    events.map((e) => [(e.event as Record<string, unknown>)['type'], (e.event as Record<string, unknown>)['op'], e.users]),
    [
      ['subscription', 'remove', [id(ref, 'hamlet')]],
      ['stream', 'delete', [id(ref, 'hamlet')]],
      ['subscription', 'peer_remove', [id(ref, 'desdemona'), id(ref, 'iago')]],
      ['update_message_flags', 'add', [id(ref, 'hamlet')]],
    ],
  );
  assert.equal((events[0]!.event as Record<string, unknown>)['subscriptions'], [{ name: 'core team', stream_id: core.stream_id }]);
  assert.equal(events[1]!.event, { type: 'stream', op: 'delete', streams: [{ stream_id: core.stream_id }], stream_ids: [core.stream_id], for_archiving: false });
});

test('an administrator leaving a private channel keeps seeing it: no "delete" for Iago', () => {
  const ref = createReference();
  const from = emissions(ref).length;
  leave(ref, 'iago', { subscriptions: ['core team'] });
  const kinds = emissions(ref).slice(from).map((e) => `${(e.event as Record<string, unknown>)['type']}:${(e.event as Record<string, unknown>)['op']}`);
  assert.equal(kinds.filter((k) => k.startsWith('s')), ['subscription:remove', 'subscription:peer_remove']);
});

test('a guest leaving a public channel loses sight of it', () => {
  const ref = createReference();
  const from = emissions(ref).length;
  leave(ref, 'polonius', { subscriptions: ['Denmark'] });
  const del = emissions(ref).slice(from).find((e) => (e.event as Record<string, unknown>)['op'] === 'delete');
  assert.ok(del);
  assert.equal(del.users, [id(ref, 'polonius')]);
});

test('Iago removing Hamlet and Cordelia: one entry per user and channel, events only for those removed', () => {
  const ref = createReference();
  const from = emissions(ref).length;
  const res = leave(ref, 'iago', { subscriptions: ['Scotland'], principals: [id(ref, 'hamlet'), id(ref, 'cordelia')] });
  assert.equal([res.json['removed'], res.json['not_removed']], [['Scotland'], ['Scotland']]);
  const removes = emissions(ref).slice(from).filter((e) => (e.event as Record<string, unknown>)['op'] === 'remove');
  assert.equal(removes.map((e) => e.users), [[id(ref, 'hamlet')]]);
});

test('what Hamlet had not read in a channel he leaves becomes read, with one update_message_flags event', () => {
  const ref = createReference();
  const sent = api(ref, 'iago', 'POST', '/messages', { type: 'stream', to: 'Scotland', topic: 'news', content: 'unread for now' });
  const messageId = sent.json['id'] as number;
  assert.is((ref.store.userMessageFlags(id(ref, 'hamlet'), messageId) ?? 1) & 1, 0, 'unread');
  const from = emissions(ref).length;
  leave(ref, 'hamlet', { subscriptions: ['Scotland'] });
  assert.is((ref.store.userMessageFlags(id(ref, 'hamlet'), messageId) ?? 0) & 1, 1, 'read');
  const flags = emissions(ref).slice(from).filter((e) => (e.event as Record<string, unknown>)['type'] === 'update_message_flags');
  assert.equal(flags.map((e) => e.users), [[id(ref, 'hamlet')]]);
  assert.ok(((flags[0]!.event as Record<string, unknown>)['messages'] as number[]).includes(messageId));
});

test('nothing to remove sends no events', () => {
  const ref = createReference();
  const from = emissions(ref).length;
  leave(ref, 'cordelia', { subscriptions: ['Scotland'] });
  assert.is(emissions(ref).length, from);
});

const REFUSED: Array<[string, string, Record<string, unknown>, string, string]> = [
  ['a missing channel', 'hamlet', { subscriptions: ['Verona', 'nowhere'] }, 'STREAM_DOES_NOT_EXIST', "Channel 'nowhere' does not exist"],
  ['an empty name', 'hamlet', { subscriptions: [''] }, 'BAD_REQUEST', "Channel name can't be empty."],
  ['removing others without permission', 'hamlet', { subscriptions: ['Verona'], principals: [7] }, 'BAD_REQUEST', 'Insufficient permission'],
  ['a guest removing others', 'polonius', { subscriptions: ['Verona'], principals: [6] }, 'BAD_REQUEST', 'Insufficient permission'],
  ['an unknown principal', 'iago', { subscriptions: ['Verona'], principals: ['nobody@zulip.com'] }, 'BAD_REQUEST', 'No such user'],
  ['a system bot as principal', 'iago', { subscriptions: ['Verona'], principals: [1] }, 'BAD_REQUEST', 'No such user'],
];

for (const [what, who, params, code, msg] of REFUSED) {
  test(`refusing ${what} leaves the state unchanged`, () => {
    const ref = createReference();
    const res = assertUnchanged(ref, () => leave(ref, who, params));
    assert.is(res.status, 400, res.body);
    assert.equal([res.json['code'], res.json['msg']], [code, msg]);
  });
}

test('the missing channel is named in "stream"', () => {
  const ref = createReference();
  assert.is(leave(ref, 'hamlet', { subscriptions: ['nowhere'] }).json['stream'], 'nowhere');
});

test('below feature level 208 an unknown principal is a 403 UNAUTHORIZED_PRINCIPAL', () => {
  const ref = createReference({ featureLevel: 207 });
  const res = assertUnchanged(ref, () => leave(ref, 'iago', { subscriptions: ['Verona'], principals: [999] }));
  assert.equal([res.status, res.json['code'], res.json['msg'], res.json['principal']], [403, 'UNAUTHORIZED_PRINCIPAL', "User not authorized to execute queries on behalf of '999'", 999]);
});

test.run();
