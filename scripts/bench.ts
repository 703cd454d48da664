// npm run bench [-- --json] [--quick] [--no-http] [--messages [N]] [--events] [--scheduled [N]] [--edits [N]]
// [--read-state [N]] [--reactions [N]] [--presence [N]] [--hostile]: how fast the reference answers, here.
//   (a) in-process dispatch of GET /users and GET /streams: replayed (the same read on
//       unchanged state, the common case in a test suite) and computed (the store marked
//       changed before every request, so every answer is built from scratch);
//   (b) createReference(): the first one (parses the fixture) and the next ones;
//   (c) reference.reset(), on untouched state and after a write;
//   (d) GET /users over node:http against a bare node:http server sending the same bytes
//       and headers, both loaded by a second process (this file with --load) on 127.0.0.1;
//   (e) with --messages: bench-messages.ts, GET /messages over a realm of N messages;
//   (f) with --events: bench-events.ts, long-poll release latency with 100 and 1,000
//       GET /events waiting over node:http, and the server's CPU while they wait;
//   (g) with --scheduled: bench-scheduled.ts, N pending scheduled messages (default
//       100,000), the clock moved over the tenth of them that fall due;
//   (i) with --edits: bench-edits.ts, moving topics of 100 to 10,000 messages with
//       change_all and editing one message, in a store of N messages (default 1,000,000);
//   (j) with --read-state: bench-read-state.ts, one user with N unread messages (default
//       1,000,000): unread_msgs, POST /messages/flags/narrow over all of them both ways,
//       POST /mark_stream_as_read and POST /mark_all_as_read;
//   (h) with --hostile: bench-hostile.ts, how fast each hostile request is answered
//       (--hostile alone runs only this one);
//   (k) with --reactions: bench-reactions.ts, reaction adds and removes in a realm of N
//       messages (default 1,000,000).
//   (l) with --presence: bench-presence.ts, presence in a realm of N users (default
//       10,000): reports, the realm listing, the incremental last_update_id poll.
// A benchmark, not a test: it fails only on a wrong answer, never on a slow one. --json
// prints the figures as JSON on stdout (the text report then goes to stderr).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createReference, type ApiRequest } from '#reference/index.ts';
import { serve } from '#reference/adapters/node-http.ts';
import { runEventBench, type EventBenchResult } from './bench-events.ts';
import { BENCH_USAGE, benchFlags, type BenchFlags } from './bench-flags.ts';
import { reportHostile, runHostileBench, type HostileFigure } from './bench-hostile.ts';
import { runMessageBench } from './bench-messages.ts';
import { runScheduledBench } from './bench-scheduled.ts';
import { reportReactions, runReactionBench, type ReactionBenchResult } from './bench-reactions.ts';
import { runEditBench } from './bench-edits.ts';
import { runReadStateBench } from './bench-read-state.ts';
import { reportPresence, runPresenceBench } from './bench-presence.ts';

const IAGO = `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}`;
const READS = { users: '/api/v1/users', streams: '/api/v1/streams' } as const;
/** Hard bounds of one load run, whatever the options say. */
const MAX_LOAD_SECONDS = 30;
const MAX_LOAD_REQUESTS = 5_000_000;
/** What the figures are held to (by people reading them, not by an exit code). */
const TARGETS = { dispatch_req_per_s: 100_000, reset_ms: 1, http_ratio: 0.6 };

interface Rate {
  req_per_s: number;
  us_per_op: number;
  /** CPU time per operation: steadier than wall time when other processes share the cores. */
  cpu_us_per_op: number;
}

// ---- in-process ------------------------------------------------------------------

/** Runs `op` in batches for `ms`; returns operations per wall second and CPU µs per operation. */
function loop(op: () => void, ms: number): { rate: number; cpuUs: number } {
  let n = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 500; i++) op();
    n += 500;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  const used = process.cpuUsage(cpu);
  return { rate: (n * 1000) / elapsed, cpuUs: (used.user + used.system) / n };
}

