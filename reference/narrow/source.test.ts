import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sourceOf } from './source.ts';
import { compile, op, USERS } from './test-realm.ts';

test('no hint means all messages', () => {
  assert.equal(sourceOf([]), { kind: 'all' });
  assert.equal(compile([]).source, { kind: 'all' });
});

test('the narrowest hint wins', () => {
  assert.equal(sourceOf([{ kind: 'viewer' }, { kind: 'sender', user_id: 3 }, { kind: 'channel', stream_id: 10 }]), { kind: 'channel', stream_id: 10 });
  assert.equal(sourceOf([{ kind: 'channel', stream_id: 10 }, { kind: 'ids', ids: [5] }]), { kind: 'ids', ids: [5] });
  assert.equal(sourceOf([{ kind: 'viewer' }, { kind: 'dm', user_ids: [3, 4] }]), { kind: 'dm', user_ids: [3, 4] });
});

test('a topic name narrows only together with a channel', () => {
  assert.equal(sourceOf([{ kind: 'topic-name', topic: 'x' }]), { kind: 'all' });
  assert.equal(sourceOf([{ kind: 'topic-name', topic: 'X' }, { kind: 'channel', stream_id: 10 }]), { kind: 'topic', stream_id: 10, topic: 'X' });
});

test('hints of one kind that disagree leave nothing', () => {
  assert.equal(sourceOf([{ kind: 'channel', stream_id: 10 }, { kind: 'channel', stream_id: 11 }]), { kind: 'none' });
  assert.equal(sourceOf([{ kind: 'topic-name', topic: 'a' }, { kind: 'topic-name', topic: 'b' }]), { kind: 'none' });
  assert.equal(sourceOf([{ kind: 'topic-name', topic: 'a' }, { kind: 'topic-name', topic: 'A' }, { kind: 'channel', stream_id: 1 }]), { kind: 'topic', stream_id: 1, topic: 'a' });
  assert.equal(sourceOf([{ kind: 'dm', user_ids: [1, 2] }, { kind: 'dm', user_ids: [1, 3] }]), { kind: 'none' });
});

test('negated terms never narrow the source', () => {
  assert.equal(compile([op('channel', 'Verona', true)]).source, { kind: 'all' });
  assert.equal(compile([op('sender', USERS.iago, true), op('channel', 'Scotland')]).source, { kind: 'channel', stream_id: 13 });
});

test('with gives the topic source of its message', () => {
  assert.equal(compile([op('with', 101)]).source, { kind: 'topic', stream_id: 10, topic: 'party plans' });
});

test.run();
