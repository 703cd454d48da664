// The ignore plugin keeps the sampled nodes and those that hold one; it leaves out the rest.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ignoreReason, sampleIgnorer, within, type Loc, type SampleSpec } from './sample-ignorer.ts';

const loc = (sl: number, sc: number, el: number, ec: number): Loc => ({ start: { line: sl, column: sc }, end: { line: el, column: ec } });

test('within', () => {
  assert.ok(within(loc(2, 5, 2, 9), loc(2, 5, 2, 9)));
  assert.ok(within(loc(2, 5, 2, 9), loc(1, 1, 3, 1)));
  assert.ok(within(loc(2, 5, 2, 9), loc(2, 1, 2, 20)));
  assert.not.ok(within(loc(2, 5, 2, 9), loc(2, 6, 2, 20)));
  assert.not.ok(within(loc(2, 5, 3, 9), loc(2, 1, 3, 8)));
});

test('a sampled node, or one that holds a sampled node, is kept; any other is left out', () => {
  const sampled = [loc(10, 5, 10, 20)];
  assert.is(ignoreReason(sampled, loc(10, 5, 10, 20)), undefined);
  assert.is(ignoreReason(sampled, loc(9, 1, 12, 2)), undefined);
  assert.is(ignoreReason(sampled, loc(10, 6, 10, 12)), 'not in the sample');
  assert.is(ignoreReason(sampled, loc(11, 1, 11, 5)), 'not in the sample');
  assert.is(ignoreReason(undefined, loc(10, 5, 10, 20)), 'not in the sample');
});

// What Stryker hands the plugin: a Babel path (lines from 1, columns from 0).
const path = (file: string, sl: number, sc: number, el: number, ec: number) => ({
  node: { loc: { start: { line: sl, column: sc }, end: { line: el, column: ec } } },
  hub: { file: { opts: { filename: file } } },
});

test('the plugin reads Babel locations against the sample, by file', () => {
  let spec: SampleSpec = { mode: 'sample', locations: { 'reference/a.ts': [loc(10, 5, 10, 20)] } };
  const ignorer = sampleIgnorer(() => spec, '/repo');
  assert.is(ignorer.shouldIgnore(path('/repo/reference/a.ts', 10, 4, 10, 19)), undefined);
  assert.is(ignorer.shouldIgnore(path('/repo/reference/a.ts', 10, 5, 10, 19)), 'not in the sample');
  assert.is(ignorer.shouldIgnore(path('/repo/reference/b.ts', 10, 4, 10, 19)), 'not in the sample');
  assert.is(ignorer.shouldIgnore({ node: { loc: null } }), undefined);
  spec = { mode: 'list' };
  assert.is(ignorer.shouldIgnore(path('/repo/reference/a.ts', 10, 4, 10, 19)), 'listing the mutants');
});

test.run();
