// npm run mutation's flags.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MINUTES, mutationFlags } from './flags.ts';

test('defaults, and each flag', () => {
  assert.equal(mutationFlags([]), { size: { minutes: DEFAULT_MINUTES }, seed: 'understudy', concurrency: 2, out: 'reports/mutation', only: [], help: false });
  assert.equal(mutationFlags(['--sample', '300', '--seed', 'x', '--concurrency', '1', '--out', 'o']), {
    size: { sample: 300 },
    seed: 'x',
    concurrency: 1,
    out: 'o',
    only: [],
    help: false,
  });
  assert.equal(mutationFlags(['--only', 'reference/actions/typing.ts', '--only', 'reference/narrow/**/*.ts']).only, ['reference/actions/typing.ts', 'reference/narrow/**/*.ts']);
  assert.equal(mutationFlags(['--minutes', '5']).size, { minutes: 5 });
  assert.is(mutationFlags(['--all']).size, 'all');
  assert.equal(mutationFlags(['--recheck', 'reports/mutation/summary.json']).size, { recheck: 'reports/mutation/summary.json' });
  assert.is(mutationFlags(['--rescore', 'reports/mutation/summary.json']).rescore, 'reports/mutation/summary.json');
  assert.is(mutationFlags([]).rescore, undefined);
  assert.is(mutationFlags(['-h']).help, true);
});

test('anything else is refused', () => {
  assert.throws(() => mutationFlags(['--sample']), /^--sample needs a value$/);
  assert.throws(() => mutationFlags(['--sample', '0']), /^--sample: a positive integer, not "0"$/);
  assert.throws(() => mutationFlags(['--minutes', '--all']), /^--minutes needs a value$/);
  assert.throws(() => mutationFlags(['--recheck']), /^--recheck needs a value$/);
  assert.throws(() => mutationFlags(['--rescore']), /^--rescore needs a value$/);
  assert.throws(() => mutationFlags(['--only']), /^--only needs a value$/);
  assert.throws(() => mutationFlags(['--bogus']), /^unknown option --bogus$/);
  assert.throws(() => mutationFlags(['run']), /^unexpected argument "run"$/);
});

test.run();
