// The CLI end to end: selection, reporters, expectations (which may only shrink), exit
// statuses, and the URL target over a real socket.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '#reference/index.ts';
import { serve } from '#reference/adapters/node-http.ts';
import { main, selects } from './cli.ts';
import { EXIT } from './exit-codes.ts';
import { runConformance, ConformanceError } from './suite.ts';

async function cli(args: string[], tty: { isTTY?: boolean; env?: Record<string, string> } = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { stdout: (s) => void (out += s), stderr: (s) => void (err += s), ...tty });
  return { code, out, err };
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

function profileFile(changes: Record<string, unknown>): string {
  const profile = JSON.parse(readFileSync(new URL('../fixtures/profile.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'profile.json');
  writeFileSync(file, JSON.stringify({ ...profile, ...changes }));
  return file;
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

test('--bail stops at the first failure: later scenarios and the property suite do not run', async () => {
  const r = await cli(['--scenarios', fixtureDir(), '--suite', 'all', '--bail', '--reporter', 'json']);
  assert.is(r.code, 1);
  const report = JSON.parse(r.out) as { summary: { total: number; counts: { fail: number }; notRun: number } };
  assert.is(report.summary.total, 1);
  assert.is(report.summary.counts.fail, 1);
  assert.ok(report.summary.notRun > 1, String(report.summary.notRun)); // demo/passes and every property family
  const passing = await cli(['--scenarios', subset('users/me'), '--bail']);
  assert.is(passing.code, 0, passing.out + passing.err);
  assert.not.match(passing.out, /did not run/);
  const console = await cli(['--scenarios', fixtureDir(), '--bail']);
  assert.match(console.out, /--bail: 1 more did not run/);
});

test('a control step\'s expectation fails the scenario and shows the result', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  mkdirSync(join(dir, 'demo'));
  const steps = (len: number) => [{ control: 'push_outbox', params: {}, expect: { len: { notifications: len } } }];
  writeFileSync(join(dir, 'demo', 'empty.json'), JSON.stringify({ id: 'demo/empty', what: 'no notifications yet', needs: ['control'], steps: steps(0) }));
  writeFileSync(join(dir, 'demo', 'one.json'), JSON.stringify({ id: 'demo/one', what: 'one notification', needs: ['control'], steps: steps(1) }));
  const r = await cli(['--scenarios', dir]);
  assert.is(r.code, 1);
  assert.match(r.out, /✗ \[2\/2\] demo\/one/);
  assert.match(r.out, /control push_outbox \{\}/);
  assert.match(r.out, /len notifications: expected 1, got 0/);
  assert.match(r.out, /1 passed, 1 failed/);
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

test('the json reporter writes one document to stdout: what runConformance() resolves to', async () => {
  const dir = fixtureDir();
  const r = await cli(['--scenarios', dir, '--reporter', 'json']);
  assert.is(r.code, 1);
  const report = JSON.parse(r.out) as { target: string; summary: { ok: boolean; counts: Record<string, number> }; results: Array<{ id: string; outcome: string; durationMs: number; failure?: { step: number } }> };
  assert.is(report.summary.ok, false);
  assert.is(report.summary.counts['fail'], 1);
  assert.equal(report.results.map((x) => [x.id, x.outcome]), [['demo/fails', 'fail'], ['demo/passes', 'pass']]);
  assert.is(report.results[0]?.failure?.step, 1);
  // The same keys and values as the function's result, but for the durations.
  const direct = JSON.parse(JSON.stringify(await runConformance({ scenarios: dir }))) as typeof report;
  const timeless = (x: typeof report) => ({ ...x, results: x.results.map((y) => ({ ...y, durationMs: 0 })) });
  assert.equal(timeless(report), timeless(direct));
});

test('the junit reporter writes XML to --out and nothing to stdout; --progress adds console progress', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'junit-')), 'report.xml');
  const r = await cli(['--scenarios', fixtureDir(), '--reporter', 'junit', '--out', out]);
  assert.is(r.code, 1);
  assert.is(r.out, '');
  const xml = readFileSync(out, 'utf8');
  assert.match(xml, /<testsuite name="demo" tests="2" failures="1" errors="0" skipped="0"/);
  assert.match(xml, /<testcase classname="demo" name="demo\/fails" file="[^"]+" time="[\d.]+"><failure message="status: expected 418, got 200">/);
  assert.match(xml, /<testcase classname="demo" name="demo\/passes"[^>]*\/>/);
  const progress = await cli(['--scenarios', fixtureDir(), '--reporter', 'junit', '--out', out, '--progress']);
  assert.match(progress.out, /✗ \[1\/2\] demo\/fails/);
  assert.match(progress.out, /FAILED/);
});

test('several reporters in one run, each --out after its --reporter; the console reporter to a file; clashes refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reports-'));
  const [a, b, c] = ['a.xml', 'b.html', 'c.txt'].map((f) => join(dir, f)) as [string, string, string];
  const r = await cli(['--scenarios', fixtureDir(), '--reporter', 'junit', '--out', a, '--reporter', 'html', '--out', b, '--reporter', 'console', '--out', c]);
  assert.is(r.code, 1, r.err);
  assert.is(r.out, '');
  assert.match(readFileSync(a, 'utf8'), /^<\?xml/);
  assert.match(readFileSync(b, 'utf8'), /^<!DOCTYPE html>/);
  assert.match(readFileSync(c, 'utf8'), /FAILED: 2 scenarios: 1 passed, 1 failed/);
  const both = await cli(['--scenarios', fixtureDir(), '--reporter', 'json', '--reporter', 'tap']);
  assert.is(both.code, 2);
  assert.match(both.err, /--reporter json and --reporter tap would all write to stdout/);
  const extra = await cli(['--scenarios', fixtureDir(), '--reporter', 'json', '--out', a, '--out', b]);
  assert.is(extra.code, 2);
  assert.match(extra.err, /already writes to/);
  const same = await cli(['--scenarios', fixtureDir(), '--reporter', 'json', '--out', a, '--reporter', 'tap', '--out', a]);
  assert.is(same.code, 2);
  assert.match(same.err, /given to two reporters/);
});

