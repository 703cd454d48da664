// npm run mutation's flags. Anything else is refused, in one line.
export const MUTATION_USAGE = 'usage: npm run mutation -- [--minutes M | --sample N | --all | --recheck SUMMARY.json | --rescore SUMMARY.json] [--seed S] [--concurrency N] [--out DIR] [--only GLOB ...]';

export interface MutationFlags {
  /**
   * How much to test: for about `minutes` (the sample is as large as fits), exactly
   * `sample` mutants, all of them, or the survivors of an earlier run (its summary.json):
   * the incremental mode, for checking that new scenarios find what it left.
   */
  size: { minutes: number } | { sample: number } | { recheck: string } | 'all';
  /** No mutant tested: that earlier run's report again, with equivalent.json as it is now. */
  rescore?: string;
  seed: string;
  concurrency: number;
  out: string;
  /**
   * Only the mutants of files matching these globs (repeatable; within scope.ts's MUTATE):
   * the score of one area, or every survivor of a few files with --all. Empty: all of MUTATE.
   */
  only: string[];
  help: boolean;
}

/** The default time box: well inside 20 minutes, on a loaded 2-core machine too. */
export const DEFAULT_MINUTES = 14;

export function mutationFlags(argv: readonly string[]): MutationFlags {
  const flags: MutationFlags = { size: { minutes: DEFAULT_MINUTES }, seed: 'understudy', concurrency: 2, out: 'reports/mutation', only: [], help: false };
  const value = (i: number, name: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
    return v;
  };
  const count = (v: string, name: string): number => {
    if (!/^[1-9]\d*$/.test(v)) throw new Error(`${name}: a positive integer, not ${JSON.stringify(v)}`);
    return Number(v);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--minutes') flags.size = { minutes: count(value(i++, arg), arg) };
    else if (arg === '--sample') flags.size = { sample: count(value(i++, arg), arg) };
    else if (arg === '--all') flags.size = 'all';
    else if (arg === '--recheck') flags.size = { recheck: value(i++, arg) };
    else if (arg === '--rescore') flags.rescore = value(i++, arg);
    else if (arg === '--seed') flags.seed = value(i++, arg);
    else if (arg === '--concurrency') flags.concurrency = count(value(i++, arg), arg);
    else if (arg === '--out') flags.out = value(i++, arg);
    else if (arg === '--only') flags.only.push(value(i++, arg));
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else throw new Error(`unexpected argument ${JSON.stringify(arg)}`);
  }
  return flags;
}
