import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, op, testEnv } from './test-realm.ts';

const spectator = testEnv({ viewer: null, spectatorAccess: true });
const WEB_PUBLIC = op('channels', 'web-public');

test('a spectator narrow needs channels:web-public', () => {
  assert.equal(matchingIds([WEB_PUBLIC], spectator), [102]);
  assert.equal(matchingIds([['streams', 'web-public'], op('search', 'example')], spectator), [102]);
  assert.equal(errorOf([], spectator)[0], 'NarrowAuthError');
  assert.equal(errorOf([op('channel', 'Denmark')], spectator)[0], 'NarrowAuthError');
  assert.equal(errorOf([op('channels', 'web-public', true)], spectator)[0], 'NarrowAuthError');
});

test('without spectator access every spectator narrow is refused', () => {
  assert.equal(errorOf([WEB_PUBLIC], testEnv({ viewer: null }))[0], 'NarrowAuthError');
  assert.equal(errorOf([WEB_PUBLIC], testEnv({ viewer: null, spectatorAccess: false }))[0], 'NarrowAuthError');
});

test('operators that need a user are refused, not BAD_NARROW', () => {
  for (const term of [op('is', 'starred'), op('dm', [4]), op('in', 'all'), op('in', 'home', true), op('dm-including', 4), op('mentions', 3)]) {
    assert.equal(errorOf([WEB_PUBLIC, term], spectator)[0], 'NarrowAuthError', term.operator);
  }
  assert.equal(errorOf([WEB_PUBLIC, op('bogus', 'x')], spectator)[0], 'NarrowAuthError');
});

test('in:home is dropped for spectators', () => {
  const compiled = compile([op('in', 'home'), WEB_PUBLIC], spectator);
  assert.equal(compiled.terms, [{ operator: 'channels', operand: 'web-public', negated: false }]);
});

test('spectator-compatible operators work', () => {
  const narrow = [WEB_PUBLIC, op('channel', 'Denmark'), op('topic', 'castle'), op('sender', 5), op('has', 'link'), op('near', '1'), op('id', 102)];
  assert.equal(matchingIds(narrow, spectator), [102]);
});

test('a bad with is reported before the spectator checks, as upstream cleans the narrow first', () => {
  assert.equal(errorOf([op('with', 'x')], testEnv({ viewer: null })), ['NarrowError', "Invalid 'with' operator"]);
});

test.run();
