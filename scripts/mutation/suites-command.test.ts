// The per-mutant command: every suite runs, each under its limit, and leaves its line.
import { execSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OUTCOMES_ENV, parseOutcomes, suitesCommand } from './suites-command.ts';
import { SUITES, withOriginal } from './scope.ts';

const dir = mkdtempSync(join(tmpdir(), 'understudy-suites-command-'));
// A stand-in for node: the suite named "bad" fails, "slow" hangs, any other passes.
const fakeNode = join(dir, 'fake node');
writeFileSync(fakeNode, '#!/bin/sh\ncase "$*" in\n  *"--suite bad"*) exit 3 ;;\n  *"--suite slow"*) sleep 30 ;;\nesac\nexit 0\n');
chmodSync(fakeNode, 0o755);

function run(command: string, mutant?: string): { status: number; lines: string } {
  const { __STRYKER_ACTIVE_MUTANT__: _, ...base } = process.env;
  const env = { ...base, [OUTCOMES_ENV]: dir, ...(mutant !== undefined ? { __STRYKER_ACTIVE_MUTANT__: mutant } : {}) };
  let status = 0;
  try {
    execSync(command, { env, stdio: 'ignore', shell: '/bin/sh' });
  } catch (e) {
    status = (e as { status: number }).status;
  }
  return { status, lines: readFileSync(join(dir, mutant ?? 'dry'), 'utf8') };
}

test('the conformance command line of each suite', () => {
  const cmd = suitesCommand([{ name: 'scenarios', args: ['--suite', 'scenarios'] }], '/usr/bin/node');
  assert.ok(cmd.includes('/usr/bin/node --import tsx scripts/conformance.ts --target reference --reporter json --out /dev/null --suite scenarios'), cmd);
});

test('all suites pass: exit 0, one line each, under "dry" without a mutant', () => {
  const r = run(suitesCommand([{ name: 'one', args: ['--suite', 'one'] }, { name: 'two', args: ['--suite', 'two'] }], fakeNode));
  assert.is(r.status, 0);
  assert.equal(parseOutcomes(r.lines).map((o) => [o.suite, o.status]), [['one', 0], ['two', 0]]);
  assert.ok(parseOutcomes(r.lines).every((o) => o.ms >= 0 && o.ms < 10_000));
});

test('a failing suite fails the command, and the next suite still runs', () => {
  const r = run(suitesCommand([{ name: 'bad', args: ['--suite', 'bad'] }, { name: 'two', args: ['--suite', 'two'] }], fakeNode), '17');
  assert.is(r.status, 1);
  assert.equal(parseOutcomes(r.lines).map((o) => [o.suite, o.status]), [['bad', 3], ['two', 0]]);
});

test('a suite over its limit is stopped (124) and counts as failing', () => {
  const started = Date.now();
  const r = run(suitesCommand([{ name: 'slow', args: ['--suite', 'slow'] }, { name: 'two', args: ['--suite', 'two'] }], fakeNode, { slow: 1000 }), '18');
  assert.is(r.status, 1);
  assert.equal(parseOutcomes(r.lines).map((o) => [o.suite, o.status]), [['slow', 124], ['two', 0]]);
  assert.ok(Date.now() - started < 10_000);
});

test('outcome lines', () => {
  assert.equal(parseOutcomes('scenarios 0 2831\nproperties 1 900\n\n'), [
    { suite: 'scenarios', status: 0, ms: 2831 },
    { suite: 'properties', status: 1, ms: 900 },
  ]);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test('the differential suite compares each mutant with the unmutated reference: ORIGINAL becomes its path', () => {
  const suites = withOriginal(SUITES, '/project/reference/index.ts');
  const differential = suites.find((s) => s.name === 'differential');
  assert.ok(differential, 'scope.ts has a differential suite');
  const at = differential.args.indexOf('--oracle');
  assert.is(differential.args[at + 1], '/project/reference/index.ts');
  assert.ok(suites.every((s) => !s.args.includes('ORIGINAL')));
  assert.ok(SUITES.some((s) => s.args.includes('ORIGINAL')), 'as written, the placeholder stands');
  assert.match(suitesCommand(suites, 'node'), /--oracle \/project\/reference\/index\.ts --bail/);
});

test.run();
