import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, op, USERS } from '../test-realm.ts';

test('dm-including matches 1:1 and group DMs with that user and the viewer', () => {
  assert.equal(matchingIds([op('dm-including', USERS.cordelia)]), [106, 107, 109]);
  assert.equal(matchingIds([op('dm-including', 'othello@zulip.com')]), [109]);
});

test('dm-including the viewer means every DM', () => {
  assert.equal(matchingIds([op('dm-including', USERS.hamlet)]), [106, 107, 108, 109]);
});

test('group-pm-with matches only group DMs, never 1:1 (legacy meaning kept)', () => {
  assert.equal(matchingIds([op('group-pm-with', USERS.cordelia)]), [109]);
  assert.equal(matchingIds([op('group-pm-with', 'hamlet@zulip.com')]), [109]);
});

test('negated dm-including', () => {
  // 114 (Cordelia and Othello) lacks the viewer; access, not the narrow, hides it from Hamlet.
  assert.equal(matchingIds([op('is', 'dm'), op('dm-including', USERS.othello, true)]), [106, 107, 108, 114]);
});

test('unknown users are `unknown user`, without "in"', () => {
  assert.equal(errorOf([op('dm-including', 99)]), ['NarrowError', 'unknown user 99']);
  assert.equal(errorOf([op('group-pm-with', 'ghost@zulip.com')]), ['NarrowError', 'unknown user ghost@zulip.com']);
});

test('both search only the viewer’s own rows', () => {
  assert.equal(compile([op('dm-including', USERS.cordelia)]).source, { kind: 'viewer' });
});

test.run();
