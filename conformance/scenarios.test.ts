// Every scenario under scenarios/ against a fresh in-process reference: the reference
// must pass the whole conformance suite.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatLoadError, loadScenarioDir } from './loader.ts';
import { describeFailure } from './reporters/describe.ts';
import { Runner } from './run.ts';
import { Profile } from './schema.ts';
import { referenceTarget } from './targets/reference.ts';

const dir = fileURLToPath(new URL('../scenarios', import.meta.url));
const profile = Profile.parse(JSON.parse(readFileSync(new URL('../fixtures/profile.json', import.meta.url), 'utf8')));
const { scenarios, errors } = loadScenarioDir(dir);
const runner = new Runner(referenceTarget(profile), profile);

test('every scenario file loads', () => {
  assert.equal(errors.map(formatLoadError), []);
  assert.ok(scenarios.length > 0);
});

for (const loaded of scenarios) {
  test(`${loaded.scenario.id}: ${loaded.scenario.what}`, async () => {
    const r = await runner.run(loaded);
    const details = [r.reason ?? '', ...(r.failure ? describeFailure(r.failure) : [])].join('\n');
    assert.is(r.status, 'pass', details);
  });
}

test.run();