/** Warm-up, then the median of several timed rounds: other processes share the cores. */
function throughput(op: () => void, roundMs: number, rounds: number): Rate {
  loop(op, roundMs);
  const runs = Array.from({ length: rounds }, () => loop(op, roundMs));
  const rate = median(runs.map((r) => r.rate));
  return { req_per_s: Math.round(rate), us_per_op: round(1e6 / rate, 2), cpu_us_per_op: round(median(runs.map((r) => r.cpuUs)), 2) };
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
}

/** Median wall time of `op` in milliseconds; `prepare` runs untimed before each. */
function timeMs(op: () => void, times: number, prepare?: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    prepare?.();
    const start = performance.now();
    op();
    samples.push(performance.now() - start);
  }
  return round(median(samples), 4);
}

function inProcess(quick: boolean) {
  const roundMs = quick ? 150 : 500;
  const rounds = quick ? 3 : 5;
  const ref = createReference();
  const dispatch: Record<string, { replayed: Rate; computed: Rate }> = {};
  for (const [name, path] of Object.entries(READS)) {
    const req: ApiRequest = { method: 'GET', path, headers: { authorization: IAGO } };
    const expected = ref.dispatch(req);
    if (expected.status !== 200) throw new Error(`GET ${path}: ${expected.status} ${expected.body}`);
    // Replayed and computed answers must be the very same bytes.
    for (const changed of [false, true]) {
      if (changed) ref.store.changed();
      if (ref.dispatch(req).body !== expected.body) throw new Error(`GET ${path}: the answer changed`);
    }
    dispatch[name] = {
      replayed: throughput(() => ref.dispatch(req), roundMs, rounds),
      computed: throughput(() => {
        ref.store.changed();
        ref.dispatch(req);
      }, roundMs, rounds),
    };
  }

  // The first reference of a fresh process parses the fixture; measured in a child.
  const create = { first_ms: firstCreateMs(), next_ms: timeMs(() => createReference(), quick ? 20 : 100) };

  let added = 0;
  const addUser = () => ref.control.addUser({ email: `bench${added++}@zulip.com`, full_name: 'Bench' });
  const reset = {
    untouched_ms: timeMs(() => ref.reset(), quick ? 100 : 1000),
    after_write_ms: timeMs(() => ref.reset(), quick ? 50 : 300, addUser),
  };
  return { dispatch, create, reset };
}

/** createReference() in a fresh process: module loading excluded, fixture parsing included. */
function firstCreateMs(): number {
  const code = [
    "const { createReference } = await import('#reference/index.ts');",
    'const t = performance.now(); createReference();',
    'console.log(performance.now() - t);',
  ].join('\n');
  // Run from the project root so that '#reference/*' resolves.
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawnSync(process.execPath, [...CHILD_ARGS, '--input-type=module', '-e', code], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  if (child.status !== 0) throw new Error(`first createReference(): ${child.stderr}`);
  return round(Number(child.stdout.trim()), 3);
}

// ---- node:http ---------------------------------------------------------------------

interface LoadResult {
  requests: number;
  seconds: number;
  req_per_s: number;
  errors: number;
}

/**
 * The load generator (a second process): `connections` keep-alive connections, one
 * request in flight on each, for `seconds`. Raw sockets rather than http.request: the
 * client must cost less than the server, or it measures itself (http.Agent saturates
 * its core at about half of what a bare server answers here).
 */
async function generateLoad(url: string, connections: number, seconds: number, authorization: string, bodyLength: number): Promise<LoadResult> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error('the load generator only loads 127.0.0.1');
  const ask = Buffer.from(`GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: ${authorization}\r\n\r\n`);
  const deadline = performance.now() + Math.min(seconds, MAX_LOAD_SECONDS) * 1000;
  let requests = 0;
  let errors = 0;
  const start = performance.now();
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((done) => {
          const socket = connect(Number(target.port), '127.0.0.1', () => socket.write(ask));
          let buffered: Buffer = Buffer.alloc(0);
          socket.on('data', (chunk: Buffer) => {
            buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
            for (;;) {
              const head = buffered.indexOf('\r\n\r\n');
              if (head === -1) return;
              const headers = buffered.toString('latin1', 0, head);
              const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? NaN);
              if (buffered.length < head + 4 + length) return;
              if (!headers.startsWith('HTTP/1.1 200 ') || length !== bodyLength) errors++;
              buffered = buffered.subarray(head + 4 + length);
              requests++;
              if (performance.now() >= deadline || requests >= MAX_LOAD_REQUESTS) return void socket.end();
              socket.write(ask);
            }
          });
          socket.on('error', () => {
            errors++;
            done();
          });
          socket.on('close', () => done());
        }),
    ),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { requests, seconds: round(elapsed, 2), req_per_s: Math.round(requests / elapsed), errors };
}

