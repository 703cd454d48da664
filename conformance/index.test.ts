// The conformance API as a package user imports it ('zulip-understudy/conformance').
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from './index.ts';

test('runConformance with defaults: the shipped scenarios against the in-process reference', async () => {
  const seen: string[] = [];
  const report = await api.runConformance({ only: ['users/me', 'auth/no-credentials'], onResult: (r) => seen.push(r.id) });
  assert.is(report.target, 'reference');
  assert.ok(report.summary.ok);
  assert.equal(report.summary.counts.pass, 2);
  assert.equal(seen, ['auth/no-credentials', 'users/me']);
});

test('a profile and expectations given as objects; a failure listed as expected passes the run', async () => {
  const profile = api.loadProfile(api.DEFAULT_PROFILE);
  const report = await api.runConformance({
    target: 'reference',
    profile: { ...profile, users: { ...profile.users, member: { email: 'hamlet@zulip.com', api_key: 'wrong-key-wrong-key-wrong-key-00' } } },
    only: ['users/me'],
    expectations: { expected_failures: { 'users/me': 'the profile has the wrong key' } },
  });
  assert.is(report.results[0]?.outcome, 'xfail');
  assert.ok(report.summary.ok);
  assert.not.ok(JSON.stringify(report).includes('wrong-key-wrong-key-wrong-key-00'), 'the key is masked');
});

test('bad options are ConformanceErrors of kind usage', async () => {
  const ownProfile = api.loadProfile(api.DEFAULT_PROFILE); // an object: not the default profile, so it needs a target
  for (const options of [{ suite: 'fuzz' }, { only: ['no/such/scenario'] }, { target: 'not a url' }, { profile: { users: 'nobody' } as never }, { profile: ownProfile }]) {
    const e = await api.runConformance(options).catch((x: unknown) => x);
    assert.instance(e, api.ConformanceError, JSON.stringify(options));
    assert.is((e as api.ConformanceError).kind, 'usage');
  }
});

test('the building blocks are exported', () => {
  for (const name of ['urlTarget', 'referenceTarget', 'Runner', 'loadScenarioDir', 'consoleReporter', 'jsonReporter', 'junitReporter', 'tapReporter', 'Redactor', 'conformanceCli'] as const) {
    assert.type(api[name], 'function', name);
  }
  assert.is(api.EXIT.unreachable, 5);
  assert.equal([...api.SUITES], ['scenarios', 'properties', 'all']);
  assert.ok(api.loadScenarioDir(api.SCENARIOS_DIR).scenarios.length > 300);
});

test.run();
