// The whole run as one JSON document.
import { replayOf } from './describe.ts';
import { fileReporter, type Reporter } from './reporter.ts';

export function jsonReporter(): Reporter {
  return fileReporter((info, summary, results) => {
    const report = {
      target: info.target,
      ok: summary.ok,
      summary: { total: summary.total, ...summary.counts },
      stale_expectations: summary.stale,
      unloadable_files: summary.badFiles,
      ...(summary.notRun !== undefined ? { not_run: summary.notRun } : {}),
      ...(summary.properties !== undefined ? { properties: summary.properties } : {}),
      ...(summary.openapi !== undefined ? { openapi: summary.openapi } : {}),
      results: results.map((r) => ({
        id: r.id,
        file: r.file,
        what: r.what,
        outcome: r.outcome,
        duration_ms: r.durationMs,
        ...(r.reason !== undefined ? { reason: r.reason } : {}),
        ...(r.expectedFailure !== undefined ? { expected_failure: r.expectedFailure } : {}),
        ...(r.failure !== undefined ? { failure: r.failure } : {}),
        ...(r.property !== undefined ? { property: r.property } : {}),
        ...(r.outcome !== 'pass' && r.outcome !== 'skip' ? { replay: replayOf(info, r) } : {}),
      })),
    };
    return `${JSON.stringify(report, null, 2)}\n`;
  });
}
