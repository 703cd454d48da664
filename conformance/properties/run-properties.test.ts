// The property suite against the in-process reference: it passes on the reference; it
// finds each deliberately injected fault (scripts/faults.ts), shrinks it to a few steps and
// writes a scenario that the scenario runner replays with the same failure (and that
// passes on the reference); the differential mode finds no divergence between two
// references and the first one of a broken target; budgets, skips and broken targets.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '#reference/index.ts';
import { withFault, type FaultName } from '../../scripts/faults.ts';
import { loadScenarioText } from '../loader.ts';
import { Runner } from '../run.ts';
import { loadProfile, runConformance, ConformanceError } from '../suite.ts';
import { DEFAULT_PROFILE } from '../paths.ts';
import { referenceTarget } from '../targets/reference.ts';
import type { Session, Target } from '../targets/target.ts';
import { TargetUnreachable } from '../targets/unreachable.ts';
import { CreateChannel } from './commands/create-channel.ts';
import { Unsubscribe } from './commands/unsubscribe.ts';
import { FAMILIES } from './families.ts';
import { runProperties } from './run-properties.ts';

const profile = loadProfile(DEFAULT_PROFILE);
const clean = () => referenceTarget(profile);
const faulty = (fault: FaultName) => referenceTarget(profile, {}, (r) => withFault(r, fault));
const scratch = () => mkdtempSync(join(tmpdir(), 'properties-'));

/** Replays a saved scenario file with the scenario runner. */
async function replay(file: string, target: Target) {
  const text = readFileSync(file, 'utf8');
  const id = (JSON.parse(text) as { id: string }).id;
  const loaded = loadScenarioText(text, file, id);
  assert.equal(loaded.errors, [], 'the saved scenario loads');
  return new Runner(target, profile).run(loaded.scenario!);
}

