// npm run soak [-- --minutes 10] [--connections 50] [--json]: `npm start` (system clock)
// in a child process under mixed writes from this one, over keep-alive node:http
// connections, with the server's RSS sampled every 10 s. The mix: channel and direct
// messages (most of it), reads with narrows, drafts created and deleted, subscribe and
// unsubscribe, typing, event queues registered, read and deleted, a few queues polled
// all along (acknowledging what they get) and a few abandoned (collected after 10 idle
// minutes, or at their event bound). At the end every message whose POST was answered
// 200 must come back from GET /messages. A soak, not a test: it prints the RSS curve and
// the memory per stored message; it exits non-zero only if a message is missing or the
// server answered 5xx.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, json: { type: 'boolean', default: false } },
  strict: true,
});
const MINUTES = Number(values.minutes);
const CONNECTIONS = Number(values.connections);

const USERS = [
  { id: 3, email: 'desdemona@zulip.com', key: 'tt5Enr8noDtiIjfTOOrPulboDZFwgGN9' },
  { id: 4, email: 'iago@zulip.com', key: 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd' },
  { id: 6, email: 'hamlet@zulip.com', key: '9nYpu0sUHvIrOijMyMFoexS2V8wCEIc1' },
];
const CHANNEL = 'Denmark';

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS + 16 });
const basic = (u: (typeof USERS)[number]) => `Basic ${Buffer.from(`${u.email}:${u.key}`).toString('base64')}`;
let fivexx = 0;

function call(base: string, method: string, path: string, user: (typeof USERS)[number], form?: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const get = method === 'GET' && body !== undefined;
    const req = request(
      `${base}${path}${get ? `?${body}` : ''}`,
      {
        method,
        agent,
        headers: { authorization: basic(user), ...(body && !get ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 500) fivexx++;
          resolve({ status, json: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> });
        });
      },
    );
    req.on('error', reject);
    req.end(get ? undefined : body);
  });
}