test('the summary lists every failed id grouped by first problem; a repeated problem is one line; --quiet prints the summary only', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  mkdirSync(join(dir, 'demo'));
  const scenario = (id: string, status: number) =>
    JSON.stringify({ id, what: `${id} answers ${status}`, steps: [{ as: 'member', method: 'GET', path: '/api/v1/users/me', expect: { status } }] });
  for (const n of [1, 2, 3]) writeFileSync(join(dir, 'demo', `teapot-${n}.json`), scenario(`demo/teapot-${n}`, 418));
  writeFileSync(join(dir, 'demo', 'gone.json'), scenario('demo/gone', 410));
  writeFileSync(join(dir, 'demo', 'fine.json'), scenario('demo/fine', 200));
  const r = await cli(['--scenarios', dir]);
  assert.is(r.code, 1);
  assert.match(r.out, /4 did not pass, by first problem \(2 different\):\n  3 × status: expected 418, got 200\n      demo\/teapot-1, demo\/teapot-2, demo\/teapot-3\n  1 × status: expected 410, got 200\n      demo\/gone\n/);
  assert.is(r.out.split('problems:').length - 1, 2, 'the details of each problem once');
  assert.match(r.out, /✗ \[\d\/5\] demo\/teapot-2  \(the same first problem as demo\/teapot-1: npm run conformance -- --target reference --scenarios \S+ --only demo\/teapot-2\)/);
  const quiet = await cli(['--scenarios', dir, '--quiet']);
  assert.is(quiet.code, 1);
  assert.not.match(quiet.out, /✓|✗|problems:/);
  assert.match(quiet.out, /^\n4 did not pass/);
  assert.match(quiet.out, /FAILED: 5 scenarios: 1 passed, 4 failed/);
});

