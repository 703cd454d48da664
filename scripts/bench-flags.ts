// npm run bench's flags. Anything else is refused (a mistyped flag would otherwise run
// the whole benchmark with the defaults).
export const BENCH_USAGE = 'usage: npm run bench -- [--json] [--quick] [--no-http] [--messages [N]] [--events] [--scheduled [N]] [--edits [N]] [--read-state [N]] [--hostile] [--reactions [N]] [--presence [N]]';

/** The benchmarks that take a size: flag → its key in BenchFlags and its default N. */
const SIZED = {
  '--messages': { key: 'messages', n: 1_000_000 },
  '--scheduled': { key: 'scheduled', n: 100_000 },
  '--edits': { key: 'edits', n: 1_000_000 },
  '--read-state': { key: 'readState', n: 1_000_000 },
  '--reactions': { key: 'reactions', n: 1_000_000 },
  '--presence': { key: 'presence', n: 10_000 },
} as const;

export interface BenchFlags {
  json: boolean;
  quick: boolean;
  http: boolean;
  help: boolean;
  /** --messages [N]: the message-store benchmark over N messages (default 1,000,000). */
  messages: number | undefined;
  /** --events: the long-poll benchmark. */
  events: boolean;
  /** --hostile: only the hostile-input benchmark. */
  hostile: boolean;
  /** --scheduled [N]: the scheduled-messages benchmark over N pending (default 100,000). */
  scheduled: number | undefined;
  /** --reactions [N]: reaction adds in a realm of N messages (default 1,000,000). */
  reactions: number | undefined;
  /** --edits [N]: the edit-and-move benchmark over N messages (default 1,000,000). */
  edits: number | undefined;
  /** --read-state [N]: the read-state benchmark, one user with N unread messages (default 1,000,000). */
  readState: number | undefined;
  /** --presence [N]: the presence benchmark in a realm of N users (default 10,000). */
  presence: number | undefined;
}

export function benchFlags(argv: readonly string[]): BenchFlags {
  const flags: BenchFlags = { json: false, quick: false, http: true, help: false, messages: undefined, events: false, hostile: false, scheduled: undefined, reactions: undefined, edits: undefined, readState: undefined, presence: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--json') flags.json = true;
    else if (arg === '--quick') flags.quick = true;
    else if (arg === '--no-http') flags.http = false;
    else if (arg === '--events') flags.events = true;
    else if (arg === '--hostile') flags.hostile = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (Object.hasOwn(SIZED, arg)) {
      const { key, n } = SIZED[arg as keyof typeof SIZED];
      const next = argv[i + 1];
      const given = next !== undefined && /^\d+$/.test(next);
      flags[key] = given ? Number(next) : n;
      if (given) i++;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else throw new Error(`unexpected argument ${JSON.stringify(arg)}`);
  }
  return flags;
}
