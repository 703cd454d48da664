// The whole run as one JSON document.
import type { Classified, Summary } from '../expectations.ts';
import type { Reporter, RunInfo } from './reporter.ts';

export function jsonReporter(): Reporter {
  let info: RunInfo = { target: '', total: 0, replay: '' };
  return {
    start(i) {
      info = i;
    },
    result() {},
    finish(summary: Summary, results: readonly Classified[]) {
      const report = {
        target: info.target,
        ok: summary.ok,
        summary: { total: summary.total, ...summary.counts },
        stale_expectations: summary.stale,
        unloadable_files: summary.badFiles,
        results: results.map((r) => ({
          id: r.id,
          file: r.file,
          what: r.what,
          outcome: r.outcome,
          duration_ms: r.durationMs,
          ...(r.reason !== undefined ? { reason: r.reason } : {}),
          ...(r.expectedFailure !== undefined ? { expected_failure: r.expectedFailure } : {}),
          ...(r.failure !== undefined ? { failure: r.failure } : {}),
          ...(r.outcome !== 'pass' && r.outcome !== 'skip' ? { replay: `${info.replay} --only ${r.id}` } : {}),
        })),
      };
      return `${JSON.stringify(report, null, 2)}\n`;
    },
  };
}