test('the html reporter writes one self-contained page: summary by area, filters, each failure with its request and replay', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'html-')), 'report.html');
  const r = await cli(['--scenarios', fixtureDir(), '--reporter', 'html', '--out', out]);
  assert.is(r.code, 1);
  const html = readFileSync(out, 'utf8');
  assert.match(html, /<h1>Conformance against <code>reference<\/code>: <span class="bad">FAILED<\/span><\/h1>/);
  assert.match(html, /<tr><td>demo<\/td><td class="bad">1<\/td><td>0<\/td><td>0<\/td><td>1<\/td>/);
  assert.match(html, /<b class="bad">1 ×<\/b> status: expected 418, got 200<br><small><a href="#demo\/fails">demo\/fails<\/a>/);
  assert.match(html, /request: GET \/api\/v1\/users\/me/);
  assert.match(html, /fails\.json:\d+/);
  assert.match(html, /replay: <code>npm run conformance -- --target reference --scenarios \S+ --only demo\/fails<\/code>/);
  assert.match(html, /<select id="f-outcome">/);
  assert.not.match(html, /\b(src|href)="(https?:)?\/\//, 'nothing from the network');
  assert.not.match(html, /<link /);
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
    assert.is(wrong.code, EXIT.unreachable, wrong.out + wrong.err);
    assert.is(wrong.out, '');
    assert.match(wrong.err, /^npm run conformance: POST http:\S+\/_understudy\/clock\/advance answered 403: the control surface refuses this client .*\n$/);
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
    // Said once before the run, and once in the summary by reason; not a line per scenario.
    assert.match(r.err, /note: 1 scenario skipped: needs control, which the target does not offer\n/);
    assert.match(r.err, /note: 1 scenario skipped: needs jwt_secret, which the target does not offer\n/);
    assert.match(r.out, /2 skipped:\n  1 × needs control, which the target does not offer\n      auth\/deactivated-user\n  1 × needs jwt_secret, which the target does not offer\n      jwt\/success\n/);
    assert.not.match(r.out, /^- /m);
    assert.match(r.out, /1 passed, 0 failed, 2 skipped/);
    // Asked for by id, a scenario the target cannot run stops the run: exit 5, one line.
    const asked = await cli(['--target', serving.url, '--profile', join(dir, 'profile.json'), '--scenarios', scenarios, '--only', 'auth/deactivated-user']);
    assert.is(asked.code, EXIT.unreachable);
    assert.is(asked.err, `npm run conformance: auth/deactivated-user needs control, which ${serving.url} does not offer\n`);
  } finally {
    await serving.close();
  }
});

test('an unreachable target stops the run before it starts: one line with the cause, exit 5', async () => {
  const url = `http://127.0.0.1:${await freePort()}`;
  const r = await cli(['--target', url, '--scenarios', subset('users/me')]);
  assert.is(r.code, EXIT.unreachable);
  assert.is(r.out, '');
  assert.is(r.err, `npm run conformance: cannot reach ${url}: connect ECONNREFUSED ${url.slice('http://'.length)}\n`);
  const named = await cli(['--target', 'http://no-such-host.invalid:9991', '--scenarios', subset('users/me')]);
  assert.is(named.code, EXIT.unreachable);
  assert.match(named.err, /^npm run conformance: cannot reach http:\/\/no-such-host\.invalid:9991: getaddrinfo (ENOTFOUND|EAI_AGAIN) no-such-host\.invalid\n$/);
});

test('a target that stops answering stops the run once, saying after how many scenarios', async () => {
  const serving = await serve(createReference({ clock: 'manual' }), { port: 0, host: '127.0.0.1' });
  const seen: string[] = [];
  const error = await runConformance({
    target: serving.url,
    scenarios: subset('auth'),
    onResult: (r) => {
      seen.push(r.id);
      if (seen.length === 2) {
        serving.server.close();
        serving.server.closeAllConnections();
      }
    },
  }).catch((e: unknown) => e);
  assert.instance(error, ConformanceError);
  assert.is((error as ConformanceError).kind, 'unreachable');
  const m = /^cannot reach http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED .* \(it stopped answering after (\d+) of (\d+) scenarios\)$/.exec((error as Error).message);
  assert.ok(m, (error as Error).message);
  // The scenario after the second may fail on its pooled connection (closed, not refused) and be reported; then the run stops.
  assert.ok(seen.length === 2 || seen.length === 3, seen.join());
  assert.is(Number(m?.[1]), seen.length);
  assert.ok(Number(m?.[2]) > seen.length + 5, 'the rest did not run');
});

