// `npm run bench -- --hostile`: how long each hostile request of hostile-cases.ts takes
// to be answered by the node:http front door, and how long the normal request sent right
// after it takes. The server runs in a child process (this file with --serve), so that
// building and sending the hostile bytes does not count as the server's time. Figures:
// the answer, from connecting to its last byte (sending included: for 20 MiB, most of
// it); the time spent in reference.dispatch; and the longest the server's event loop was
// blocked (what a concurrent request would have waited). Slow clients are answered at
// the server's timeout (1 s for headers, 2 s for the whole request here): for those, the
// figure is the time past the timeout.
import { spawn, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createReference } from '#reference/index.ts';
import { serve } from '#reference/adapters/node-http.ts';
import { exchange, HOSTILE_CASES, IAGO, request } from './hostile-cases.ts';

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
/** What every case is held to (by people reading the figures, not by an exit code). */
export const HOSTILE_TARGET_MS = 100;

export interface HostileFigure {
  name: string;
  status: number;
  bytes_sent: number;
  /** Median over the rounds; for slow clients, past the timeout. */
  answer_ms: number;
  worst_answer_ms: number;
  /** Median time in reference.dispatch. */
  dispatch_ms: number;
  /** Median of the longest event-loop stall of the server while it answered. */
  blocked_ms: number;
  /** The median time of a normal GET /users/me sent right after. */
  next_request_ms: number;
  slow?: 'headers' | 'request';
}

export async function runHostileBench(rounds: number): Promise<HostileFigure[]> {
  const { url, child } = await startServer();
  try {
    const figures: HostileFigure[] = [];
    for (const c of HOSTILE_CASES) {
      const pieces = c.pieces();
      const bytes = pieces.reduce((n, p) => n + (typeof p === 'string' ? Buffer.byteLength(p) : p.length), 0);
      const answers: number[] = [];
      const next: number[] = [];
      const dispatch: number[] = [];
      const blocked: number[] = [];
      let status = 0;
      for (let i = 0; i < rounds; i++) {
        await ask(child, 'reset');
        const answer = await exchange(url, pieces, REQUEST_TIMEOUT_MS + 10_000).catch((e: Error) => {
          throw new Error(`${c.name}: ${e.message}`);
        });
        status = answer.status;
        const expected = typeof c.status === 'number' ? [c.status] : c.status;
        if (!expected.includes(answer.status)) throw new Error(`${c.name}: ${answer.status} ${answer.body.slice(0, 200)}`);
        answers.push(answer.ms - (c.slow === 'headers' ? HEADERS_TIMEOUT_MS : c.slow === 'request' ? REQUEST_TIMEOUT_MS : 0));
        const server = await ask(child, 'read');
        dispatch.push(server.dispatch_ms);
        blocked.push(server.blocked_ms);
        const normal = await exchange(url, request('GET', '/api/v1/users/me', { Authorization: IAGO }));
        if (normal.status !== 200) throw new Error(`after ${c.name}: ${normal.status} ${normal.body.slice(0, 200)}`);
        next.push(normal.ms);
      }
      figures.push({
        name: c.name,
        status,
        bytes_sent: bytes,
        answer_ms: round(median(answers)),
        worst_answer_ms: round(Math.max(...answers)),
        dispatch_ms: round(median(dispatch)),
        blocked_ms: round(median(blocked)),
        next_request_ms: round(median(next)),
        ...(c.slow ? { slow: c.slow } : {}),
      });
    }
    return figures;
  } finally {
    child.kill();
  }
}

export function reportHostile(figures: HostileFigure[], print: (line: string) => void): void {
  print(`hostile requests over node:http, medians (target: answered within ${HOSTILE_TARGET_MS} ms):`);
  print('  status   answer (worst)  dispatch  loop blocked  next request  case [bytes sent]');
  const ms = (x: number, width: number) => `${x.toFixed(1)} ms`.padStart(width);
  for (const f of figures) {
    const at = f.slow ? ` (past the ${f.slow} timeout)` : '';
    const size = f.bytes_sent >= 1024 * 1024 ? `${(f.bytes_sent / 1024 / 1024).toFixed(1)} MiB` : `${f.bytes_sent} B`;
    print(`  ${f.status}  ${ms(f.answer_ms, 9)} (${ms(f.worst_answer_ms, 8)}) ${ms(f.dispatch_ms, 9)} ${ms(f.blocked_ms, 13)} ${ms(f.next_request_ms, 13)}  ${f.name}${at} [${size}]`);
  }
}

interface ServerFigures {
  dispatch_ms: number;
  blocked_ms: number;
}

/** A question to the server process ('reset' its figures, or 'read' them) and its answer. */
function ask(child: ChildProcess, question: 'reset' | 'read'): Promise<ServerFigures> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as ServerFigures));
    child.send(question);
  });
}

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^(http:\S+)$/m.exec(out)?.[1];
      if (url) resolve({ url, child });
    });
    child.on('exit', (code) => reject(new Error(`the hostile bench server exited (${code})`)));
  });
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--serve') {
  const reference = createReference();
  let dispatchMs = 0;
  const timed = {
    dispatch: (req: Parameters<typeof reference.dispatch>[0]) => {
      const started = performance.now();
      try {
        return reference.dispatch(req);
      } finally {
        dispatchMs += performance.now() - started;
      }
    },
  };
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('message', (question) => {
    if (question === 'reset') {
      dispatchMs = 0;
      loop.reset();
    }
    process.send?.({ dispatch_ms: dispatchMs, blocked_ms: Number.isFinite(loop.max) ? loop.max / 1e6 : 0 } satisfies ServerFigures);
  });
  const serving = await serve(timed, { port: 0, host: '127.0.0.1', headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
  console.log(serving.url);
}
