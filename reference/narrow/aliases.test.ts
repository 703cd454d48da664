import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalTerm } from './aliases.ts';
import { compile, matchingIds, op } from './test-realm.ts';

const canonical = (operator: string, operand: string | number | number[]) => canonicalTerm({ operator, operand, negated: false });

test('stream is channel and streams is channels', () => {
  assert.is(canonical('stream', 'Verona').operator, 'channel');
  assert.is(canonical('streams', 'public').operator, 'channels');
  assert.equal(matchingIds([op('stream', 'Denmark')]), matchingIds([op('channel', 'Denmark')]));
});

test('pm-with and pm_with are dm', () => {
  assert.is(canonical('pm-with', [4]).operator, 'dm');
  assert.is(canonical('pm_with', 'cordelia@zulip.com').operator, 'dm');
  assert.equal(matchingIds([op('pm_with', 'cordelia@zulip.com')]), [106, 107]);
  assert.equal(matchingIds([op('pm-with', [4])]), [106, 107]);
});

test('group_pm_with is group-pm-with, which keeps its legacy meaning', () => {
  assert.is(canonical('group_pm_with', 'x').operator, 'group-pm-with');
  assert.is(canonical('group-pm-with', 'x').operator, 'group-pm-with');
  assert.equal(matchingIds([op('group_pm_with', 'cordelia@zulip.com')]), [109]);
});

test('is:private is is:dm', () => {
  assert.equal(canonical('is', 'private').operand, 'dm');
  assert.equal(matchingIds([op('is', 'private')]), matchingIds([op('is', 'dm')]));
});

test('canonical names pass through, and the compiled terms show them', () => {
  assert.equal(compile([op('stream', 'Verona'), op('is', 'private', true)]).terms, [
    { operator: 'channel', operand: 'Verona', negated: false },
    { operator: 'is', operand: 'dm', negated: true },
  ]);
});

test.run();
