// The CLI end to end: selection, reporters, expectations (which may only shrink), exit
// statuses, and the URL target over a real socket.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '#reference/index.ts';
import { serve } from '#reference/adapters/node-http.ts';
import { main, selects } from './cli.ts';

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { stdout: (s) => void (out += s), stderr: (s) => void (err += s) });
  return { code, out, err };
}

/** A copy of some of scenarios/ (areas or single ids), so these tests do not depend on the rest. */
function subset(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  for (const name of names) {
    const from = new URL(`../scenarios/${name}${name.includes('/') ? '.json' : ''}`, import.meta.url);
    cpSync(from, join(dir, `${name}${name.includes('/') ? '.json' : ''}`), { recursive: true });
  }
  return dir;
}

/** A scenario directory with one passing and one failing scenario. */
function fixtureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  mkdirSync(join(dir, 'demo'));
  const scenario = (id: string, status: number) =>
    JSON.stringify({ id, what: `${id} answers ${status}`, steps: [{ as: 'member', method: 'GET', path: '/api/v1/users/me', expect: { status } }] });
  writeFileSync(join(dir, 'demo', 'passes.json'), scenario('demo/passes', 200));
  writeFileSync(join(dir, 'demo', 'fails.json'), scenario('demo/fails', 418));
  return dir;
}

function expectationsFile(entries: Record<string, string>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'expect-')), 'expectations.json');
  writeFileSync(file, JSON.stringify({ expected_failures: entries }));
  return file;
}

test('--only takes ids, globs and area names', () => {
  assert.ok(selects('auth/no-credentials', 'auth/no-credentials'));
  assert.ok(selects('auth', 'auth/no-credentials'));
  assert.ok(selects('auth/', 'auth/no-credentials'));
  assert.ok(selects('*/no-*', 'auth/no-credentials'));
  assert.not.ok(selects('aut', 'auth/no-credentials'));
});

test('a passing run exits 0 and says so', async () => {
  const r = await cli(['--scenarios', subset('auth', 'users/me'), '--only', 'auth/no-credentials', '--only', 'users/me']);
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /OK: 2 scenarios: 2 passed, 0 failed, 0 skipped/);
});

test('a failure exits 1 and prints the request, what was expected and how to replay', async () => {
  const r = await cli(['--scenarios', fixtureDir()]);
  assert.is(r.code, 1);
  assert.match(r.out, /✗ \[1\/2\] demo\/fails/);
  assert.match(r.out, /request: GET \/api\/v1\/users\/me/);
  assert.match(r.out, /status: expected 418, got 200/);
  assert.match(r.out, /replay: npm run conformance -- --target reference .* --only demo\/fails/);
  assert.match(r.out, /FAILED: 2 scenarios: 1 passed, 1 failed/);
});

test('an expected failure is fine; an unexpected pass and a stale entry fail the run', async () => {
  const dir = fixtureDir();
  const xfail = await cli(['--scenarios', dir, '--expectations', expectationsFile({ 'demo/fails': 'teapot pending' })]);
  assert.is(xfail.code, 0, xfail.out);
  assert.match(xfail.out, /1 expected failures/);
  const xpass = await cli(['--scenarios', dir, '--expectations', expectationsFile({ 'demo/fails': 'x', 'demo/passes': 'was broken' })]);
  assert.is(xpass.code, 1);
  assert.match(xpass.out, /demo\/passes .*UNEXPECTED PASS/);
  const stale = await cli(['--scenarios', dir, '--expectations', expectationsFile({ 'demo/fails': 'x', 'demo/gone': 'removed scenario' })]);
  assert.is(stale.code, 1);
  assert.match(stale.out, /stale expectation: no scenario "demo\/gone"/);
});

test('the json reporter writes one document to stdout', async () => {
  const r = await cli(['--scenarios', fixtureDir(), '--reporter', 'json']);
  assert.is(r.code, 1);
  const report = JSON.parse(r.out) as { ok: boolean; summary: Record<string, number>; results: Array<{ id: string; outcome: string; failure?: { step: number } }> };
  assert.is(report.ok, false);
  assert.is(report.summary['fail'], 1);
  assert.equal(report.results.map((x) => [x.id, x.outcome]), [['demo/fails', 'fail'], ['demo/passes', 'pass']]);
  assert.is(report.results[0]?.failure?.step, 1);
});

test('the junit reporter writes XML to --out, with console progress on stdout', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'junit-')), 'report.xml');
  const r = await cli(['--scenarios', fixtureDir(), '--reporter', 'junit', '--out', out]);
  assert.is(r.code, 1);
  assert.match(r.out, /FAILED/);
  const xml = readFileSync(out, 'utf8');
  assert.match(xml, /<testsuite name="demo" tests="2" failures="1" errors="0" skipped="0"/);
  assert.match(xml, /<testcase classname="demo" name="demo\/fails" file="[^"]+" time="[\d.]+"><failure message="status: expected 418, got 200">/);
  assert.match(xml, /<testcase classname="demo" name="demo\/passes"[^>]*\/>/);
});

