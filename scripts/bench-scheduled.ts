// The scheduled-messages benchmark (npm run bench -- --scheduled [N]): N pending
// scheduled messages (default 100,000) made through POST /scheduled_messages, a tenth of
// them due within the next few hours; then the manual clock moves past those, and every
// one is delivered as POST /messages would send it. Also: what a request costs when
// nothing is due, with N pending and with none (the next due item is found at the head
// of an order by due time, never by a scan). A benchmark, not a test: it prints figures.
import { createReference, type Reference } from '../reference/index.ts';

export interface ScheduledBenchResult {
  pending: number;
  due: number;
  schedule_seconds: number;
  advance_ms: number;
  /** The same in CPU time: steadier than wall time when other processes share the cores. */
  advance_cpu_ms: number;
  delivered: number;
  /** A replayed GET /users, median µs: with N pending and nothing due, and in an empty realm. */
  idle_request_us: { with_pending: number; without: number };
  /** POST /scheduled_messages with N pending, median µs. */
  schedule_request_us: number;
}

const USERS = ['hamlet', 'cordelia', 'othello', 'iago'].map((name) => `${name}@zulip.com`);

function auth(ref: Reference, email: string): string {
  const user = ref.store.userByEmail(email);
  if (!user) throw new Error(`no ${email}`);
  return `Basic ${btoa(`${email}:${user.api_key}`)}`;
}

function scheduleOne(ref: Reference, authorization: string, i: number, at: number): void {
  const body =
    i % 3 === 0
      ? { type: 'direct', to: JSON.stringify([7 + (i % 2)]), content: `dm ${i}`, scheduled_delivery_timestamp: String(at) }
      : { type: 'channel', to: String(1 + (i % 2)), topic: `topic ${i % 50}`, content: `message **${i}**`, scheduled_delivery_timestamp: String(at) };
  const res = ref.dispatch({ method: 'POST', path: '/api/v1/scheduled_messages', headers: { authorization }, body });
  if (res.status !== 200) throw new Error(`scheduling ${i}: ${res.body}`);
}

function medianUs(op: () => void, times: number): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    op();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  return Math.round((samples[samples.length >> 1] as number) * 100) / 100;
}

export function runScheduledBench(pending = 100_000): ScheduledBenchResult {
  const ref = createReference({ seed: 'bench' });
  const now = Math.floor(ref.control.now() / 1000);
  const keys = USERS.map((email) => auth(ref, email));
  const due = Math.floor(pending / 10);
  const started = performance.now();
  for (let i = 0; i < pending; i++) {
    // The first tenth within the next `due` seconds, in shuffled order; the rest a day later or more.
    const at = i < due ? now + 1 + ((i * 7919) % due) : now + 86_400 + i;
    scheduleOne(ref, keys[i % keys.length] as string, i, at);
  }
  const scheduleSeconds = (performance.now() - started) / 1000;

  const users = { method: 'GET', path: '/api/v1/users', headers: { authorization: keys[0] as string } };
  ref.dispatch(users);
  const withPending = medianUs(() => ref.dispatch(users), 20_000);
  const empty = createReference({ seed: 'bench' });
  const emptyUsers = { ...users, headers: { authorization: auth(empty, USERS[0] as string) } };
  empty.dispatch(emptyUsers);
  const without = medianUs(() => empty.dispatch(emptyUsers), 20_000);

  const messagesBefore = ref.store.data.messages.size;
  const t0 = performance.now();
  const cpu = process.cpuUsage();
  ref.control.advance((due + 1) * 1000);
  const used = process.cpuUsage(cpu);
  const advanceMs = performance.now() - t0;
  const delivered = ref.store.data.messages.size - messagesBefore;
  if (delivered !== due) throw new Error(`delivered ${delivered} of ${due}`);

  let k = pending;
  const scheduleUs = medianUs(() => scheduleOne(ref, keys[0] as string, k++, now + 200_000 + k), 2_000);
  return {
    pending,
    due,
    schedule_seconds: Math.round(scheduleSeconds * 100) / 100,
    advance_ms: Math.round(advanceMs),
    advance_cpu_ms: Math.round((used.user + used.system) / 1000),
    delivered,
    idle_request_us: { with_pending: withPending, without },
    schedule_request_us: scheduleUs,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(runScheduledBench(Number(process.argv[2] ?? 100_000)), null, 2));
