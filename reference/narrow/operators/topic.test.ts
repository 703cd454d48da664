import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, matchingIds, op } from '../test-realm.ts';

test('topic matches case-insensitively, across channels', () => {
  assert.equal(matchingIds([op('topic', 'PARTY Plans')]), [100, 101]);
});

test('negated topic excludes it', () => {
  assert.equal(matchingIds([op('channel', 'Verona'), op('topic', 'party plans', true)]), [103, 111, 112, 113]);
});

test('the empty topic also matches DMs, whose topic is empty, as upstream', () => {
  assert.equal(matchingIds([op('topic', '')]), [106, 107, 108, 109, 112, 114]);
});

test('channel and topic together point the source at the topic', () => {
  assert.equal(compile([op('topic', 'Party Plans'), op('channel', 'Verona')]).source, { kind: 'topic', stream_id: 10, topic: 'Party Plans' });
  assert.equal(compile([op('topic', 'party plans')]).source, { kind: 'all' });
});

test.run();