/** One load run against a server in this process, with the CPU the server spent per request. */
async function load(url: string, connections: number, seconds: number, bodyLength: number): Promise<LoadResult & { server_cpu_us_per_req: number }> {
  const cpu = process.cpuUsage();
  const result = JSON.parse(await spawnAsync(['--load', url, String(connections), String(seconds), IAGO, String(bodyLength)])) as LoadResult;
  const used = process.cpuUsage(cpu);
  return { ...result, server_cpu_us_per_req: round((used.user + used.system) / Math.max(1, result.requests), 1) };
}

/** A server that does nothing but send these bytes: the ceiling node:http allows here. */
function bareServer(headers: Record<string, string>, body: Buffer): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'Content-Length': String(body.length) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

async function overHttp(quick: boolean) {
  const connections = quick ? 8 : 16;
  const seconds = quick ? 1.5 : 4;
  const ref = createReference();
  const answer = ref.dispatch({ method: 'GET', path: READS.users, headers: { authorization: IAGO } });
  const body = Buffer.from(answer.body, 'utf8');
  const bare = await bareServer(answer.headers, body);
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  try {
    // Alternating rounds, best of each: the cores are shared with whatever else runs.
    const rounds: Array<Record<'bare' | 'reference', Awaited<ReturnType<typeof load>>>> = [];
    for (let i = 0; i < 2; i++) {
      rounds.push({
        bare: await load(`${bare.url}${READS.users}`, connections, seconds, body.length),
        reference: await load(`${serving.url}${READS.users}`, connections, seconds, body.length),
      });
    }
    const best = (k: 'bare' | 'reference') => Math.max(...rounds.map((r) => r[k].req_per_s));
    const leastCpu = (k: 'bare' | 'reference') => Math.min(...rounds.map((r) => r[k].server_cpu_us_per_req));
    const errors = rounds.reduce((n, r) => n + r.bare.errors + r.reference.errors, 0);
    if (errors > 0) throw new Error(`node:http: ${errors} wrong answers`);
    return {
      connections,
      seconds,
      bare_req_per_s: best('bare'),
      reference_req_per_s: best('reference'),
      ratio: round(best('reference') / best('bare'), 3),
      bare_cpu_us_per_req: leastCpu('bare'),
      reference_cpu_us_per_req: leastCpu('reference'),
      // The throughput ratio a server saturating its core would reach: immune to the load of other processes.
      cpu_ratio: round(leastCpu('bare') / leastCpu('reference'), 3),
      rounds,
    };
  } finally {
    await serving.close();
    await new Promise((done) => bare.server.close(done));
    bare.server.closeAllConnections();
  }
}

// ---- processes, machine, report ----------------------------------------------------

const SELF = fileURLToPath(import.meta.url);
const CHILD_ARGS = ['--import', 'tsx'];

