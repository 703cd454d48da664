// The long-poll benchmark (npm run bench -- --events): `npm start` in a child process
// (system clock), N queues registered, N GET /events long-polls waiting on them from this
// process, each on a raw socket of its own; then one direct message that reaches every
// queue. Release latency is the time from sending that message to the first byte of each
// poll's answer (raw sockets, so that parsing a thousand answers in this process does not
// count as the server's delay), over several rounds; idle CPU is the server's CPU time
// while the N polls wait for 2 s. A benchmark, not a test: it prints figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface EventBenchResult {
  waiting: number;
  rounds: number;
  release_ms: { p50: number; p99: number; max: number };
  /** Server CPU per second of wall time while the polls wait (ms). */
  idle_cpu_ms_per_s: number;
}

const HAMLET = { email: 'hamlet@zulip.com', key: '9nYpu0sUHvIrOijMyMFoexS2V8wCEIc1' };
const IAGO = { email: 'iago@zulip.com', key: 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd' };
const basic = (u: { email: string; key: string }) => `Basic ${Buffer.from(`${u.email}:${u.key}`).toString('base64')}`;

function call(agent: Agent, url: string, method: string, auth: string, form?: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const req = request(url, { method, agent, headers: { authorization: auth, ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const serve = fileURLToPath(new URL('./serve.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', serve, '--port', '0', '--clock', 'system', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] as string });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/** utime + stime of a process, in milliseconds (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

export async function runEventBench(waiting: number, rounds = 5): Promise<EventBenchResult> {
  const { child, url } = await startServer();
  const agent = new Agent({ keepAlive: true, maxSockets: waiting + 8 });
  try {
    const queues: Array<{ id: string; last: number }> = [];
    for (let i = 0; i < waiting; i++) {
      const reg = await call(agent, `${url}/api/v1/register`, 'POST', basic(HAMLET), { event_types: '["message"]' });
      queues.push({ id: String(reg['queue_id']), last: -1 });
    }
    const latencies: number[] = [];
    let idle = 0;
    const { hostname, port } = new URL(url);
    /** Per socket, what to do with the next chunk (the first of an answer); later chunks are dropped. */
    const onFirst: Array<((chunk: Buffer) => void) | undefined> = [];
    const sockets: Socket[] = await Promise.all(
      queues.map(
        (_q, i) =>
          new Promise<Socket>((done) => {
            const socket = connect(Number(port), hostname, () => done(socket));
            socket.setNoDelay(true);
            socket.on('data', (chunk: Buffer) => {
              const first = onFirst[i];
              onFirst[i] = undefined;
              first?.(chunk);
            });
          }),
      ),
    );
    for (let round = 0; round < rounds; round++) {
      let sentAt = 0;
      const polls = queues.map(
        (q, i) =>
          new Promise<void>((done, fail) => {
            onFirst[i] = (chunk) => {
              latencies.push(performance.now() - sentAt);
              if (!chunk.toString('latin1', 0, 12).startsWith('HTTP/1.1 200')) fail(new Error(chunk.toString('utf8', 0, 200)));
              else done();
            };
            (sockets[i] as Socket).write(`GET /api/v1/events?queue_id=${q.id}&last_event_id=${q.last} HTTP/1.1\r\nHost: bench\r\nAuthorization: ${basic(HAMLET)}\r\n\r\n`);
            q.last++;
          }),
      );
      await new Promise((r) => setTimeout(r, 300)); // every poll is waiting
      if (round === 0) {
        const before = cpuMs(child.pid as number);
        await new Promise((r) => setTimeout(r, 2000));
        idle = (cpuMs(child.pid as number) - before) / 2;
      }
      sentAt = performance.now();
      await call(agent, `${url}/api/v1/messages`, 'POST', basic(IAGO), { type: 'direct', to: '[6]', content: `round ${round}` });
      await Promise.all(polls);
      await new Promise((r) => setTimeout(r, 100)); // the rest of each answer read
    }
    for (const socket of sockets) socket.destroy();
    const round2 = (x: number) => Math.round(x * 100) / 100;
    return {
      waiting,
      rounds,
      release_ms: { p50: round2(percentile(latencies, 50)), p99: round2(percentile(latencies, 99)), max: round2(Math.max(...latencies)) },
      idle_cpu_ms_per_s: round2(idle),
    };
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
  }
}
