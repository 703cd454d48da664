import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, op, USERS } from '../test-realm.ts';

test('sender by email (any case) or id', () => {
  assert.equal(matchingIds([op('sender', 'Cordelia@Zulip.com')]), [101, 107, 111, 114]);
  assert.equal(matchingIds([op('sender', USERS.cordelia)]), [101, 107, 111, 114]);
});

test('a deactivated sender is still known', () => {
  assert.equal(matchingIds([op('sender', 'prospero@zulip.com')]), []);
});

test('an unknown sender is BAD_NARROW; there is no `me` shorthand upstream', () => {
  assert.equal(errorOf([op('sender', 'nobody@zulip.com')]), ['NarrowError', 'unknown user nobody@zulip.com']);
  assert.equal(errorOf([op('sender', 99)]), ['NarrowError', 'unknown user 99']);
  assert.equal(errorOf([op('sender', 'me')]), ['NarrowError', 'unknown user me']);
});

test('negated sender', () => {
  assert.equal(matchingIds([op('sender', 'iago@zulip.com', true), op('channel', 'Verona')]), [100, 101, 111, 113]);
});

test('sender points the source at that sender', () => {
  assert.equal(compile([op('sender', USERS.iago)]).source, { kind: 'sender', user_id: USERS.iago });
  assert.equal(compile([op('sender', USERS.iago), op('sender', USERS.hamlet)]).source, { kind: 'none' });
});

test.run();
