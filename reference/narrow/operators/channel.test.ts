import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNELS, compile, errorOf, matchingIds, op, testEnv } from '../test-realm.ts';

test('channel by name (any case) or id matches that channel only', () => {
  assert.equal(matchingIds([op('channel', 'scotland')]), [104, 105]);
  assert.equal(matchingIds([op('channel', 13)]), [104, 105]);
});

test('a numeric string is a channel name, not an id', () => {
  assert.equal(errorOf([op('channel', '13')]), ['NarrowError', 'unknown channel 13']);
});

test('an unknown channel is BAD_NARROW, whether negated or not', () => {
  assert.equal(errorOf([op('channel', 'Elsinore')]), ['NarrowError', 'unknown channel Elsinore']);
  assert.equal(errorOf([op('stream', 99, true)]), ['NarrowError', 'unknown channel 99']);
});

test('a private channel is not unknown: access rules, not the narrow, empty it', () => {
  assert.equal(matchingIds([op('channel', 'core team')]), [110]);
});

test('negated channel matches everything else, DMs included', () => {
  assert.equal(matchingIds([op('channel', 'Verona', true), op('is', 'dm')]), [106, 107, 108, 109, 114]);
});

test('channels:public matches every public channel with shared history', () => {
  assert.equal(matchingIds([op('channels', 'public')]), [100, 101, 102, 103, 104, 105, 111, 112, 113]);
});

test('channels:web-public matches web-public channels only', () => {
  assert.equal(matchingIds([op('streams', 'web-public')]), [102]);
});

test('negated channels:public leaves private channels and DMs', () => {
  assert.equal(matchingIds([op('channels', 'public', true)]), [106, 107, 108, 109, 110, 114]);
});

test('any other channels operand is BAD_NARROW', () => {
  assert.equal(errorOf([op('channels', 'all')]), ['NarrowError', 'unknown channels operand all']);
  assert.equal(errorOf([op('channels', 'archived')]), ['NarrowError', 'unknown channels operand archived']);
});

test('a channel term points the source at that channel', () => {
  assert.equal(compile([op('channel', 'Verona')]).source, { kind: 'channel', stream_id: CHANNELS.Verona!.stream_id });
  assert.equal(compile([op('channels', 'public')]).source, { kind: 'all' });
});

test.run();
