// Progress as it happens, the details of every failure, then a summary.
import type { Classified, Outcome, Summary } from '../expectations.ts';
import { describeResult } from './describe.ts';
import type { Reporter, RunInfo } from './reporter.ts';

const MARK: Record<Outcome, string> = { pass: '✓', fail: '✗', error: '!', skip: '-', xfail: '~', xpass: '✗' };

export function consoleReporter(write: (s: string) => void = (s) => process.stdout.write(s), verbose = false): Reporter {
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
      if (r.outcome !== 'pass' || verbose) write(`${MARK[r.outcome]} [${n}/${info.total}] ${r.id} ${r.durationMs}ms${extra}\n`);
      else write(`${MARK.pass} [${n}/${info.total}] ${r.id}\n`);
      if (r.outcome === 'fail' || r.outcome === 'error' || r.outcome === 'xpass') {
        for (const line of describeResult(r)) write(`    ${line}\n`);
        write(`    replay: ${info.replay} --only ${r.id}\n`);
      }
    },
    finish(summary: Summary) {
      const c = summary.counts;
      const parts = [`${c.pass} passed`, `${c.fail} failed`];
      if (c.error) parts.push(`${c.error} errors`);
      parts.push(`${c.skip} skipped`);
      if (c.xfail) parts.push(`${c.xfail} expected failures`);
      if (c.xpass) parts.push(`${c.xpass} unexpected passes`);
      write(`\n${summary.ok ? 'OK' : 'FAILED'}: ${summary.total} scenarios: ${parts.join(', ')}\n`);
      for (const id of summary.stale) write(`stale expectation: no scenario "${id}" (remove it from the expectations file)\n`);
      if (summary.badFiles > 0) write(`${summary.badFiles} scenario file(s) could not be loaded (see above); their scenarios did not run\n`);
      return undefined;
    },
  };
}
