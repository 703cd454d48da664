// npm start (scripts/serve.ts) as a process: flags, the printed URL, the request log,
// clean shutdown, and the real zulip-js client over a real socket. The ways it cannot
// start (scripts/serve-command.ts): one line each, with its own exit status.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXIT } from '../conformance/exit-codes.ts';
import { zulipJsEventsJourney, zulipJsJourney, zulipJsTimedJourney } from '../reference/testing/zulip-js-journey.ts';
import { SERVE_FLAGS, serveCommand, serveUsage } from './serve-command.ts';
import { main as conformance } from '../conformance/cli.ts';

// zulip-js (through isomorphic-form-data) replaces the global FormData with the
// form-data package's, which fetch cannot send; put the platform's back after loading it.
const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
/** uvu sets FORCE_COLOR for its own output; the log lines are matched without colour. */
const ENV = { ...process.env, NO_COLOR: '1' };

interface Running {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts scripts/serve.ts on a free port and waits for the URL it prints. */
export function startServe(args: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', ...args], { cwd: REPO, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`serve.ts printed no URL in 15 s:\n${out}`))), 15_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1] as string,
        child,
        output: () => out,
        stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => (clearTimeout(timer), reject(new Error(`serve.ts exited (${code}) before listening:\n${out}`))));
  });
}

const post = (url: string, fields: Record<string, string>) => fetch(url, { method: 'POST', body: new URLSearchParams(fields) });

