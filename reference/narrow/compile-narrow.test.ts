import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, MESSAGES, op, testEnv } from './test-realm.ts';

test('an empty narrow matches everything; access is the caller’s', () => {
  assert.equal(matchingIds([]), MESSAGES.map((m) => m.id));
});

test('terms are ANDed', () => {
  assert.equal(matchingIds([op('channel', 'Verona'), op('sender', 'cordelia@zulip.com'), op('has', 'reaction')]), [101]);
});

test('an unknown operator is BAD_NARROW, negated or not', () => {
  assert.equal(errorOf([op('bogus', 'x')]), ['NarrowError', 'unknown operator bogus']);
  assert.equal(errorOf([op('dm-with', '4', true)]), ['NarrowError', 'unknown operator dm-with']);
  assert.equal(errorOf([['Stream', 'Verona']]), ['NarrowError', 'unknown operator Stream']);
});

test('terms are built in order: the first bad term reports', () => {
  assert.equal(errorOf([op('is', 'bogus'), op('has', 'bogus')]), ['NarrowError', "unknown 'is' operand bogus"]);
  assert.equal(errorOf([op('bogus', 'x'), op('is', 'bogus')]), ['NarrowError', 'unknown operator bogus']);
});

test('search terms are built last', () => {
  assert.equal(errorOf([op('search', 'x'), op('is', 'bogus')]), ['NarrowError', "unknown 'is' operand bogus"]);
});

test('parameter errors come before with errors, which come before operator errors', () => {
  assert.equal(errorOf([op('is', 'bogus'), op('with', 'x'), 5])[0], 'NarrowParamError');
  assert.equal(errorOf([op('is', 'bogus'), op('with', 'x')]), ['NarrowError', "Invalid 'with' operator"]);
});

test('flags default to ["read", "historical"] for messages without a row', () => {
  const unread = compile([op('is', 'unread')]);
  assert.not.ok(unread.matches(MESSAGES[0]!, undefined));
  assert.ok(unread.matches(MESSAGES[0]!, 0));
});

test.run();
