// npm start (scripts/serve.ts) as a process: flags, the printed URL, the request log,
// clean shutdown, and the real zulip-js client over a real socket.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { zulipJsJourney } from '../reference/testing/zulip-js-journey.ts';

// zulip-js (through isomorphic-form-data) replaces the global FormData with the
// form-data package's, which fetch cannot send; put the platform's back after loading it.
const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));

interface Running {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts scripts/serve.ts on a free port and waits for the URL it prints. */
export function startServe(args: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--fixture', join(dir, 'realm.json')], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    assert.is(await new Promise((done) => child.once('exit', done)), 2);
    assert.match(err, /cannot load the fixture/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad flags exit 2 with the usage', async () => {
  for (const args of [['--clock', 'sundial'], ['--bogus'], ['--control-token', ''], ['--no-control', '--control-token', 'x']]) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise((done) => child.once('exit', done));
    assert.is(code, 2, args.join(' '));
    assert.match(err, /usage: npm start/);
  }
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

test.run();
