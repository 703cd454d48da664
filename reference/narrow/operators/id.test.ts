import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, MESSAGES, op } from '../test-realm.ts';

test('id matches that one message, given as an int or a digit string', () => {
  assert.equal(matchingIds([op('id', 104)]), [104]);
  assert.equal(matchingIds([op('id', '0104')]), [104]);
  assert.equal(compile([op('id', 104)]).source, { kind: 'ids', ids: [104] });
});

test('negated id excludes it', () => {
  assert.equal(matchingIds([op('channel', 'Scotland'), op('id', 104, true)]), [105]);
});

test('a non-digit or too large id is BAD_NARROW', () => {
  for (const operand of ['abc', '-1', -1, '', ' 5', '1.0', 2147483648]) {
    assert.equal(errorOf([op('id', operand)]), ['NarrowError', 'Invalid message ID'], String(operand));
  }
  assert.equal(matchingIds([op('id', 2147483647)]), []);
});

test('two different ids cannot both match', () => {
  assert.equal(compile([op('id', 104), op('id', 105)]).source, { kind: 'none' });
});

test('near never filters', () => {
  assert.equal(matchingIds([op('near', '104')]), MESSAGES.map((m) => m.id));
  assert.equal(matchingIds([op('near', 'anything', true)]), MESSAGES.map((m) => m.id));
});

test.run();