test('a target that answers but is not Zulip stops the run before it starts: one line, exit 5', async () => {
  const { createServer: httpServer } = await import('node:http');
  const page = httpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><html><body>It works!</body></html>'));
  await new Promise<void>((done) => page.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(page.address() as { port: number }).port}`;
  try {
    const r = await cli(['--target', url]);
    assert.is(r.code, EXIT.unreachable);
    assert.is(r.out, '');
    assert.is(r.err, `npm run conformance: GET ${url}/api/v1/server_settings answered 200 with text/html ("<!DOCTYPE html><html><body>It works!</body></html>"), not a Zulip server's JSON: is ${url} the base URL of a Zulip server?\n`);
  } finally {
    page.close();
  }
});

test('against a system-clock server the scenarios that move the clock are skipped, said once; asked for by id, exit 5', async () => {
  const serving = await serve(createReference({ clock: 'system' }), { port: 0, host: '127.0.0.1' });
  try {
    const scenarios = subset('users/me', 'delete/time-limit');
    const r = await cli(['--target', serving.url, '--scenarios', scenarios]);
    assert.is(r.code, 0, r.out + r.err);
    assert.match(r.err, /note: 1 scenario skipped: needs manual_clock, which the target does not offer \(manual_clock: start `understudy serve` with --clock manual\)\n/);
    assert.match(r.out, /1 passed, 0 failed, 1 skipped/);
    const asked = await cli(['--target', serving.url, '--scenarios', scenarios, '--only', 'delete/time-limit']);
    assert.is(asked.code, EXIT.unreachable);
    assert.match(asked.err, /delete\/time-limit needs manual_clock, which http:\S+ does not offer \(start `understudy serve` with --clock manual\)\n$/);
  } finally {
    await serving.close();
  }
});

test('an --out that cannot be written exits 6 before anything runs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'out-'));
  writeFileSync(join(dir, 'file'), '');
  for (const out of [join(dir, 'file', 'report.xml'), dir]) {
    const r = await cli(['--scenarios', subset('users/me'), '--reporter', 'junit', '--out', out]);
    assert.is(r.code, EXIT.cannotWrite, out);
    assert.is(r.out, '', 'nothing ran');
    assert.match(r.err, new RegExp(`^npm run conformance: cannot write --out ${out.replace(/[/.]/g, '\\$&')}: E[A-Z]+: [^\n]+\n$`));
  }
  const nested = join(dir, 'reports', 'junit.xml');
  assert.is((await cli(['--scenarios', subset('users/me'), '--reporter', 'junit', '--out', nested])).code, 0);
  assert.ok(existsSync(nested), 'missing directories are created');
});

test('credentials are masked in every report: console, json, junit, tap and html', async () => {
  const dir = fixtureDir();
  writeFileSync(
    join(dir, 'demo', 'login.json'),
    JSON.stringify({
      id: 'demo/login',
      what: 'a failing login',
      steps: [{ as: 'anonymous', method: 'POST', path: '/api/v1/fetch_api_key', params: { username: '${user:member.email}', password: '${user:member.password}' }, expect: { status: 417 } }],
    }),
  );
  const login = createReference().dispatch({ method: 'POST', path: '/api/v1/fetch_api_key', body: { username: 'hamlet@zulip.com', password: 'secret' } });
  const key = String(login.json['api_key']);
  const header = Buffer.from(`hamlet@zulip.com:${key}`).toString('base64');
  const out = join(mkdtempSync(join(tmpdir(), 'masked-')), 'report');
  for (const reporter of ['console', 'json', 'junit', 'tap', 'html']) {
    const toFile = reporter === 'junit' || reporter === 'html';
    const r = await cli(['--scenarios', dir, '--reporter', reporter, ...(toFile ? ['--out', out] : [])]);
    assert.is(r.code, EXIT.failed, reporter);
    const report = (r.out + r.err + (toFile ? readFileSync(out, 'utf8') : '')).replace(/&quot;/g, '"');
    assert.match(report, /Basic &lt;hamlet@zulip\.com:\*\*\*&gt;|Basic <hamlet@zulip\.com:\*\*\*>/, reporter);
    assert.match(report, /password=\*\*\*/, reporter);
    assert.match(report, /"api_key"\s*:\s*"\*\*\*"/, `${reporter}: the key in the response`);
    for (const secret of [key, header, 'password=secret']) assert.not.ok(report.includes(secret), `${reporter} shows ${secret}`);
  }
});

