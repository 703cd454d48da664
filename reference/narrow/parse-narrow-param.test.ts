import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseNarrowParam } from './parse-narrow-param.ts';
import { NarrowParamError } from './types.ts';

const parse = (raw: readonly unknown[]) => parseNarrowParam(raw);
function paramError(raw: readonly unknown[]): string {
  try {
    parse(raw);
  } catch (error) {
    assert.instance(error, NarrowParamError);
    return (error as Error).message;
  }
  throw new Error('expected a NarrowParamError');
}

test('an empty list means no terms', () => {
  assert.equal(parse([]), []);
});

test('dict elements keep their operator, operand and negation', () => {
  assert.equal(parse([{ operator: 'is', operand: 'starred', negated: true }, { operator: 'channel', operand: 10 }]), [
    { operator: 'is', operand: 'starred', negated: true },
    { operator: 'channel', operand: 10, negated: false },
  ]);
});

test('legacy [operator, operand] pairs are accepted, never negated', () => {
  assert.equal(parse([['stream', 'Verona'], ['topic', 'party plans']]), [
    { operator: 'stream', operand: 'Verona', negated: false },
    { operator: 'topic', operand: 'party plans', negated: false },
  ]);
});

test('a pair that is not two strings is rejected', () => {
  assert.is(paramError([['stream']]), 'Invalid narrow[0]: Value error, element is not a string pair');
  assert.is(paramError([['stream', 'a', 'b']]), 'Invalid narrow[0]: Value error, element is not a string pair');
  assert.is(paramError([['channel', 10]]), 'Invalid narrow[0]: Value error, element is not a string pair');
});

test('a dict without operand or operator is rejected, operand checked first', () => {
  assert.is(paramError([{ operator: 'is' }]), 'Invalid narrow[0]: Value error, operand is missing');
  assert.is(paramError([{ operator: 'is', operand: null }]), 'Invalid narrow[0]: Value error, operand is missing');
  assert.is(paramError([{ operand: 'starred' }]), 'Invalid narrow[0]: Value error, operator is missing');
  assert.is(paramError([{}]), 'Invalid narrow[0]: Value error, operand is missing');
});

test('an element that is neither dict nor list is rejected with its index', () => {
  assert.is(paramError([['is', 'starred'], 'is:starred']), 'Invalid narrow[1]: Value error, dict or list required');
  assert.is(paramError([null]), 'Invalid narrow[0]: Value error, dict or list required');
});

test('negated must be a boolean, and is checked before operator', () => {
  assert.is(paramError([{ operator: 'is', operand: 'starred', negated: 'true' }]), 'narrow[0]["negated"] is not a boolean');
  assert.is(paramError([{ operator: 'is', operand: 'starred', negated: null }]), 'narrow[0]["negated"] is not a boolean');
  assert.is(paramError([{ operator: 5, operand: 'x', negated: 1 }]), 'narrow[0]["negated"] is not a boolean');
});

test('operator must be a string', () => {
  assert.is(paramError([{ operator: 5, operand: 'starred' }]), 'narrow[0]["operator"] is not a string');
});

test('channel, stream, id, sender, dm-including, group-pm-with and with take a string or an int', () => {
  for (const operator of ['channel', 'stream', 'id', 'sender', 'dm-including', 'group-pm-with', 'with']) {
    assert.equal(parse([{ operator, operand: 7 }])[0]?.operand, 7, operator);
    assert.equal(parse([{ operator, operand: '7' }])[0]?.operand, '7', operator);
    assert.is(paramError([{ operator, operand: [7] }]), 'operand is not a string or integer', operator);
    assert.is(paramError([{ operator, operand: 1.5 }]), 'operand is not a string or integer', operator);
  }
});

test('dm and pm-with take a string or a list of ints', () => {
  assert.equal(parse([{ operator: 'dm', operand: [3, 4] }])[0]?.operand, [3, 4]);
  assert.equal(parse([{ operator: 'pm-with', operand: 'a@zulip.com' }])[0]?.operand, 'a@zulip.com');
  assert.is(paramError([{ operator: 'dm', operand: 3 }]), 'operand is not a string or an integer list');
  assert.is(paramError([{ operator: 'dm', operand: [3, '4'] }]), 'operand[1] is not an integer');
});

test('underscore spellings take strings only, as upstream lists only the dashed ones', () => {
  assert.is(paramError([{ operator: 'pm_with', operand: [3] }]), 'operand is not a string');
  assert.is(paramError([{ operator: 'group_pm_with', operand: 3 }]), 'operand is not a string');
  assert.is(paramError([{ operator: 'streams', operand: 3 }]), 'operand is not a string');
});

test('search needs a non-blank string', () => {
  assert.is(paramError([{ operator: 'search', operand: '' }]), 'operand cannot be blank.');
  assert.is(paramError([{ operator: 'search', operand: '   ' }]), 'operand cannot be blank.');
  assert.is(paramError([{ operator: 'search', operand: 5 }]), 'operand is not a string');
});

test('every other operator, known or not, takes a string', () => {
  assert.is(paramError([{ operator: 'near', operand: 5 }]), 'operand is not a string');
  assert.is(paramError([{ operator: 'is', operand: true }]), 'operand is not a string');
  assert.is(paramError([{ operator: 'bogus', operand: 5 }]), 'operand is not a string');
  assert.equal(parse([{ operator: 'bogus', operand: 'x' }])[0]?.operator, 'bogus');
});

test('the first collected element error wins', () => {
  assert.is(paramError([5, ['a']]), 'Invalid narrow[0]: Value error, dict or list required');
});

test('an operand error escapes at once, even after an earlier element error', () => {
  assert.is(paramError([5, { operator: 'near', operand: 5 }]), 'operand is not a string');
});

test.run();