test('prints the ephemeral port it got, logs one line per request, and stops on SIGTERM', async () => {
  const s = await startServe();
  assert.match(s.url, /^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  const res = await fetch(`${s.url}/api/v1/server_settings`);
  assert.is(res.status, 200);
  await fetch(`${s.url}/api/v1/nowhere`);
  assert.is(await s.stop(), 0);
  assert.match(s.output(), /^GET \/api\/v1\/server_settings 200 \d+\.\dms$/m);
  assert.match(s.output(), /^GET \/api\/v1\/nowhere 404 \d+\.\dms$/m);
});

test('the request log masks passwords, API keys and tokens sent in query strings, and never logs bodies', async () => {
  const s = await startServe();
  const password = 'hunter2-in-query';
  const key = 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd';
  await fetch(`${s.url}/api/v1/fetch_api_key?username=iago%40zulip.com&password=${password}`, { method: 'POST' });
  await fetch(`${s.url}/api/v1/users/me?api_key=${key}&token=tok-tok-tok&anchor=newest`);
  await post(`${s.url}/api/v1/fetch_api_key`, { username: 'iago@zulip.com', password: 'body-password-9' });
  assert.is(await s.stop(), 0);
  const out = s.output();
  assert.match(out, /^POST \/api\/v1\/fetch_api_key\?username=iago%40zulip\.com&password=\*\*\* \d{3} /m);
  assert.match(out, /^GET \/api\/v1\/users\/me\?api_key=\*\*\*&token=\*\*\*&anchor=newest 401 /m);
  for (const secret of [password, key, 'tok-tok-tok', 'body-password-9']) assert.not.ok(out.includes(secret), `${secret} in the log:\n${out}`);
});

test('--self-test-fault NAME serves a broken server: a conformance run shows the failed ids grouped by cause, in the console and in html', async () => {
  const s = await startServe(['--clock', 'manual', '--self-test-fault', 'error-without-code']);
  const html = join(mkdtempSync(join(tmpdir(), 'self-test-')), 'report.html');
  let out = '';
  try {
    assert.match(s.output(), /SELF-TEST FAULT INJECTED: error-without-code: error answers lose their "code"/);
    const code = await conformance(['--target', s.url, '--only', 'auth', '--reporter', 'console', '--reporter', 'html', '--out', html], { stdout: (x) => void (out += x), stderr: (x) => void (out += x) });
    assert.is(code, EXIT.failed, out);
  } finally {
    await s.stop();
  }
  const group = /\n(\d+) did not pass, by first problem[^\n]*:\n  (\d+) × ([^\n]*code[^\n]*)\n/.exec(out);
  assert.ok(group, out.slice(-3000));
  assert.ok(Number(group[2]) > 1, 'one cause, many scenarios');
  const page = readFileSync(html, 'utf8');
  assert.match(page, new RegExp(`<b class="bad">${group[2]} ×</b>`));
  assert.match(page, /FAILED/);
  const bad = await serveCommand(['--self-test-fault', 'nope'], { stdout: () => {}, stderr: (x) => void (out = x) });
  assert.is(bad, EXIT.usage);
  assert.match(out, /--self-test-fault: one of history-leak, unsubscribe-noop, error-without-code/);
});

test('started through npm, the server ends when what was started is killed (npx understudy serve & … kill $!)', async () => {
  // A launcher like npm exec: the server is its child, and it dies of SIGTERM without passing it on.
  const launcher = spawn(
    process.execPath,
    ['-e', "const c = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', '--quiet'], { stdio: ['ignore', 'inherit', 'inherit'] }); console.log('server pid ' + c.pid); setInterval(() => {}, 1000);"],
    { cwd: REPO, env: { ...ENV, npm_command: 'exec' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  launcher.stdout?.on('data', (chunk: Buffer) => void (out += chunk.toString('utf8')));
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const until = async (ok: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; Date.now() < end && !ok(); ) await new Promise((r) => setTimeout(r, 50));
    return ok();
  };
  assert.ok(await until(() => /listening on http/.test(out), 20_000), out);
  const pid = Number(/server pid (\d+)/.exec(out)?.[1]);
  assert.ok(alive(pid));
  launcher.kill('SIGTERM');
  const ended = await until(() => !alive(pid), 5_000);
  if (!ended) process.kill(pid, 'SIGKILL');
  assert.ok(ended, 'the server outlived its launcher');
  assert.match(out, /launcher gone: shutting down/);
});

test('stops on SIGINT too', async () => {
  const s = await startServe(['--quiet']);
  assert.is(await s.stop('SIGINT'), 0, s.output());
  assert.match(s.output(), /SIGINT: shutting down/);
});

test('--clock manual with --seed makes two servers agree', async () => {
  const keys: string[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await startServe(['--quiet', '--clock', 'manual', '--seed', 'miranda']);
    const added = await (await post(`${s.url}/_understudy/users`, { email: 'ariel@zulip.com', full_name: 'Ariel' })).json();
    keys.push(added.api_key);
    assert.is((await post(`${s.url}/_understudy/clock/advance`, { ms: '1000' })).status, 200);
    await s.stop();
  }
  assert.is(keys[0], keys[1]);
});

test('--fixture serves another realm; --no-control hides /_understudy/', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'understudy-fixture-'));
  try {
    const realm = JSON.parse(readFileSync(join(REPO, 'fixtures/realm.json'), 'utf8'));
    realm.realm.name = 'Elsinore';
    writeFileSync(join(dir, 'realm.json'), JSON.stringify(realm));
    const s = await startServe(['--quiet', '--no-control', '--fixture', join(dir, 'realm.json')]);
    const settings = await (await fetch(`${s.url}/api/v1/server_settings`)).json();
    assert.is(settings.realm_name, 'Elsinore');
    assert.is((await post(`${s.url}/_understudy/users`, { email: 'ariel@zulip.com', full_name: 'Ariel' })).status, 404);
    assert.match(s.output(), /\/_understudy\/: off \(--no-control\)/);
    await s.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--feature-level N serves a server of that level: reported, and followed', async () => {
  const s = await startServe(['--quiet', '--feature-level', '300']);
  try {
    assert.match(s.output(), /feature level 300 \(the newest is \d+\)/);
    const settings = await (await fetch(`${s.url}/api/v1/server_settings`)).json();
    assert.is(settings.zulip_feature_level, 300);
    const auth = { Authorization: `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}` };
    const registered = await (await fetch(`${s.url}/api/v1/register`, { method: 'POST', headers: auth, body: new URLSearchParams({ fetch_event_types: '["realm"]' }) })).json();
    assert.is(registered.zulip_feature_level, 300);
    // Reminders came at level 381.
    assert.is((await fetch(`${s.url}/api/v1/reminders`, { method: 'POST', headers: auth })).status, 404);
  } finally {
    await s.stop();
  }
});

test('says who may use the control surface; --control-token requires the token from every client', async () => {
  const open = await startServe(['--quiet']);
  assert.match(open.output(), /\/_understudy\/: for loopback clients only/);
  await open.stop();
  const s = await startServe(['--quiet', '--control-token', 'swordfish']);
  try {
    assert.match(s.output(), /\/_understudy\/: for any client that sends the --control-token value in the X-Understudy-Control-Token header/);
    const refused = await post(`${s.url}/_understudy/users`, { email: 'ariel@zulip.com', full_name: 'Ariel' });
    assert.is(refused.status, 403);
    assert.is((await refused.json()).code, 'BAD_REQUEST');
    const added = await fetch(`${s.url}/_understudy/users`, {
      method: 'POST',
      headers: { 'X-Understudy-Control-Token': 'swordfish' },
      body: new URLSearchParams({ email: 'ariel@zulip.com', full_name: 'Ariel' }),
    });
    assert.is(added.status, 200);
  } finally {
    await s.stop();
  }
});

test('a fixture that does not load exits 2 and says why', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'understudy-fixture-'));
  try {
    writeFileSync(join(dir, 'realm.json'), JSON.stringify({ users: 'none' }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--fixture', join(dir, 'realm.json')], { cwd: REPO, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    assert.is(await new Promise((done) => child.once('exit', done)), 2);
    assert.match(err, /^npm start: cannot load the fixture .*realm\.json: /);
    assert.is(err.trim().split('\n').length, 1, err);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** serveCommand in this process, for the ways it fails before listening. */
async function failing(args: string[]): Promise<{ code: number | undefined; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await serveCommand(args, { stdout: (x) => void (out += x), stderr: (x) => void (err += x), env: {} }, 'understudy serve');
  return { code, out, err };
}

const oneLine = (s: string) => s.split('\n').filter(Boolean).length === 1;

test('bad flags exit 2 with one line that points at --help', async () => {
  for (const args of [['--clock', 'sundial'], ['--bogus'], ['--port', '65536'], ['--port', 'http'], ['stray'], ['--control-token', ''], ['--no-control', '--control-token', 'x'], ['--feature-level', '0'], ['--feature-level', '9999'], ['--feature-level', 'old']]) {
    const r = await failing(args);
    assert.is(r.code, EXIT.usage, args.join(' '));
    assert.ok(oneLine(r.err), r.err);
    assert.match(r.err, /^understudy serve: /);
  }
  assert.match((await failing(['--bogus'])).err, /unknown option --bogus \(understudy serve --help lists the options\)/);
  assert.match((await failing(['--clock', 'sundial'])).err, /--clock: system or manual, not "sundial"/);
  assert.match((await failing(['--feature-level', 'old'])).err, /--feature-level: a feature level from 1 to \d+, not "old"/);
});

test('a fixture that cannot be read exits 2 and says which', async () => {
  const r = await failing(['--fixture', join(tmpdir(), 'no-such-realm.json')]);
  assert.is(r.code, EXIT.usage);
  assert.ok(oneLine(r.err), r.err);
  assert.match(r.err, /cannot read the fixture .*no-such-realm\.json: ENOENT/);
});

test('a port in use exits 3 with one line, before any request is served', async () => {
  const taken = createServer();
  await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
  const { port } = taken.address() as { port: number };
  try {
    const r = await failing(['--port', String(port), '--quiet']);
    assert.is(r.code, EXIT.cannotListen);
    assert.is(r.err, `understudy serve: port ${port} on 127.0.0.1 is in use (--port 0 picks a free one)\n`);
    assert.is(r.out, '');
  } finally {
    taken.close();
  }
});

test('a host that does not resolve, or is not this machine, exits 4 with one line', async () => {
  const unresolvable = await failing(['--port', '0', '--host', 'no-such-host.invalid']);
  assert.is(unresolvable.code, EXIT.badHost);
  assert.match(unresolvable.err, /^understudy serve: cannot resolve --host no-such-host\.invalid \((ENOTFOUND|EAI_AGAIN)\)\n$/);
  // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine. Binding sends nothing.
  const foreign = await failing(['--port', '0', '--host', '192.0.2.1']);
  assert.is(foreign.code, EXIT.badHost);
  assert.is(foreign.err, 'understudy serve: --host 192.0.2.1 is no address of this machine (EADDRNOTAVAIL)\n');
});

test('--help describes every flag', async () => {
  const r = await failing(['--help']);
  assert.is(r.code, EXIT.ok);
  assert.is(r.out, serveUsage('understudy serve'));
  for (const flag of Object.keys(SERVE_FLAGS)) assert.ok(r.out.includes(`--${flag}`), `--${flag} is not in the help`);
  assert.match(r.out, /--clock system\|manual[\s\S]*conformance runs need it/);
});

test('colour: status codes on a terminal, none with NO_COLOR', async () => {
  const s = await startServe([]);
  await fetch(`${s.url}/api/v1/nowhere`);
  await s.stop();
  assert.not.match(s.output(), /\u001b\[/, 'NO_COLOR');
  const coloured = await startServe(['--color']);
  await fetch(`${coloured.url}/api/v1/nowhere`);
  await coloured.stop();
  assert.match(coloured.output(), /GET \/api\/v1\/nowhere \u001b\[33m404\u001b\[39m/, '--color beats NO_COLOR');
});

test('zulip-js logs in as Iago and lists users, channels and subscriptions over HTTP (system clock)', async () => {
  const s = await startServe(['--quiet']);
  try {
    const refused = await post(`${s.url}/_understudy/clock/advance`, { ms: '1000' });
    assert.is(refused.status, 400, 'the system clock is the default');
    const client = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: s.url });
    assert.is(client.config.apiKey.length, 32);
    const users = await client.users.retrieve();
    assert.is(users.result, 'success');
    assert.ok(users.members.some((u: { email: string }) => u.email === 'hamlet@zulip.com'));
    const streams = await client.streams.retrieve();
    assert.ok(streams.streams.some((c: { name: string }) => c.name === 'Verona'));
    const subs = await client.streams.subscriptions.retrieve();
    assert.is(subs.result, 'success');
    assert.ok(subs.subscriptions.length > 0);
    await zulipJsJourney(client, 'zulip-js journey');
  } finally {
    await s.stop();
  }
});

test('zulip-js creates, lists, edits and deletes drafts, scheduled messages and reminders over HTTP; both arrive when the clock moves (--clock manual)', async () => {
  const s = await startServe(['--quiet', '--clock', 'manual']);
  try {
    const advance = async (ms: number) => {
      const res = await post(`${s.url}/_understudy/clock/advance`, { ms: String(ms) });
      assert.is(res.status, 200);
      return ((await res.json()) as { now_ms: number }).now_ms;
    };
    const client = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: s.url });
    await zulipJsTimedJourney(client, {
      now: () => advance(0),
      advance: async (ms) => void (await advance(ms)),
      events: async (userId) => ((await (await fetch(`${s.url}/_understudy/events?user_id=${userId}`)).json()) as { events: Array<Record<string, unknown>> }).events,
    });
  } finally {
    await s.stop();
  }
});

test('zulip-js registers a queue, long-polls until a message arrives, sends typing and deletes the queue over HTTP', async () => {
  const s = await startServe(['--quiet']);
  try {
    const iago = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: s.url });
    const othello = await zulipInit({ username: 'othello@zulip.com', password: 'secret', realm: s.url });
    // The server is another process: give the poll time to arrive, longer on each attempt.
    const untilWaiting = (attempt: number) => new Promise<void>((done) => setTimeout(done, 100 * 3 ** attempt));
    await zulipJsEventsJourney(iago, 4, othello, 8, untilWaiting);
  } finally {
    await s.stop();
  }
});

test.run();