function spawnAsync(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CHILD_ARGS, SELF, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => child.kill(), (MAX_LOAD_SECONDS + 30) * 1000);
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${args.join(' ')}: exit ${code}`));
    });
  });
}

function machine() {
  let cpu = 'unknown';
  try {
    cpu = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    /* not Linux */
  }
  return { cpu, cores: availableParallelism(), node: process.version, platform: `${process.platform}-${process.arch}` };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function report(r: Awaited<ReturnType<typeof main>> | HostileOnly, print: (line: string) => void): void {
  if (!('in_process' in r)) {
    print(`machine: ${r.machine.cpu}, ${r.machine.cores} cores, Node ${r.machine.node} (${r.machine.platform})`);
    reportHostile(r.hostile, print);
    return;
  }
  const n = (x: number) => x.toLocaleString('en-US');
  print(`machine: ${r.machine.cpu}, ${r.machine.cores} cores, Node ${r.machine.node} (${r.machine.platform})`);
  for (const [name, d] of Object.entries(r.in_process.dispatch)) {
    print(`dispatch GET ${READS[name as keyof typeof READS]}`);
    const line = (label: string, x: Rate) =>
      `  ${label}  ${n(x.req_per_s).padStart(9)} req/s  ${x.us_per_op.toFixed(2).padStart(7)} µs/op  (CPU ${x.cpu_us_per_op.toFixed(2)} µs/op)`;
    print(`${line('replayed', d.replayed)}  target ≥ ${n(TARGETS.dispatch_req_per_s)} req/s`);
    print(line('computed', d.computed));
  }
  const c = r.in_process.create;
  print(`createReference(): first in a process ${c.first_ms.toFixed(3)} ms, next ${c.next_ms.toFixed(3)} ms`);
  print(`reset(): untouched ${r.in_process.reset.untouched_ms.toFixed(3)} ms, after a write ${r.in_process.reset.after_write_ms.toFixed(3)} ms  (target ≤ ${TARGETS.reset_ms} ms)`);
  if (r.messages) {
    const m = r.messages;
    print(`${n(m.messages)} messages: built in ${m.load_seconds} s, ${m.bytes_per_message_beyond_content} bytes a message beyond its content`);
    print(`  full-text index: built by the first search in ${m.search_index_build_seconds} s; then ${m.bytes_per_message_with_search_index} bytes a message`);
    for (const [name, l] of Object.entries(m.latency_ms)) print(`  GET /messages ${name}: p50 ${l.p50} ms, p99 ${l.p99} ms (${l.count} messages)`);
  }
  for (const e of r.events ?? []) {
    print(`long-poll, ${n(e.waiting)} GET /events waiting over node:http, ${e.rounds} rounds: released p50 ${e.release_ms.p50} ms, p99 ${e.release_ms.p99} ms, max ${e.release_ms.max} ms after the message; server CPU while waiting ${e.idle_cpu_ms_per_s} ms/s`);
  }
  if (r.scheduled) {
    const s = r.scheduled;
    print(`${n(s.pending)} pending scheduled messages (made in ${s.schedule_seconds} s; POST /scheduled_messages p50 ${s.schedule_request_us} µs):`);
    print(`  clock moved over ${n(s.due)} due: ${s.advance_ms} ms (CPU ${s.advance_cpu_ms} ms), ${n(s.delivered)} delivered  target < 1000 ms`);
    print(`  a replayed GET /users with nothing due: ${s.idle_request_us.with_pending} µs with them pending, ${s.idle_request_us.without} µs without`);
  }
  if (r.reactions) reportReactions(r.reactions, print);
  if (r.edits) {
    const e = r.edits;
    print(`${n(e.messages)} messages: a topic renamed with change_all (every index follows, a history entry a message):`);
    for (const [size, ms] of Object.entries(e.topic_move_ms)) print(`  ${n(Number(size)).padStart(6)} messages moved: ${ms} ms (${e.topic_move_us_per_message[size]} µs a message)`);
    print(`  1,000 messages moved to another channel: ${e.channel_move_1000_ms} ms; one message's content edited: ${e.edit_ms} ms (median)`);
  }
  if (r.read_state) {
    const s = r.read_state;
    print(`one user with ${n(s.unread)} unread messages (built in ${s.build_seconds} s):`);
    print(`  POST /register with unread_msgs: ${s.register_ms} ms; GET /messages anchor first_unread: ${s.first_unread_ms} ms`);
    for (const [label, f] of [['read (is:unread, from the oldest)', s.flags_narrow_read], ['unread (from the newest)', s.flags_narrow_unread]] as const) {
      print(`  POST /messages/flags/narrow, all marked ${label}: ${f.requests} requests of 5,000, ${n(f.total_ms)} ms; p50 ${f.p50_ms} ms, p99 ${f.p99_ms} ms`);
    }
    print(`  POST /mark_stream_as_read: ${n(s.mark_stream_ms)} ms; POST /mark_all_as_read: ${n(s.mark_all_ms)} ms (${s.mark_all_batches} batches of 2,000)`);
  }
  if (r.presence) reportPresence(r.presence, print);
  if (r.http) {
    const h = r.http;
    print(`node:http GET /api/v1/users, ${h.connections} keep-alive connections, ${h.seconds} s a run, best of ${h.rounds.length}:`);
    print(`  bare node:http  ${n(h.bare_req_per_s).padStart(9)} req/s  (server CPU ${h.bare_cpu_us_per_req} µs/req)`);
    print(`  reference       ${n(h.reference_req_per_s).padStart(9)} req/s  (server CPU ${h.reference_cpu_us_per_req} µs/req)`);
    print(`  ratio ${(h.ratio * 100).toFixed(0)}% by throughput, ${(h.cpu_ratio * 100).toFixed(0)}% by server CPU per request  target ≥ ${TARGETS.http_ratio * 100}%`);
  }
}

