// The test command Stryker runs for each mutant (its command test runner: exit 0 means the
// mutant survived). It runs every suite of scope.ts in turn, each under its own time
// limit, and appends one line per suite, "name status milliseconds", to a file named after
// the active mutant in $UNDERSTUDY_MUTATION_OUTCOMES ("dry" for Stryker's initial run):
// that is how the report tells which suite found which fault.
import type { Suite } from './scope.ts';

export const OUTCOMES_ENV = 'UNDERSTUDY_MUTATION_OUTCOMES';
/** What `timeout` exits with when it stopped the command (124), or killed it after the grace period (137). */
export const TIMED_OUT = [124, 137];

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * The shell command (POSIX sh, GNU coreutils `timeout` and `date +%s%N`): `node` is the
 * Node binary, `limitsMs` each suite's time limit (by name; none: no limit).
 */
export function suitesCommand(suites: readonly Suite[], node: string, limitsMs: Record<string, number> = {}): string {
  const out = `"$${OUTCOMES_ENV}/\${__STRYKER_ACTIVE_MUTANT__:-dry}"`;
  const lines = suites.map((s) => {
    const argv = [node, '--import', 'tsx', 'scripts/conformance.ts', '--target', 'reference', '--reporter', 'json', '--out', '/dev/null', ...s.args];
    const limit = limitsMs[s.name];
    const run = (limit !== undefined ? `timeout -k 5 ${Math.ceil(limit / 1000)} ` : '') + argv.map(quote).join(' ');
    return `t=$(date +%s%N); ${run} >/dev/null 2>&1; r=$?; echo "${s.name} $r $(( ($(date +%s%N) - t) / 1000000 ))" >> ${out}; [ $r -eq 0 ] || f=1`;
  });
  return ['f=0', ...lines, 'exit $f'].join('; ');
}

export interface SuiteOutcome {
  suite: string;
  status: number;
  ms: number;
}

/** The lines the command appended for one mutant. */
export function parseOutcomes(text: string): SuiteOutcome[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [suite, status, ms] = l.trim().split(/\s+/);
      return { suite: suite as string, status: Number(status), ms: Number(ms) };
    });
}
