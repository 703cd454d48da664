// A reaction add in a large store (npm run bench -- --reactions [N], default 1,000,000
// messages; or on its own: node --import tsx scripts/bench-reactions.ts [N]): the
// million-message realm of bench-messages.ts, then POST /messages/{id}/reactions in
// process, timed per request, for a message the reacting user has, for an old
// channel message they never received (the add gives them a historical row in the middle
// of their rows), and for a direct message; each reaction then removed again. A benchmark,
// not a test: it prints figures.
import { fileURLToPath } from 'node:url';
import { buildRealm } from './bench-messages.ts';

export interface ReactionBenchResult {
  messages: number;
  load_seconds: number;
  /** Per case: p50 and p99 of an add, and of the remove after it, in µs. */
  latency_us: Record<string, { add_p50: number; add_p99: number; remove_p50: number; count: number }>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function runReactionBench(count: number, samples = 1000): ReactionBenchResult {
  const { ref, loadSeconds } = buildRealm(count);
  const store = ref.store;
  const user = (email: string) => store.userByEmail(email) as NonNullable<ReturnType<typeof store.userByEmail>>;
  const headers = (email: string) => {
    const u = user(email);
    return { authorization: `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}` };
  };
  const hamlet = user('hamlet@zulip.com');
  const cordelia = user('cordelia@zulip.com');
  // Scotland is public and Cordelia is not subscribed: its messages are hers to see, never received.
  const scotland = store.channels().find((c) => c.name === 'Scotland');
  if (!scotland || store.subscribers(scotland.stream_id).includes(cordelia.user_id)) throw new Error('bench: the default realm changed');
  const own = (userId: number, channel: boolean) => Array.from(store.userMessageIds(userId)).filter((id) => (store.message(id)?.stream_id !== null) === channel);
  const spread = (ids: ArrayLike<number>) => Array.from({ length: samples }, (_, i) => ids[Math.floor((i * (ids.length - 1)) / Math.max(1, samples - 1))] as number);
  const cases: Record<string, { email: string; ids: number[] }> = {
    'a channel message the user has': { email: hamlet.delivery_email, ids: spread(own(hamlet.user_id, true)) },
    'a channel message never received (historical row)': { email: cordelia.delivery_email, ids: spread(store.channelMessageIds(scotland.stream_id)) },
    'a direct message': { email: cordelia.delivery_email, ids: spread(own(cordelia.user_id, false)) },
  };
  const latency: ReactionBenchResult['latency_us'] = {};
  for (const [name, c] of Object.entries(cases)) {
    const h = headers(c.email);
    const ids = [...new Set(c.ids)];
    const adds: number[] = [];
    const removes: number[] = [];
    for (const id of ids) {
      let t = performance.now();
      const added = ref.dispatch({ method: 'POST', path: `/api/v1/messages/${id}/reactions`, headers: h, body: { emoji_name: 'octopus' } });
      adds.push((performance.now() - t) * 1000);
      if (added.status !== 200) throw new Error(`bench: ${name}: ${added.body}`);
      t = performance.now();
      ref.dispatch({ method: 'DELETE', path: `/api/v1/messages/${id}/reactions`, headers: h, body: { emoji_name: 'octopus' } });
      removes.push((performance.now() - t) * 1000);
    }
    adds.sort((a, b) => a - b);
    removes.sort((a, b) => a - b);
    const r = (x: number) => Math.round(x);
    latency[name] = { add_p50: r(percentile(adds, 50)), add_p99: r(percentile(adds, 99)), remove_p50: r(percentile(removes, 50)), count: ids.length };
  }
  return { messages: count, load_seconds: Math.round(loadSeconds * 10) / 10, latency_us: latency };
}

export function reportReactions(r: ReactionBenchResult, print: (line: string) => void): void {
  print(`reactions in a realm of ${r.messages.toLocaleString('en-US')} messages (built in ${r.load_seconds} s):`);
  for (const [name, l] of Object.entries(r.latency_us)) {
    print(`  POST /messages/{id}/reactions, ${name}: p50 ${l.add_p50} µs, p99 ${l.add_p99} µs; DELETE p50 ${l.remove_p50} µs (${l.count} messages)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 1_000_000);
  reportReactions(runReactionBench(n), (line) => console.log(line));
}