interface HostileOnly {
  machine: ReturnType<typeof machine>;
  date: string;
  hostile: HostileFigure[];
}

async function main({ quick, http, messages, events, scheduled, reactions, edits, readState, presence }: BenchFlags) {
  const in_process = inProcess(quick);
  const eventFigures: EventBenchResult[] = [];
  if (events) for (const waiting of [100, 1000]) eventFigures.push(await runEventBench(waiting));
  return {
    machine: machine(),
    date: new Date().toISOString(),
    quick,
    targets: TARGETS,
    in_process,
    http: http ? await overHttp(quick) : undefined,
    // The million-message realm is slow to build: only when asked for.
    messages: messages === undefined ? undefined : runMessageBench(messages),
    events: events ? eventFigures : undefined,
    scheduled: scheduled === undefined ? undefined : runScheduledBench(scheduled),
    reactions: reactions === undefined ? undefined : (runReactionBench(reactions) as ReactionBenchResult),
    edits: edits === undefined ? undefined : runEditBench(edits),
    read_state: readState === undefined ? undefined : runReadStateBench(readState),
    presence: presence === undefined ? undefined : runPresenceBench(presence),
  };
}

const argv = process.argv.slice(2);
if (argv[0] === '--load') {
  const [url, connections, seconds, authorization, bodyLength] = argv.slice(1);
  const result = await generateLoad(url ?? '', Number(connections), Number(seconds), authorization ?? '', Number(bodyLength));
  process.stdout.write(JSON.stringify(result));
} else {
  let flags: BenchFlags;
  try {
    flags = benchFlags(argv);
  } catch (e) {
    process.stderr.write(`bench: ${(e as Error).message} (${BENCH_USAGE})\n`);
    process.exit(2);
  }
  if (flags.help) {
    console.log(BENCH_USAGE);
    process.exit(0);
  }
  const result = flags.hostile
    ? { machine: machine(), date: new Date().toISOString(), hostile: await runHostileBench(flags.quick ? 1 : 5) }
    : await main(flags);
  report(result, flags.json ? (line) => process.stderr.write(`${line}\n`) : (line) => console.log(line));
  if (flags.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
