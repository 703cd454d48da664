// npm run bench refuses what it does not know, in one line, before benchmarking anything.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BENCH_USAGE, benchFlags } from './bench-flags.ts';

test('the known flags', () => {
  const none = { scheduled: undefined, reactions: undefined, edits: undefined, readState: undefined, presence: undefined };
  assert.equal(benchFlags([]), { json: false, quick: false, http: true, help: false, messages: undefined, events: false, hostile: false, ...none });
  assert.equal(benchFlags(['--json', '--quick', '--no-http', '--messages', '5000', '--events']), { json: true, quick: true, http: false, help: false, messages: 5000, events: true, hostile: false, ...none });
  assert.is(benchFlags(['--hostile']).hostile, true);
  assert.is(benchFlags(['--scheduled']).scheduled, 100_000);
  assert.is(benchFlags(['--scheduled', '2000', '--quick']).scheduled, 2000);
  assert.is(benchFlags(['--messages']).messages, 1_000_000);
  assert.is(benchFlags(['--edits']).edits, 1_000_000);
  assert.is(benchFlags(['--edits', '20000']).edits, 20_000);
  assert.is(benchFlags(['--presence']).presence, 10_000);
  assert.is(benchFlags(['--presence', '500', '--quick']).presence, 500);
  assert.is(benchFlags(['--messages', '--quick']).quick, true);
  assert.is(benchFlags(['--read-state']).readState, 1_000_000);
  assert.is(benchFlags(['--read-state', '5000', '--json']).readState, 5000);
  assert.is(benchFlags([]).readState, undefined);
});

test('anything else is refused', () => {
  assert.throws(() => benchFlags(['--qiuck']), /^unknown option --qiuck$/);
  assert.throws(() => benchFlags(['--json=1']), /^unknown option --json=1$/);
  assert.throws(() => benchFlags(['quick']), /^unexpected argument "quick"$/);
});

test('npm run bench with an unknown flag exits 2 with one line, at once', () => {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--quick', '--bogus'], { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' });
  assert.is(r.status, 2);
  assert.is(r.stdout, '');
  assert.is(r.stderr, `bench: unknown option --bogus (${BENCH_USAGE})\n`);
  assert.ok(performance.now() - started < 10_000, 'no benchmark ran');
});

test.run();
