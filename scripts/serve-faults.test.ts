// The client developer's toolkit over HTTP, against `npm start` (scripts/serve.ts): a
// rate_limit fault makes the next send a 429 and the one after succeed, the journal shows
// both without credentials, a documented endpoint that is not emulated answers 501 and an
// unknown path the real 404; --faults FILE and --rate-limit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const KEY = 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd';
const IAGO = { authorization: `Basic ${Buffer.from(`iago@zulip.com:${KEY}`).toString('base64')}` };

async function start(args: string[]): Promise<{ url: string; stop(): Promise<void>; output(): string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', '--quiet', ...args], { cwd: REPO, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no URL in 15 s:\n${out}`))), 15_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) (clearTimeout(timer), resolve(m[1] as string));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => (clearTimeout(timer), reject(new Error(`exited before listening:\n${out}`))));
  });
  return { url, output: () => out, stop: () => (child.kill('SIGTERM'), exited) };
}

const send = (url: string) =>
  fetch(`${url}/api/v1/messages`, { method: 'POST', headers: IAGO, body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'retry', content: 'hello' }) });

test('done-when: rate_limit fault, the journal, 501 for a documented endpoint not emulated, 404 for an unknown path', async () => {
  const s = await start([]);
  try {
    const added = await fetch(`${s.url}/_understudy/faults`, { method: 'POST', body: new URLSearchParams({ method: 'POST', path: '/api/v1/messages', fault: 'rate_limit', times: '1' }) });
    assert.is(added.status, 200);
    assert.type((await added.json()).fault_id, 'number');
    const limited = await send(s.url);
    assert.is(limited.status, 429);
    assert.ok(limited.headers.get('retry-after') !== null);
    assert.is((await limited.json()).code, 'RATE_LIMIT_HIT');
    const sent = await send(s.url);
    assert.is(sent.status, 200);
    await sent.json();
    const journal = await (await fetch(`${s.url}/_understudy/requests?path=/api/v1/messages`)).json();
    assert.equal(
      journal.requests.map((r: { method: string; status: number; user_id: number }) => [r.method, r.status, r.user_id]),
      [
        ['POST', 429, 4],
        ['POST', 200, 4],
      ],
    );
    const text = JSON.stringify(journal);
    assert.not.ok(text.includes(KEY) || text.includes(IAGO.authorization.slice(6)), 'no credentials in the journal');
    const notEmulated = await fetch(`${s.url}/api/v1/bots/1/api_key/regenerate`, { method: 'POST', headers: IAGO });
    assert.is(notEmulated.status, 501);
    assert.is((await notEmulated.json()).code, 'NOT_IMPLEMENTED');
    const unknown = await fetch(`${s.url}/api/v1/no_such_endpoint`, { headers: IAGO });
    assert.is(unknown.status, 404);
    assert.equal(await unknown.json(), { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    const clock = await (await fetch(`${s.url}/_understudy/clock`)).json();
    assert.is(clock.kind, 'system');
  } finally {
    await s.stop();
  }
});

test('--faults FILE adds faults at start; --rate-limit adds the X-RateLimit-* headers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'understudy-faults-'));
  try {
    writeFileSync(join(dir, 'faults.json'), JSON.stringify([{ fault: 'unavailable', method: 'GET', path: '/api/v1/users/me' }]));
    const s = await start(['--faults', join(dir, 'faults.json'), '--rate-limit']);
    try {
      const down = await fetch(`${s.url}/api/v1/users/me`, { headers: IAGO });
      assert.is(down.status, 503);
      await down.text();
      const up = await fetch(`${s.url}/api/v1/users/me`, { headers: IAGO });
      assert.is(up.status, 200);
      assert.is(up.headers.get('x-ratelimit-limit'), '2000');
      await up.json();
    } finally {
      await s.stop();
    }
    writeFileSync(join(dir, 'bad.json'), JSON.stringify([{ fault: 'meteor' }]));
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', '--faults', join(dir, 'bad.json')], { cwd: REPO, env: { ...process.env, NO_COLOR: '1' } });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    assert.is(code, 2);
    assert.match(err, /--faults .*bad\.json: fault 1: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