test('without --target, the profile’s base_url is the target; a profile of your own needs one or the other', async () => {
  const serving = await serve(createReference({ clock: 'manual' }), { port: 0, host: '127.0.0.1' });
  try {
    const scenarios = subset('users/me');
    const withUrl = await cli(['--profile', profileFile({ base_url: serving.url }), '--scenarios', scenarios]);
    assert.is(withUrl.code, 0, withUrl.out + withUrl.err);
    assert.match(withUrl.out, new RegExp(`scenarios against ${serving.url.replace(/[./]/g, '\\$&')}\n`));
    const without = await cli(['--profile', profileFile({}), '--scenarios', scenarios]);
    assert.is(without.code, EXIT.usage);
    assert.match(without.err, /profile\.json names no base_url: give a target \(a base URL, or "reference" for the in-process reference\)\n$/);
    const overridden = await cli(['--profile', profileFile({ base_url: 'http://127.0.0.1:1' }), '--target', 'reference', '--scenarios', scenarios]);
    assert.is(overridden.code, 0);
    assert.match(overridden.err, /note: testing the in-process reference, not the profile's base_url http:\/\/127\.0\.0\.1:1/);
    const defaults = await cli(['--scenarios', scenarios]);
    assert.match(defaults.out, /scenarios against reference\n/, 'the default profile has no base_url: the in-process reference');
  } finally {
    await serving.close();
  }
});

test('colour on a terminal; none with NO_COLOR, --no-color or a pipe', async () => {
  const scenarios = fixtureDir();
  const tty = await cli(['--scenarios', scenarios], { isTTY: true, env: {} });
  assert.match(tty.out, /\u001b\[31m✗\u001b\[39m \[1\/2\] demo\/fails/);
  assert.match(tty.out, /\u001b\[1m\u001b\[31mFAILED/);
  for (const [args, env] of [[[], { NO_COLOR: '1' }], [['--no-color'], {}]] as const) {
    const plain = await cli(['--scenarios', scenarios, ...args], { isTTY: true, env });
    assert.not.match(plain.out, /\u001b\[/);
  }
  assert.not.match((await cli(['--scenarios', scenarios])).out, /\u001b\[/);
});

test.run();

test('--openapi DIR: each JSON answer checked against the description in DIR; a problem fails the scenario; a bad DIR exits 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  const strict = { type: 'object', additionalProperties: false, required: ['result'], properties: { result: { enum: ['success'] }, msg: { type: 'string' }, user_id: { type: 'integer' } } };
  writeFileSync(join(dir, 'users.json'), JSON.stringify({ openapi: '3.0.1', paths: { '/users/me': { get: { responses: { '200': { content: { 'application/json': { schema: strict } } } } } } } }));
  const good = subset('users/me');
  const r = await cli(['--scenarios', good, '--openapi', dir, '--reporter', 'json']);
  assert.is(r.code, EXIT.failed, r.out + r.err);
  const report = JSON.parse(r.out) as { summary: { openapi: { validated: number; failed: number } }; results: Array<{ failure?: { problems: string[] } }> };
  assert.equal([report.summary.openapi.validated, report.summary.openapi.failed], [1, 1]);
  assert.match(report.results[0]?.failure?.problems[0] ?? '', /^openapi GET \/users\/me 200: \$ has the undocumented property "(email|full_name)" \(additionalProperties at #\/additionalProperties\)$/);
  const text = await cli(['--scenarios', good, '--openapi', dir]);
  assert.match(text.out, /openapi: 1 answers validated against the API description, 1 not as documented/);
  const missing = await cli(['--scenarios', good, '--openapi', join(dir, 'nothing-here')]);
  assert.is(missing.code, EXIT.usage);
  assert.match(missing.err, /--openapi .*nothing-here/);
});
