// Progress as it happens, the details of every failure, then a summary.
import { PLAIN, type Colors } from '../colors.ts';
import type { Classified, Outcome, Summary } from '../expectations.ts';
import type { PropertyProgress } from '../properties/run-properties.ts';
import { describeResult, replayOf } from './describe.ts';
import type { Reporter, RunInfo } from './reporter.ts';

const MARK: Record<Outcome, string> = { pass: '✓', fail: '✗', error: '!', skip: '-', xfail: '~', xpass: '✗' };

export function consoleReporter(write: (s: string) => void = (s) => process.stdout.write(s), verbose = false, c: Colors = PLAIN): Reporter {
  const paint: Record<Outcome, (s: string) => string> = { pass: c.green, fail: c.red, error: c.red, skip: c.yellow, xfail: c.yellow, xpass: c.red };
  let info: RunInfo = { target: '', total: 0, replay: '' };
  let n = 0;
  let lastProgress = 0;
  let lastPhase = '';
  const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return {
    start(i) {
      info = i;
      const families = i.families ?? 0;
      const what = families === 0 ? `${i.total} scenarios` : families === i.total ? `${families} property families` : `${i.total - families} scenarios and ${families} property families`;
      write(`conformance: ${what} against ${i.target}\n`);
    },
    result(r) {
      n++;
      const extra =
        r.outcome === 'skip' ? `  (skipped: ${r.reason ?? ''})` : r.outcome === 'xfail' ? '  (expected failure)' : r.outcome === 'xpass' ? '  (UNEXPECTED PASS)' : '';
      const mark = paint[r.outcome](MARK[r.outcome]);
      const counts = r.property !== undefined && r.outcome === 'pass' ? `  ${c.dim(`(${r.reason ?? ''})`)}` : '';
      if (r.outcome !== 'pass' || verbose) write(`${mark} [${n}/${info.total}] ${r.id} ${c.dim(`${r.durationMs}ms`)}${extra}\n`);
      else write(`${mark} [${n}/${info.total}] ${r.id}${counts}\n`);
      if (r.outcome === 'fail' || r.outcome === 'error' || r.outcome === 'xpass') {
        for (const line of describeResult(r)) write(`    ${line}\n`);
        write(`    ${c.bold('replay:')} ${replayOf(info, r)}\n`);
        if (r.property?.saved !== undefined) write(`    ${c.bold('or, without fast-check:')} ${info.replay} --scenarios ${r.property.saved.replace(/\/[^/]+\/[^/]+\.json$/, '')} --only ${r.property.saved.replace(/^.*\/([^/]+\/[^/]+)\.json$/, '$1')}\n`);
      }
    },
    progress(p: PropertyProgress) {
      const now = Date.now();
      if (p.phase === lastPhase && now - lastProgress < 2000) return;
      lastProgress = now;
      lastPhase = p.phase;
      const what = p.phase === 'shrinking' ? 'a failure found; shrinking' : p.phase === 'done' ? 'done' : `${secs(p.leftMs)} left`;
      write(c.dim(`properties: ${p.runs}/${p.totalRuns} sequences, ${p.commands.toLocaleString('en')} commands, ${p.requests.toLocaleString('en')} requests, ${secs(p.elapsedMs)}; ${what}\n`));
    },
    finish(summary: Summary) {
      const counts = summary.counts;
      const parts = [`${counts.pass} passed`, `${counts.fail} failed`];
      if (counts.error) parts.push(`${counts.error} errors`);
      parts.push(`${counts.skip} skipped`);
      if (counts.xfail) parts.push(`${counts.xfail} expected failures`);
      if (counts.xpass) parts.push(`${counts.xpass} unexpected passes`);
      write(`\n${summary.ok ? c.bold(c.green('OK')) : c.bold(c.red('FAILED'))}: ${summary.total} ${summary.properties !== undefined ? 'scenarios and property families' : 'scenarios'}: ${parts.join(', ')}\n`);
      const p = summary.properties;
      if (p !== undefined) {
        const divergences = p.divergences !== undefined ? `, ${p.divergences} divergences from the oracle` : '';
        const budget = p.stoppedByBudget ? ' (stopped by the time budget)' : '';
        write(`properties: ${p.runs} sequences${budget}, ${p.commands.toLocaleString('en')} commands, ${p.requests.toLocaleString('en')} requests in ${secs(p.durationMs)}, seed ${p.seed}${divergences}\n`);
      }
      const o = summary.openapi;
      if (o !== undefined) write(`openapi: ${o.validated} answers validated against the API description, ${o.failed} not as documented, ${o.known} known differences set aside; not checked: ${o.undocumented} undocumented, ${o.olderLevel} at an older feature level\n`);
      for (const id of summary.stale) write(`stale expectation: no scenario "${id}" (remove it from the expectations file)\n`);
      if (summary.notRun !== undefined) write(`--bail: ${summary.notRun} more did not run\n`);
      if (summary.badFiles > 0) write(`${summary.badFiles} scenario file(s) could not be loaded (see above); their scenarios did not run\n`);
      return undefined;
    },
  };
}
