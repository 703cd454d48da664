// The presence benchmark (npm run bench -- --presence [N], or node --import tsx
// scripts/bench-presence.ts [N] [--json]): a
// realm of N users (default 10,000) made directly in the store, every one reporting
// presence through POST /users/me/presence; then what clients ask of it: the whole realm
// (GET /realm/presence, POST /users/me/presence with slim_presence, POST /register's
// presences), and the incremental poll of the modern protocol (last_update_id), which
// finds the rows changed since through the update log (domain/presence.ts) instead of
// reading every row. In process (dispatch), the manual clock moved a minute between
// rounds so that reports change rows. A benchmark, not a test: it prints figures.
import { createReference, type Reference } from '../reference/index.ts';
import { newUser } from '../reference/domain/users.ts';
import { ROLE } from '../reference/state/types.ts';

export interface PresenceBenchResult {
  users: number;
  build_seconds: number;
  /** Median µs of one request. */
  report_us: { first: number; again: number; with_answer_slim: number };
  realm_presence_ms: { p50: number; p99: number };
  register_presence_ms: number;
  /** POST /users/me/presence with last_update_id, 10 rows changed since: median µs. */
  incremental_us: number;
  incremental_rows: number;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function post(ref: Reference, auth: string, path: string, body: Record<string, string>): Record<string, unknown> {
  const res = ref.dispatch({ method: 'POST', path, headers: { authorization: auth }, body });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

function timedUs(op: () => void): number {
  const start = performance.now();
  op();
  return (performance.now() - start) * 1000;
}

export function runPresenceBench(users = 10_000): PresenceBenchResult {
  const ref = createReference({ seed: 'bench-presence', clock: 'manual' });
  const store = ref.store;
  const started = performance.now();
  const auths: string[] = [];
  const base = 100_000;
  for (let i = 0; i < users; i++) {
    const email = `bench${i}@example.com`;
    const key = `benchkey${String(i).padStart(24, '0')}`;
    store.putUser(newUser({ user_id: base + i, delivery_email: email, full_name: `Bench ${i}`, role: ROLE.member, date_joined: ref.control.now(), api_key: key }));
    auths.push(`Basic ${btoa(`${email}:${key}`)}`);
  }
  const build_seconds = round((performance.now() - started) / 1000);
  const first = auths.map((a) => timedUs(() => post(ref, a, '/api/v1/users/me/presence', { status: 'active', ping_only: 'true' })));
  ref.control.advance(60_000);
  const again = auths.map((a) => timedUs(() => post(ref, a, '/api/v1/users/me/presence', { status: 'active', ping_only: 'true' })));
  const slim = auths.slice(0, 50).map((a) => timedUs(() => post(ref, a, '/api/v1/users/me/presence', { status: 'idle', slim_presence: 'true' })));

  const reader = auths[0] as string;
  const realm: number[] = [];
  for (let i = 0; i < 30; i++) {
    store.changed(); // computed, not replayed
    realm.push(
      timedUs(() => {
        const res = ref.dispatch({ method: 'GET', path: '/api/v1/realm/presence', headers: { authorization: reader } });
        if (res.status !== 200) throw new Error(res.body);
      }) / 1000,
    );
  }
  const register_presence_ms = round(timedUs(() => post(ref, reader, '/api/v1/register', { fetch_event_types: '["presence"]', slim_presence: 'true' })) / 1000);

  // The modern poll: ten users change, then one asks for what changed since its last answer.
  ref.control.advance(60_000);
  const since = post(ref, reader, '/api/v1/users/me/presence', { status: 'active', slim_presence: 'true' })['presence_last_update_id'] as number;
  const incremental: number[] = [];
  let rows = 0;
  let last = since;
  for (let round_ = 0; round_ < 20; round_++) {
    ref.control.advance(60_000);
    for (let i = 1; i <= 10; i++) post(ref, auths[(round_ * 10 + i) % users] as string, '/api/v1/users/me/presence', { status: 'active', ping_only: 'true' });
    incremental.push(
      timedUs(() => {
        const answer = post(ref, reader, '/api/v1/users/me/presence', { status: 'active', last_update_id: String(last) });
        rows = Object.keys(answer['presences'] as object).length;
        last = answer['presence_last_update_id'] as number;
      }),
    );
  }
  return {
    users,
    build_seconds,
    report_us: { first: round(percentile(first, 50)), again: round(percentile(again, 50)), with_answer_slim: round(percentile(slim, 50)) },
    realm_presence_ms: { p50: round(percentile(realm, 50)), p99: round(percentile(realm, 99)) },
    register_presence_ms,
    incremental_us: round(percentile(incremental, 50)),
    incremental_rows: rows,
  };
}

/** The figures as lines of text. */
export function reportPresence(r: PresenceBenchResult, print: (line: string) => void): void {
  print(`${r.users} users (made in ${r.build_seconds} s), every one reporting presence:`);
  print(`  POST /users/me/presence (ping_only): first report p50 ${r.report_us.first} µs, a minute later ${r.report_us.again} µs`);
  print(`  POST /users/me/presence answering the whole realm (slim_presence): p50 ${r.report_us.with_answer_slim} µs`);
  print(`  GET /realm/presence: p50 ${r.realm_presence_ms.p50} ms, p99 ${r.realm_presence_ms.p99} ms`);
  print(`  POST /register presences (slim): ${r.register_presence_ms} ms`);
  print(`  POST /users/me/presence with last_update_id, ${r.incremental_rows} rows changed since: p50 ${r.incremental_us} µs`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const n = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
  const r = runPresenceBench(n);
  if (args.includes('--json')) console.log(JSON.stringify(r, null, 2));
  else reportPresence(r, (line) => console.log(line));
}
