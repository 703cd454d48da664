// Batches: a prefix of the rank order, whole locations at a time, known mutants skipped.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { batchBudget, byLocation, nextBatch } from './plan.ts';
import { mutantKey, type MutantId } from './sample.ts';

const at = (line: number, mutatorName: string): MutantId => ({
  file: 'reference/a.ts',
  location: { start: { line, column: 1 }, end: { line, column: 9 } },
  mutatorName,
  replacement: mutatorName.toLowerCase(),
});
// Lines 1..4; line 2 holds three mutants, line 4 two.
const all = [at(1, 'A'), at(2, 'A'), at(2, 'B'), at(2, 'C'), at(3, 'A'), at(4, 'A'), at(4, 'B')];
const groups = byLocation(all);
const [l1, l2a, l2b, l2c, l3, l4a, l4b] = all as [MutantId, MutantId, MutantId, MutantId, MutantId, MutantId, MutantId];
const order = [l2b, l1, l4a, l2a, l3, l4b, l2c];

test('mutants are grouped by location', () => {
  assert.equal([...groups.values()].map((g) => g.length), [1, 3, 1, 2]);
});

test('a batch takes whole locations until the budget', () => {
  const b = nextBatch(order, 0, order.length, new Set(), groups, 5);
  // l2b brings its location (3 mutants), l1 one more; l4a's two would make 6.
  assert.equal(b.toTest, [l2b, l1]);
  assert.is(b.tested, 4);
  assert.is(b.end, 2);
});

test('at least one location, whatever the budget', () => {
  const b = nextBatch(order, 0, order.length, new Set(), groups, 1);
  assert.equal(b.toTest, [l2b]);
  assert.is(b.tested, 3);
  assert.is(b.end, 1);
});

test('known mutants are not tested again, and do not count', () => {
  const known = new Set([l2a, l2b, l2c, l1].map(mutantKey));
  const b = nextBatch(order, 2, order.length, known, groups, 100);
  assert.equal(b.toTest, [l4a, l3]); // l2a is known; l4b is at l4a's location
  assert.is(b.tested, 3);
  assert.is(b.end, 7);
});

test('the limit ends the batch', () => {
  const b = nextBatch(order, 0, 3, new Set(), groups, 100);
  assert.is(b.end, 3);
  assert.equal(b.toTest, [l2b, l1, l4a]);
  assert.is(nextBatch(order, 3, 3, new Set(), groups, 100).toTest.length, 0);
});

test('the time box: half of what fits, all of a little, nothing below two rounds', () => {
  // 10 min left, 30 s per batch, 2 s per mutant: 285 fit; half of them.
  assert.is(batchBudget(600_000, 30_000, 2_000, 2), 142);
  assert.is(batchBudget(60_000, 30_000, 2_000, 2), 15); // 15 fit: under 8 rounds, all of them
  assert.is(batchBudget(36_000, 30_000, 2_000, 2), 0); // 3 fit: under 2 rounds
  assert.is(batchBudget(10_000, 30_000, 2_000, 2), 0);
});

test.run();
