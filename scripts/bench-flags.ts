// npm run bench's flags. Anything else is refused (a mistyped flag would otherwise run
// the whole benchmark with the defaults).
export const BENCH_USAGE = 'usage: npm run bench -- [--json] [--quick] [--no-http] [--messages [N]] [--events] [--scheduled [N]] [--presence [N]] [--hostile]';

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
  /** --presence [N]: the presence benchmark in a realm of N users (default 10,000). */
  presence: number | undefined;
}

export function benchFlags(argv: readonly string[]): BenchFlags {
  const flags: BenchFlags = { json: false, quick: false, http: true, help: false, messages: undefined, events: false, hostile: false, scheduled: undefined, presence: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--json') flags.json = true;
    else if (arg === '--quick') flags.quick = true;
    else if (arg === '--no-http') flags.http = false;
    else if (arg === '--events') flags.events = true;
    else if (arg === '--hostile') flags.hostile = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg === '--messages' || arg === '--scheduled' || arg === '--presence') {
      const next = argv[i + 1];
      const count = next !== undefined && /^\d+$/.test(next) ? Number(next) : arg === '--messages' ? 1_000_000 : arg === '--scheduled' ? 100_000 : 10_000;
      if (next !== undefined && /^\d+$/.test(next)) i++;
      if (arg === '--messages') flags.messages = count;
      else if (arg === '--scheduled') flags.scheduled = count;
      else flags.presence = count;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else throw new Error(`unexpected argument ${JSON.stringify(arg)}`);
  }
  return flags;
}