test('the reference passes; each family runs, or is skipped because the target answers 404 to it', async () => {
  const out = await runProperties({ target: clean(), profile, runs: 25, seed: 20_261_201 });
  assert.is(out.stats.runs, 25);
  assert.ok(out.stats.commands > 150, `${out.stats.commands} commands`);
  assert.ok(out.stats.requests > out.stats.commands);
  assert.is(out.stats.failed, false);
  assert.equal(
    out.results.map((r) => r.id),
    FAMILIES.map((f) => `properties/${f}`),
  );
  for (const r of out.results) {
    if (r.status === 'skip') assert.match(r.reason ?? '', /answers 404 to (GET|POST) \/api\/v1\//, r.id);
    else assert.is(r.status, 'pass', `${r.id}: ${r.reason}`);
  }
  for (const f of ['channels', 'messages', 'groups', 'users', 'events']) {
    const r = out.results.find((x) => x.id === `properties/${f}`)!;
    assert.is(r.status, 'pass', f);
    assert.ok((r.property?.commands ?? 0) > 0, `${f} ran`);
  }
});

test('a protected-history leak: found, shrunk to at most 6 steps, saved as a scenario that fails the same way and passes on the reference', async () => {
  const dir = scratch();
  const out = await runProperties({ target: faulty('history-leak'), profile, runs: 100, seed: 8, saveFailures: dir });
  const failed = out.results.filter((r) => r.status === 'fail');
  assert.is(failed.length, 1);
  const r = failed[0]!;
  assert.ok(r.property !== undefined && r.property.steps !== undefined && r.property.steps <= 6, `${r.property?.steps} steps`);
  assert.ok(r.property.counterexample!.length <= 3, r.property.counterexample!.join('; '));
  assert.match(r.failure!.problems[0]!, /may not see/);
  assert.is(r.property.reproduces, true);
  const file = r.property.saved!;
  assert.ok(existsSync(file), file);
  assert.is(r.file, file);
  const onBroken = await replay(file, faulty('history-leak'));
  assert.is(onBroken.status, 'fail');
  assert.is(onBroken.failure?.step, r.property.steps);
  assert.is((await replay(file, clean())).status, 'pass');

  // The same seed and path replay that failure at once.
  const again = await runProperties({ target: faulty('history-leak'), profile, runs: 100, seed: 8, path: r.property.path! });
  assert.is(again.stats.runs, 1);
  assert.equal(again.results.find((x) => x.status === 'fail')?.property?.counterexample, r.property.counterexample);
});

test('--bail: the first failure is reported as found, not shrunk', async () => {
  const full = await runProperties({ target: faulty('history-leak'), profile, runs: 100, seed: 7 });
  const bailed = await runProperties({ target: faulty('history-leak'), profile, runs: 100, seed: 7, bail: true });
  const shrunk = full.results.find((x) => x.status === 'fail')!;
  const found = bailed.results.find((x) => x.status === 'fail')!;
  assert.is(found.id, shrunk.id);
  assert.match(found.reason ?? '', /not shrunk \(bail\)/);
  assert.ok(found.property!.counterexample!.length > shrunk.property!.counterexample!.length, `${found.property!.counterexample!.length} commands`);
  assert.is(bailed.stats.runs, full.stats.runs);
});

test('an unsubscription that changes nothing: the subscription list read right after says so', async () => {
  const out = await runProperties({ target: faulty('unsubscribe-noop'), profile, runs: 1, seed: 1, sequence: [new CreateChannel(0, 0, []), new Unsubscribe(0, 0, 0)] });
  const r = out.results.find((x) => x.status === 'fail')!;
  assert.is(r.id, 'properties/channels');
  assert.match(r.failure!.note ?? '', /unsubscribed, as the target said/);
  assert.is(r.property?.reproduces, true);
  assert.equal(r.property?.counterexample, ['CreateChannel(0, public, [])', 'Unsubscribe(0, #0, 0)']);
});

test('an error without a code breaks the envelope invariant', async () => {
  const out = await runProperties({ target: faulty('error-without-code'), profile, runs: 50, seed: 3 });
  const r = out.results.find((x) => x.status === 'fail')!;
  assert.match(r.reason ?? '', /broke an invariant/);
  assert.match(r.failure!.problems[0]!, /an error without a code/);
  assert.ok((r.property?.steps ?? 99) <= 4, `${r.property?.steps} steps`);
  assert.is(r.property?.reproduces, true);
});

test('differential: two references never diverge; a broken target diverges at its first wrong answer', async () => {
  const same = await runProperties({ target: clean(), oracle: clean(), profile, runs: 10, seed: 11 });
  assert.is(same.stats.failed, false);
  assert.is(same.stats.divergences, 0);
  assert.ok(same.stats.commands > 50);

  const dir = scratch();
  const broken = await runProperties({ target: faulty('error-without-code'), oracle: clean(), profile, runs: 30, seed: 3, saveFailures: dir });
  assert.is(broken.stats.divergences, 1);
  const r = broken.results.find((x) => x.status === 'fail')!;
  assert.match(r.reason ?? '', /diverged from the oracle/);
  assert.match(r.failure!.problems[0]!, /differs from the oracle at code: missing/);
  assert.is(r.property?.reproduces, true);
  const saved = JSON.parse(readFileSync(r.property!.saved!, 'utf8')) as { steps: Array<{ expect: { json_subset?: unknown } }> };
  assert.ok(saved.steps.at(-1)!.expect.json_subset, 'the oracle answer is the expectation');
  assert.is((await replay(r.property!.saved!, faulty('error-without-code'))).status, 'fail');
  assert.is((await replay(r.property!.saved!, clean())).status, 'pass');
});

test('a time budget stops starting sequences; with nothing selected nothing runs', async () => {
  const out = await runProperties({ target: clean(), profile, runs: 1000, seed: 5, timeBudgetMs: 0 });
  assert.is(out.stats.stoppedByBudget, true);
  assert.ok(out.stats.runs <= 1);
  const none = await runProperties({ target: clean(), profile, runs: 10, seed: 5, selected: () => false });
  assert.equal(none.results, []);
  assert.is(none.stats.runs, 0);
});

test('without control, deactivation is skipped and said so; the differential mode refuses', async () => {
  const noControl = { ...profile, capabilities: {} };
  const target: Target = { ...clean(), capabilities: new Set() };
  const out = await runProperties({ target, profile: noControl, runs: 10, seed: 2 });
  const users = out.results.find((r) => r.id === 'properties/users')!;
  assert.is(users.status, 'skip');
  assert.match(users.reason ?? '', /needs control/);
  assert.is(out.stats.failed, false);
  try {
    await runConformance({ target, profile: noControl, suite: 'properties', oracle: 'reference', runs: 1 });
    assert.unreachable('refused');
  } catch (e) {
    assert.instance(e, ConformanceError);
    assert.match((e as Error).message, /--oracle needs a target with control/);
  }
});

/** The reference, whose sessions fail after `after` requests with `error`. */
function breaking(after: number, error: () => Error): Target {
  let sent = 0;
  const inner = clean();
  return {
    ...inner,
    async open(): Promise<Session> {
      const s = await inner.open();
      return {
        ...s,
        send: (req) => (++sent > after ? Promise.reject(error()) : s.send(req)),
      };
    },
  };
}

test('a target that stops answering stops the run; one that throws otherwise is an error, not a failure', async () => {
  try {
    await runConformance({ target: breaking(60, () => new TargetUnreachable('http://x', 'ECONNREFUSED', 'connect ECONNREFUSED')), suite: 'properties', runs: 20, seed: 1 });
    assert.unreachable('stopped');
  } catch (e) {
    assert.instance(e, ConformanceError);
    assert.is((e as ConformanceError).kind, 'unreachable');
  }
  const out = await runProperties({ target: breaking(60, () => new Error('socket hang up')), profile, runs: 20, seed: 1 });
  const r = out.results.find((x) => x.status === 'error')!;
  assert.match(r.reason ?? '', /failed after/);
  assert.match(r.failure!.problems[0]!, /socket hang up/);
});

test('runConformance --suite all: the scenarios, then the families; summary and expectations cover both', async () => {
  const report = await runConformance({
    suite: 'all',
    only: ['auth/no-credentials', 'properties/groups'],
    runs: 5,
    seed: 9,
    expectations: { expected_failures: { 'properties/drafts': 'stale entries name families too' } },
  });
  assert.equal(
    report.results.map((r) => r.id),
    ['auth/no-credentials', 'properties/groups'],
  );
  assert.is(report.summary.properties?.runs, 5);
  assert.equal(report.summary.stale, []);
  void createReference;
});

test.run();
