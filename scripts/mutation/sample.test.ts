// The seeded sample and the Wilson interval.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { locationsByFile, mutantKey, mutateRanges, sampleMutants, wilson, type MutantId } from './sample.ts';

const m = (file: string, line: number, col: number, mutatorName = 'BooleanLiteral', replacement = 'true'): MutantId => ({
  file,
  location: { start: { line, column: col }, end: { line, column: col + 4 } },
  mutatorName,
  replacement,
});
const many = Array.from({ length: 200 }, (_, i) => m(`reference/a${i % 7}.ts`, 1 + i, 3));

test('a key names file, location (from 1), mutator and replacement', () => {
  assert.is(mutantKey(m('reference/x.ts', 12, 5, 'StringLiteral', '""')), 'reference/x.ts:12:5-12:9 StringLiteral "\\"\\""');
  assert.is.not(mutantKey(m('reference/x.ts', 12, 5, 'A', 'x')), mutantKey(m('reference/x.ts', 12, 5, 'A', 'y')));
});

test('the same seed picks the same mutants, another seed others', () => {
  const a = sampleMutants(many, 20, 's1').map(mutantKey);
  assert.equal(sampleMutants([...many].reverse(), 20, 's1').map(mutantKey), a, 'independent of the input order');
  assert.is(new Set(a).size, 20);
  const b = sampleMutants(many, 20, 's2').map(mutantKey);
  assert.ok(b.filter((k) => a.includes(k)).length < 15);
});

test('a smaller sample is a prefix of a larger one; an edit elsewhere keeps the rest', () => {
  const big = sampleMutants(many, 50, 'seed').map(mutantKey);
  assert.equal(sampleMutants(many, 10, 'seed').map(mutantKey), big.slice(0, 10));
  const edited = many.filter((x) => mutantKey(x) !== big[3]);
  assert.equal(sampleMutants(edited, 9, 'seed').map(mutantKey), big.slice(0, 10).filter((k) => k !== big[3]));
  assert.is(sampleMutants(many, 1000, 'seed').length, 200);
});

test('it spreads over the files', () => {
  const files = new Set(sampleMutants(many, 40, 'seed').map((x) => x.file));
  assert.is(files.size, 7);
});

test('locations per file, and Stryker mutate ranges (columns from 0 there)', () => {
  const s = [m('reference/a.ts', 3, 5), m('reference/a.ts', 3, 5, 'X', 'y'), m('reference/b.ts', 10, 1)];
  assert.equal(locationsByFile(s), {
    'reference/a.ts': [s[0]!.location, s[1]!.location],
    'reference/b.ts': [s[2]!.location],
  });
  assert.equal(mutateRanges(s), ['reference/a.ts:3:4-3:8', 'reference/b.ts:10:0-10:4']);
});

test('Wilson 95% interval', () => {
  const close = (a: number, b: number) => Math.abs(a - b) < 5e-4;
  const [lo, hi] = wilson(90, 100);
  assert.ok(close(lo, 0.8256) && close(hi, 0.9448), `${lo} ${hi}`);
  const [lo0, hi0] = wilson(0, 10);
  assert.ok(close(lo0, 0) && close(hi0, 0.2775), `${lo0} ${hi0}`);
  const [lo1, hi1] = wilson(10, 10);
  assert.ok(close(lo1, 0.7225) && close(hi1, 1), `${lo1} ${hi1}`);
  assert.equal(wilson(0, 0), [0, 1]);
});

test.run();
