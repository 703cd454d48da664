import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, op, USERS } from '../test-realm.ts';

const { hamlet, cordelia, othello } = USERS;

test('dm:[other], dm:[viewer, other] and an email all mean the 1:1 conversation', () => {
  assert.equal(matchingIds([op('dm', [cordelia])]), [106, 107]);
  assert.equal(matchingIds([op('dm', [hamlet, cordelia])]), [106, 107]);
  assert.equal(matchingIds([op('dm', 'cordelia@zulip.com')]), [106, 107]);
});

test('dm:[viewer] is the self-DM conversation', () => {
  assert.equal(matchingIds([op('dm', [hamlet])]), [108]);
  assert.equal(matchingIds([op('dm', 'hamlet@zulip.com')]), [108]);
});

test('a group DM is matched exactly, with or without the viewer named', () => {
  assert.equal(matchingIds([op('dm', [cordelia, othello])]), [109]);
  assert.equal(matchingIds([op('dm', 'othello@zulip.com,cordelia@zulip.com,hamlet@zulip.com')]), [109]);
});

test('a group that never talked matches nothing, without error', () => {
  assert.equal(matchingIds([op('dm', [cordelia, USERS.iago])]), []);
});

test('an empty id list matches nothing, and negated everything', () => {
  assert.equal(matchingIds([op('dm', [])]), []);
  assert.equal(compile([op('dm', [])]).source, { kind: 'none' });
  assert.equal(matchingIds([op('dm', [], true), op('is', 'dm')]), [106, 107, 108, 109, 114]);
});

test('a deactivated user is allowed', () => {
  assert.equal(matchingIds([op('dm', [USERS.prospero])]), []);
});

test('an unknown user is BAD_NARROW, formatted as Python prints the operand', () => {
  assert.equal(errorOf([op('dm', [cordelia, 99])]), ['NarrowError', 'unknown user in [4, 99]']);
  assert.equal(errorOf([op('pm-with', 'cordelia@zulip.com,ghost@zulip.com')]), ['NarrowError', 'unknown user in cordelia@zulip.com,ghost@zulip.com']);
  assert.equal(errorOf([op('dm', '')]), ['NarrowError', 'unknown user in ']);
});

test('emails are split on commas and not trimmed', () => {
  assert.equal(errorOf([op('dm', 'cordelia@zulip.com, othello@zulip.com')]), ['NarrowError', 'unknown user in cordelia@zulip.com, othello@zulip.com']);
});

test('negated dm', () => {
  assert.equal(matchingIds([op('is', 'dm'), op('dm', [cordelia], true)]), [108, 109, 114]);
});

test('the source is the conversation, viewer included, ascending', () => {
  assert.equal(compile([op('dm', [othello, cordelia])]).source, { kind: 'dm', user_ids: [3, 4, 5] });
  assert.equal(compile([op('dm', [cordelia]), op('dm', [othello])]).source, { kind: 'none' });
});

test.run();