/** VmRSS of a process, in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
  return Math.round(Number(/(\d+)/.exec(line)?.[1] ?? 0) / 102.4) / 10;
}

interface Memory {
  rss: number;
  heap_used: number;
  external: number;
  array_buffers: number;
}

async function start(): Promise<{ pid: number; url: string; stop: () => void; memory: () => Promise<Memory> }> {
  const serve = fileURLToPath(new URL('./soak-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', serve, '--port', '0', '--clock', 'system', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const waiting: Array<(m: Memory) => void> = [];
  return new Promise((resolve, reject) => {
    let out = '';
    let started = false;
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      for (let nl = out.indexOf('\n'); nl !== -1; nl = out.indexOf('\n')) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        if (line.startsWith('memory ')) waiting.shift()?.(JSON.parse(line.slice(7)) as Memory);
        const m = /listening on (http:\S+)/.exec(line);
        if (m && !started) {
          started = true;
          resolve({
            pid: child.pid as number,
            url: m[1] as string,
            stop: () => child.kill('SIGTERM'),
            memory: () =>
              new Promise((done) => {
                waiting.push(done);
                child.kill('SIGUSR2');
              }),
          });
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length] as T;

async function main() {
  const server = await start();
  const base = server.url;
  const until = Date.now() + MINUTES * 60_000;
  const sent = new Set<number>();
  const counts: Record<string, number> = {};
  const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);

  // Consumers: queues polled all along, acknowledging what they get.
  const consumers = USERS.map(async (u) => {
    const reg = await call(base, 'POST', '/api/v1/register', u, { event_types: '["message","subscription","drafts"]' });
    const queue = String(reg.json['queue_id']);
    let last = -1;
    while (Date.now() < until) {
      const res = await call(base, 'GET', '/api/v1/events', u, { queue_id: queue, last_event_id: String(last) });
      const events = (res.json['events'] as Array<{ id: number }> | undefined) ?? [];
      last = events.at(-1)?.id ?? last;
      count('poll');
    }
  });
  // Abandoned queues: registered, never read.
  for (const u of USERS) for (let i = 0; i < 3; i++) await call(base, 'POST', '/api/v1/register', u, { event_types: '["message"]' });

  let n = 0;
  const worker = async (w: number) => {
    while (Date.now() < until) {
      const u = pick(USERS, w + n);
      const r = n++ % 20;
      if (r < 12) {
        const res = await call(base, 'POST', '/api/v1/messages', u, { type: 'stream', to: CHANNEL, topic: `soak ${w % 10}`, content: `message ${n} from worker ${w}` });
        if (res.status === 200) sent.add(res.json['id'] as number);
        count('channel message');
      } else if (r < 14) {
        const res = await call(base, 'POST', '/api/v1/messages', u, { type: 'direct', to: JSON.stringify([pick(USERS, w + 1).id]), content: `psst ${n}` });
        if (res.status === 200) sent.add(res.json['id'] as number);
        count('direct message');
      } else if (r < 16) {
        await call(base, 'GET', '/api/v1/messages', u, { anchor: 'newest', num_before: '20', num_after: '0', narrow: JSON.stringify([{ operator: 'channel', operand: CHANNEL }]) });
        count('read');
      } else if (r === 16) {
        const res = await call(base, 'POST', '/api/v1/drafts', u, { drafts: JSON.stringify([{ type: 'stream', to: [1], topic: 'd', content: 'draft' }]) });
        const id = (res.json['ids'] as number[] | undefined)?.[0];
        if (id !== undefined) await call(base, 'DELETE', `/api/v1/drafts/${id}`, u);
        count('draft');
      } else if (r === 17) {
        await call(base, 'DELETE', '/api/v1/users/me/subscriptions', u, { subscriptions: '["Scotland"]' });
        await call(base, 'POST', '/api/v1/users/me/subscriptions', u, { subscriptions: '[{"name":"Scotland"}]' });
        count('resubscribe');
      } else if (r === 18) {
        await call(base, 'POST', '/api/v1/typing', u, { op: 'start', to: JSON.stringify([pick(USERS, w + 1).id]) });
        count('typing');
      } else {
        const reg = await call(base, 'POST', '/api/v1/register', u, { event_types: '["message"]', fetch_event_types: '["message"]' });
        const queue = String(reg.json['queue_id']);
        await call(base, 'GET', '/api/v1/events', u, { queue_id: queue, last_event_id: '-1', dont_block: 'true' });
        await call(base, 'DELETE', '/api/v1/events', u, { queue_id: queue });
        count('queue');
      }
    }
  };

  const curve: Array<{ seconds: number; rss_mib: number; heap_mib: number; messages: number }> = [];
  const t0 = Date.now();
  const sample = async () => {
    const rss = rssMiB(server.pid);
    const m = await server.memory();
    curve.push({ seconds: Math.round((Date.now() - t0) / 1000), rss_mib: rss, heap_mib: Math.round(m.heap_used / 104857.6) / 10, messages: sent.size });
    const c = curve.at(-1) as (typeof curve)[number];
    if (!values.json) console.error(`${c.seconds} s: RSS ${c.rss_mib} MiB, live heap ${c.heap_mib} MiB, ${c.messages} messages`);
  };
  await sample();
  const sampler = setInterval(() => void sample(), 10_000);
  await Promise.all([...Array.from({ length: CONNECTIONS }, (_, w) => worker(w)), ...consumers]);
  clearInterval(sampler);
  await sample();

  // Every acknowledged POST is retrievable.
  const found = new Set<number>();
  for (const u of USERS) {
    let anchor = '0';
    for (;;) {
      const res = await call(base, 'GET', '/api/v1/messages', u, { anchor, num_before: '0', num_after: '5000', include_anchor: 'false' });
      const ids = (res.json['messages'] as Array<{ id: number }>).map((m) => m.id);
      for (const id of ids) found.add(id);
      if (res.json['found_newest'] === true || ids.length === 0) break;
      anchor = String(ids.at(-1));
    }
  }
  const missing = [...sent].filter((id) => !found.has(id));
  server.stop();
  agent.destroy();
  const first = curve[1] ?? (curve[0] as (typeof curve)[number]);
  const last = curve.at(-1) as (typeof curve)[number];
  const per = (mib: number) => (last.messages > first.messages ? Math.round((mib * 1024 * 1024) / (last.messages - first.messages)) : 0);
  const perMessage = per(last.rss_mib - first.rss_mib);
  const heapPerMessage = per(last.heap_mib - first.heap_mib);
  const result = { minutes: MINUTES, connections: CONNECTIONS, counts, messages: sent.size, missing: missing.length, fivexx, rss_bytes_per_message_after_10s: perMessage, heap_bytes_per_message_after_10s: heapPerMessage, curve };
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else {
    console.log(`soak: ${MINUTES} min, ${CONNECTIONS} connections: ${JSON.stringify(counts)}`);
    console.log(`RSS (MiB) every 10 s: ${curve.map((c) => c.rss_mib).join(' ')}`);
    console.log(`live heap after a full GC (MiB) every 10 s: ${curve.map((c) => c.heap_mib).join(' ')}`);
    console.log(`${sent.size} messages acknowledged, ${missing.length} missing; ${fivexx} 5xx; growth after the first 10 s: RSS ${perMessage}, live heap ${heapPerMessage} bytes a message (content included)`);
  }
  if (missing.length > 0 || fivexx > 0) process.exitCode = 1;
}

await main();
