// The incremental mode: finding an earlier run's survivors among today's mutants.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mutantsToRecheck } from './recheck.ts';
import { mutantKey, type MutantId } from './sample.ts';
import type { Survivor } from './report.ts';

const loc = (line: number, column = 5) => ({ start: { line, column }, end: { line, column: column + 4 } });
const mutant = (file: string, line: number, replacement = 'true'): MutantId => ({ file, location: loc(line), mutatorName: 'ConditionalExpression', replacement });
const survivor = (m: MutantId, original: string): Survivor => ({ key: mutantKey(m), file: m.file, line: m.location.start.line, mutator: m.mutatorName, original, replacement: m.replacement ?? '', foundBy: [] });

test('by key, then moved by an edit (nearest line with the same code), and gone', () => {
  const code: Record<string, string> = { 'a.ts:10': 'x > 1', 'a.ts:40': 'y < 2', 'a.ts:44': 'y < 2', 'b.ts:3': 'z' };
  const original = (m: MutantId) => code[`${m.file}:${m.location.start.line}`] ?? '';
  const today = [mutant('a.ts', 10), mutant('a.ts', 40), mutant('a.ts', 44), mutant('b.ts', 3)];
  const earlier = [
    survivor(mutant('a.ts', 10), 'x > 1'), // unmoved
    survivor(mutant('a.ts', 42), 'y < 2'), // moved: 40 and 44 hold the same code, 40 is as near; the first nearest wins
    survivor(mutant('a.ts', 45), 'y < 2'), // moved: the other one
    survivor(mutant('b.ts', 3, 'false'), 'z'), // no such replacement today
  ];
  const r = mutantsToRecheck(today, earlier, original);
  assert.equal(r.mutants.map((m) => `${m.file}:${m.location.start.line}`), ['a.ts:10', 'a.ts:40', 'a.ts:44']);
  assert.equal(r.gone.map((s) => s.key), [earlier[3]!.key]);
});

test('the original code must match: a changed line is gone, not a different mutant', () => {
  const today = [mutant('a.ts', 12)];
  const r = mutantsToRecheck(today, [survivor(mutant('a.ts', 10), 'old code')], () => 'new code');
  assert.equal(r.mutants, []);
  assert.is(r.gone.length, 1);
});

test.run();
