// TAP version 14 (testanything.org): one test point per scenario, in run order. A
// failure's details go in a YAML block; skips and known failures are SKIP and TODO.
import { describeResult, replayOf } from './describe.ts';
import { fileReporter, type Reporter } from './reporter.ts';

/** A single-line TAP description: no '#', no newlines. */
const line = (s: string) => s.replace(/[\r\n]+/g, ' ').replace(/#/g, '\\#');

export function tapReporter(): Reporter {
  return fileReporter((info, summary, results) => {
    const out = ['TAP version 14', `1..${results.length}`, `# target: ${line(info.target)}`];
    const p = summary.properties;
    if (p !== undefined) {
      out.push(`# properties: ${p.runs} sequences, ${p.commands} commands, ${p.requests} requests, ${p.durationMs} ms, seed ${p.seed}${p.divergences !== undefined ? `, ${p.divergences} divergences` : ''}`);
    }
    results.forEach((r, i) => {
      const n = i + 1;
      const reason = line(r.reason ?? r.expectedFailure ?? '');
      switch (r.outcome) {
        case 'pass':
          out.push(`ok ${n} - ${r.id}${r.property !== undefined ? ` (${line(r.reason ?? '')})` : ''}`);
          break;
        case 'skip':
          out.push(`ok ${n} - ${r.id} # SKIP ${reason}`);
          break;
        case 'xfail':
          out.push(`not ok ${n} - ${r.id} # TODO ${reason}`);
          break;
        default: {
          out.push(`not ok ${n} - ${r.id}`);
          const details = [...describeResult(r), `replay: ${replayOf(info, r)}`];
          out.push('  ---', `  outcome: ${r.outcome}`, '  details: |', ...details.flatMap((d) => d.split('\n')).map((d) => `    ${d}`), '  ...');
        }
      }
    });
    return `${out.join('\n')}\n`;
  });
}
