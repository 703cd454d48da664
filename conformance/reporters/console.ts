// Progress as it happens, the details of every failure, then a summary.
import { PLAIN, type Colors } from '../colors.ts';
import type { Classified, Outcome, Summary } from '../expectations.ts';
import { describeResult } from './describe.ts';
import type { Reporter, RunInfo } from './reporter.ts';

const MARK: Record<Outcome, string> = { pass: '✓', fail: '✗', error: '!', skip: '-', xfail: '~', xpass: '✗' };

export function consoleReporter(write: (s: string) => void = (s) => process.stdout.write(s), verbose = false, c: Colors = PLAIN): Reporter {
  const paint: Record<Outcome, (s: string) => string> = { pass: c.green, fail: c.red, error: c.red, skip: c.yellow, xfail: c.yellow, xpass: c.red };
  let info: RunInfo = { target: '', total: 0, replay: '' };
  let n = 0;
  return {
    start(i) {
      info = i;
      write(`conformance: ${i.total} scenarios against ${i.target}\n`);
    },
    result(r) {
      n++;
      const extra =
        r.outcome === 'skip' ? `  (skipped: ${r.reason ?? ''})` : r.outcome === 'xfail' ? '  (expected failure)' : r.outcome === 'xpass' ? '  (UNEXPECTED PASS)' : '';
      const mark = paint[r.outcome](MARK[r.outcome]);
      if (r.outcome !== 'pass' || verbose) write(`${mark} [${n}/${info.total}] ${r.id} ${c.dim(`${r.durationMs}ms`)}${extra}\n`);
      else write(`${mark} [${n}/${info.total}] ${r.id}\n`);
      if (r.outcome === 'fail' || r.outcome === 'error' || r.outcome === 'xpass') {
        for (const line of describeResult(r)) write(`    ${line}\n`);
        write(`    ${c.bold('replay:')} ${info.replay} --only ${r.id}\n`);
      }
    },
    finish(summary: Summary) {
      const counts = summary.counts;
      const parts = [`${counts.pass} passed`, `${counts.fail} failed`];
      if (counts.error) parts.push(`${counts.error} errors`);
      parts.push(`${counts.skip} skipped`);
      if (counts.xfail) parts.push(`${counts.xfail} expected failures`);
      if (counts.xpass) parts.push(`${counts.xpass} unexpected passes`);
      write(`\n${summary.ok ? c.bold(c.green('OK')) : c.bold(c.red('FAILED'))}: ${summary.total} scenarios: ${parts.join(', ')}\n`);
      for (const id of summary.stale) write(`stale expectation: no scenario "${id}" (remove it from the expectations file)\n`);
      if (summary.badFiles > 0) write(`${summary.badFiles} scenario file(s) could not be loaded (see above); their scenarios did not run\n`);
      return undefined;
    },
  };
}
