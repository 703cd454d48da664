// npm run bench's flags. Anything else is refused (a mistyped flag would otherwise run
// the whole benchmark with the defaults).
export const BENCH_USAGE = 'usage: npm run bench -- [--json] [--quick] [--no-http] [--messages [N]] [--events] [--scheduled [N]] [--edits [N]] [--hostile] [--reactions [N]]';

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
  reactions?: number;
  /** --edits [N]: the edit-and-move benchmark over N messages (default 1,000,000). */
  edits: number | undefined;
}

export function benchFlags(argv: readonly string[]): BenchFlags {
  const flags: BenchFlags = { json: false, quick: false, http: true, help: false, messages: undefined, events: false, hostile: false, scheduled: undefined, edits: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--json') flags.json = true;
    else if (arg === '--quick') flags.quick = true;
    else if (arg === '--no-http') flags.http = false;
    else if (arg === '--events') flags.events = true;
    else if (arg === '--hostile') flags.hostile = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg === '--messages' || arg === '--scheduled' || arg === '--edits') {
      const next = argv[i + 1];
      const count = next !== undefined && /^\d+$/.test(next) ? Number(next) : arg === '--scheduled' ? 100_000 : 1_000_000;
      if (next !== undefined && /^\d+$/.test(next)) i++;
      if (arg === '--messages') flags.messages = count;
      else if (arg === '--edits') flags.edits = count;
      else flags.scheduled = count;
    } else if (arg === '--reactions') {
      const next = argv[i + 1];
      flags.reactions = next !== undefined && /^\d+$/.test(next) ? Number(argv[++i]) : 1_000_000;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else throw new Error(`unexpected argument ${JSON.stringify(arg)}`);
  }
  return flags;
}
