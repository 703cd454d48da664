// Progress as it happens, the details of every failure, then a summary that lists every
// failed id grouped by its first problem. A failure whose first problem was already shown
// in full is one line that points at the first one; skipped scenarios are counted in the
// summary, by reason, not one line each. `quiet`: the summary only.
import { PLAIN, type Colors } from '../colors.ts';
import { isBad, type Classified, type Outcome, type Summary } from '../expectations.ts';
import type { PropertyProgress } from '../properties/run-properties.ts';
import { describeResult, firstProblem, groupByFirstProblem, replayOf } from './describe.ts';
import type { Reporter, RunInfo } from './reporter.ts';

const MARK: Record<Outcome, string> = { pass: '✓', fail: '✗', error: '!', skip: '-', xfail: '~', xpass: '✗' };

export interface ConsoleOptions {
  /** Every result with its duration. */
  verbose?: boolean;
  /** Only the closing summary. */
  quiet?: boolean;
  colors?: Colors;
}

/** Ids in lines of at most about 100 characters, each indented. */
function wrapIds(ids: readonly string[], indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const id of ids) {
    if (line !== '' && line.length + id.length + 2 > 100) (lines.push(`${indent}${line},`), (line = ''));
    line = line === '' ? id : `${line}, ${id}`;
  }
  if (line !== '') lines.push(`${indent}${line}`);
  return lines;
}

export function consoleReporter(write: (s: string) => void = (s) => process.stdout.write(s), options: ConsoleOptions = {}): Reporter {
  const c = options.colors ?? PLAIN;
  const quiet = options.quiet === true;
  const paint: Record<Outcome, (s: string) => string> = { pass: c.green, fail: c.red, error: c.red, skip: c.yellow, xfail: c.yellow, xpass: c.red };
  let info: RunInfo = { target: '', total: 0, replay: '' };
  let n = 0;
  let lastProgress = 0;
  let lastPhase = '';
  /** First problem → the id whose failure showed it in full. */
  const shown = new Map<string, string>();
  const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return {
    start(i) {
      info = i;
      if (quiet) return;
      const families = i.families ?? 0;
      const what = families === 0 ? `${i.total} scenarios` : families === i.total ? `${families} property families` : `${i.total - families} scenarios and ${families} property families`;
      write(`conformance: ${what} against ${i.target}\n`);
    },
    result(r) {
      n++;
      if (quiet || (r.outcome === 'skip' && options.verbose !== true)) return;
      const extra =
        r.outcome === 'skip' ? `  (skipped: ${r.reason ?? ''})` : r.outcome === 'xfail' ? '  (expected failure)' : r.outcome === 'xpass' ? '  (UNEXPECTED PASS)' : '';
      const mark = paint[r.outcome](MARK[r.outcome]);
      const counts = r.property !== undefined && r.outcome === 'pass' ? `  ${c.dim(`(${r.reason ?? ''})`)}` : '';
      if (!isBad(r.outcome)) {
        if (r.outcome !== 'pass' || options.verbose === true) write(`${mark} [${n}/${info.total}] ${r.id} ${c.dim(`${r.durationMs}ms`)}${extra}\n`);
        else write(`${mark} [${n}/${info.total}] ${r.id}${counts}\n`);
        return;
      }
      const problem = firstProblem(r);
      const first = shown.get(problem);
      if (first !== undefined && r.property === undefined) {
        write(`${mark} [${n}/${info.total}] ${r.id}${extra}  ${c.dim(`(the same first problem as ${first}: ${replayOf(info, r)})`)}\n`);
        return;
      }
      shown.set(problem, r.id);
      write(`${mark} [${n}/${info.total}] ${r.id} ${c.dim(`${r.durationMs}ms`)}${extra}\n`);
      for (const line of describeResult(r)) write(`    ${line}\n`);
      write(`    ${c.bold('replay:')} ${replayOf(info, r)}\n`);
      if (r.property?.saved !== undefined) write(`    ${c.bold('or, without fast-check:')} ${info.replay} --scenarios ${r.property.saved.replace(/\/[^/]+\/[^/]+\.json$/, '')} --only ${r.property.saved.replace(/^.*\/([^/]+\/[^/]+)\.json$/, '$1')}\n`);
    },
    progress(p: PropertyProgress) {
      if (quiet) return;
      const now = Date.now();
      if (p.phase === lastPhase && now - lastProgress < 2000) return;
      lastProgress = now;
      lastPhase = p.phase;
      const what = p.phase === 'shrinking' ? 'a failure found; shrinking' : p.phase === 'done' ? 'done' : `${secs(p.leftMs)} left`;
      write(c.dim(`properties: ${p.runs}/${p.totalRuns} sequences, ${p.commands.toLocaleString('en')} commands, ${p.requests.toLocaleString('en')} requests, ${secs(p.elapsedMs)}; ${what}\n`));
    },
    finish(summary: Summary, results: readonly Classified[]) {
      const counts = summary.counts;
      const bad = groupByFirstProblem(results, (r) => isBad(r.outcome));
      if (bad.length > 0) {
        const total = bad.reduce((t, g) => t + g.ids.length, 0);
        write(`\n${c.bold(`${total} did not pass`)}, by first problem${bad.length === 1 ? '' : ` (${bad.length} different)`}:\n`);
        for (const g of bad) {
          write(`  ${c.red(`${g.ids.length} ×`)} ${g.problem}\n`);
          for (const line of wrapIds(g.ids, '      ')) write(`${line}\n`);
        }
      }
      const skipped = groupByFirstProblem(results, (r) => r.outcome === 'skip');
      if (skipped.length > 0) {
        write(`\n${c.bold(`${counts.skip} skipped`)}:\n`);
        for (const g of skipped) {
          write(`  ${c.yellow(`${g.ids.length} ×`)} ${g.problem}\n`);
          if (g.ids.length <= 10) for (const line of wrapIds(g.ids, '      ')) write(`${line}\n`);
        }
      }
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