test('the tap reporter prints TAP 14 with a YAML block for each failure', async () => {
  const r = await cli(['--scenarios', fixtureDir(), '--reporter', 'tap']);
  assert.is(r.code, 1);
  const tap = r.out.slice(r.out.indexOf('TAP version 14'));
  assert.match(tap, /^TAP version 14\n1\.\.2\n/);
  assert.match(tap, /\nnot ok 1 - demo\/fails\n  ---\n  outcome: fail\n  details: \|\n[\s\S]*status: expected 418, got 200[\s\S]*\n  \.\.\.\nok 2 - demo\/passes\n$/);
});

test('bad scenario files and bad usage exit 2 with file:line positions', async () => {
  const dir = fixtureDir();
  writeFileSync(join(dir, 'demo', 'broken.json'), '{"id": "demo/broken", "what": "x", "steps": [{"as": "member"}]}');
  const r = await cli(['--scenarios', dir]);
  assert.is(r.code, 2);
  assert.match(r.err, /demo\/broken\.json:1:\d+: step 1 \(steps\[0\]\.method\): Invalid option/);
  assert.match(r.out, /2 scenarios: 1 passed, 1 failed/, 'the loadable scenarios still run');
  assert.match(r.out, /1 scenario file\(s\) could not be loaded/);
  const elsewhere = await cli(['--scenarios', dir, '--only', 'demo/passes']);
  assert.is(elsewhere.code, 0, 'a bad file outside --only is only a warning');
  assert.match(elsewhere.err, /warning \(not selected\): .*broken\.json/);
  const good = subset('users/me');
  assert.is((await cli(['--scenarios', good, '--reporter', 'xunit'])).code, 2);
  assert.is((await cli(['--scenarios', good, '--target', 'not a url'])).code, 2);
  assert.is((await cli(['--scenarios', good, '--only', 'no/such/scenario'])).code, 2);
});

test('a URL target runs over HTTP, logging in with passwords, resetting and controlling through /_understudy/', async () => {
  const serving = await serve(createReference({ clock: 'manual' }), { port: 0, host: '127.0.0.1' });
  try {
    const dir = subset('auth', 'jwt/deactivated-user', 'fetch-api-key/success');
    const r = await cli(['--target', serving.url, '--scenarios', dir]);
    assert.is(r.code, 0, r.out + r.err);
    assert.match(r.out, new RegExp(`against ${serving.url.replace(/[./]/g, '\\$&')}`));
    assert.match(r.out, /0 failed, 0 skipped/);
  } finally {
    await serving.close();
  }
});

test('a URL target sends the profile\'s control_token with every control request', async () => {
  const serving = await serve(createReference({ clock: 'manual' }), { port: 0, host: '127.0.0.1', controlToken: 'swordfish' });
  const dir = mkdtempSync(join(tmpdir(), 'profile-'));
  const profile = JSON.parse(readFileSync('fixtures/profile.json', 'utf8')) as { capabilities: Record<string, unknown> };
  const withToken = (token: string) => {
    const file = join(dir, `${token}.json`);
    writeFileSync(file, JSON.stringify({ ...profile, capabilities: { ...profile.capabilities, control_token: token } }));
    return file;
  };
  try {
    const scenarios = subset('auth/deactivated-user');
    const r = await cli(['--target', serving.url, '--profile', withToken('swordfish'), '--scenarios', scenarios]);
    assert.is(r.code, 0, r.out + r.err);
    assert.match(r.out, /1 passed, 0 failed/);
    const wrong = await cli(['--target', serving.url, '--profile', withToken('tuna'), '--scenarios', scenarios]);
    assert.is.not(wrong.code, 0);
    assert.match(wrong.out + wrong.err, /403/);
  } finally {
    await serving.close();
  }
});

test('a target without control skips the scenarios that need it, and says so', async () => {
  const serving = await serve(createReference({ control: false }), { port: 0, host: '127.0.0.1' });
  const dir = mkdtempSync(join(tmpdir(), 'profile-'));
  const profile = JSON.parse(readFileSync('fixtures/profile.json', 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'profile.json'), JSON.stringify({ ...profile, capabilities: {} }));
  try {
    const scenarios = subset('auth/deactivated-user', 'jwt/success', 'auth/no-credentials');
    const r = await cli(['--target', serving.url, '--profile', join(dir, 'profile.json'), '--scenarios', scenarios]);
    assert.is(r.code, 0, r.out + r.err);
    assert.match(r.out, /auth\/deactivated-user .*skipped: needs control, which the target does not offer/);
    assert.match(r.out, /jwt\/success .*skipped: needs jwt_secret/);
    assert.match(r.out, /1 passed, 0 failed, 2 skipped/);
  } finally {
    await serving.close();
  }
});

test.run();
