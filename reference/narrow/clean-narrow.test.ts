import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NarrowError } from './types.ts';
import { compile, errorOf, matchingIds, op, testEnv, USERS } from './test-realm.ts';

test('topic "general chat" means the empty topic', () => {
  assert.equal(matchingIds([op('channel', 'Verona'), op('topic', 'general chat')]), [112]);
  assert.equal(compile([op('topic', 'general chat')]).terms[0]?.operand, '');
});

test('only the first topic term is renamed, and only the exact "general chat"', () => {
  const terms = compile([op('topic', 'party plans'), op('topic', 'general chat')]).terms;
  assert.equal(terms.map((t) => t.operand), ['party plans', 'general chat']);
  assert.equal(compile([op('topic', 'General Chat')]).terms[0]?.operand, 'General Chat');
  assert.equal(compile([op('topic', '(no topic)')]).terms[0]?.operand, '(no topic)');
});

test('with a channel message narrows to its channel and topic, replacing channel and topic terms', () => {
  const compiled = compile([op('channel', 'Denmark'), op('topic', 'stale'), op('with', 101), op('is', 'starred')]);
  assert.equal(compiled.terms, [
    { operator: 'channel', operand: 10, negated: false },
    { operator: 'topic', operand: 'party plans', negated: false },
    { operator: 'is', operand: 'starred', negated: false },
  ]);
  assert.equal(matchingIds([op('with', '101')]), [100, 101]);
});

test('with a group DM narrows to that conversation', () => {
  assert.equal(compile([op('with', 109)]).terms, [{ operator: 'dm', operand: [3, 4, 5], negated: false }]);
});

test('with a 1:1 DM narrows to dm:[the user it was sent to], as upstream', () => {
  // Sent by Hamlet to Cordelia: their conversation.
  assert.equal(compile([op('with', 106)]).terms, [{ operator: 'dm', operand: [USERS.cordelia], negated: false }]);
  assert.equal(matchingIds([op('with', 106)]), [106, 107]);
  // Received by Hamlet: dm:[Hamlet], his self-DM conversation (upstream quirk, mirrored).
  assert.equal(compile([op('with', 107)]).terms, [{ operator: 'dm', operand: [USERS.hamlet], negated: false }]);
  assert.equal(matchingIds([op('with', 107)]), [108]);
});

test('with drops dm and pm-with terms but keeps a pm_with term (upstream lists only the dashed name)', () => {
  assert.equal(compile([op('pm-with', 'othello@zulip.com'), op('with', 109)]).terms.length, 1);
  assert.equal(compile([op('pm_with', 'othello@zulip.com'), op('with', 109)]).terms, [
    { operator: 'dm', operand: [3, 4, 5], negated: false },
    { operator: 'dm', operand: 'othello@zulip.com', negated: false },
  ]);
});

test('with an inaccessible message keeps a narrow that names a conversation', () => {
  assert.equal(matchingIds([op('channel', 'Verona'), op('topic', 'party plans'), op('with', 110)]), [100, 101]);
  assert.equal(matchingIds([op('dm', [USERS.cordelia]), op('with', 999)]), [106, 107]);
  assert.equal(compile([op('pm-with', [USERS.cordelia]), op('with', 114)]).terms.length, 1);
});

test('with an inaccessible message and no conversation is an error', () => {
  assert.equal(errorOf([op('with', 110)]), ['NarrowError', "Invalid 'with' operator"]);
  assert.equal(errorOf([op('channel', 'Verona'), op('with', 999)]), ['NarrowError', "Invalid 'with' operator"]);
  assert.equal(errorOf([op('pm_with', 'cordelia@zulip.com'), op('with', 999)]), ['NarrowError', "Invalid 'with' operator"]);
});

test('a with operand that is not an integer is an error', () => {
  assert.equal(errorOf([op('with', 'abc')]), ['NarrowError', "Invalid 'with' operator"]);
  assert.equal(errorOf([op('with', '1.5')]), ['NarrowError', "Invalid 'with' operator"]);
});

test('a with operand is read like Python int(): spaces, sign and underscores', () => {
  assert.equal(matchingIds([op('with', ' 1_01 ')]), [100, 101]);
  assert.equal(errorOf([op('with', '-101')]), ['NarrowError', "Invalid 'with' operator"]);
});

test('two with terms are an operator-combination error', () => {
  try {
    compile([op('with', 101), op('with', 102)]);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, NarrowError);
    assert.is((error as NarrowError).kind, 'combination');
    assert.is((error as NarrowError).desc, "Duplicate 'with' operators.");
  }
});

test('matches_narrow does not expand with: it is an unknown operator there', () => {
  assert.equal(errorOf([op('with', 101)], testEnv(), { forMatchesNarrow: true }), ['NarrowError', 'unknown operator with']);
});

test('matches_narrow still renames "general chat"', () => {
  assert.equal(compile([op('topic', 'general chat')], testEnv(), { forMatchesNarrow: true }).terms[0]?.operand, '');
});

test.run();
