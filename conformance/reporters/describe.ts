// A failing step, in plain text: the request as sent, what was expected, what came back.
import type { Classified } from '../expectations.ts';
import type { StepFailure } from '../run.ts';

const BODY_LIMIT = 2000;

function clip(s: string, limit = BODY_LIMIT): string {
  return s.length > limit ? `${s.slice(0, limit)}… (${s.length} characters)` : s;
}

export function describeFailure(f: StepFailure): string[] {
  const lines: string[] = [`step ${f.step} (${f.location})${f.note ? `: ${f.note}` : ''}`];
  if (f.control) lines.push(`control ${f.control.action} ${JSON.stringify(f.control.params)}`);
  if (f.request) {
    lines.push(`request: ${f.request.method} ${f.request.path}`);
    for (const [k, v] of Object.entries(f.request.headers)) lines.push(`  ${k}: ${v}`);
    if (f.request.body !== undefined) lines.push(`  body: ${clip(f.request.body, 500)}`);
  }
  if (f.expected) lines.push(`expected: ${JSON.stringify(f.expected)}`);
  if (f.observed) {
    lines.push(`got: ${f.observed.status}`);
    if (f.expected?.headers) {
      for (const name of Object.keys(f.expected.headers)) {
        lines.push(`  ${name}: ${f.observed.headers[name.toLowerCase()] ?? '(absent)'}`);
      }
    }
    lines.push(`  body: ${clip(f.observed.text)}`);
  }
  lines.push('problems:', ...f.problems.map((p) => `  - ${p}`));
  return lines;
}

/** Everything about one non-passing scenario, ready to print. */
export function describeResult(r: Classified): string[] {
  const lines = [`${r.id} — ${r.what}`, `file: ${r.file}`];
  if (r.expectedFailure) lines.push(`expected to fail: ${r.expectedFailure}`);
  if (r.outcome === 'xpass') lines.push('it passed: remove it from the expectations file');
  if (r.reason) lines.push(r.reason);
  if (r.failure) lines.push(...describeFailure(r.failure));
  return lines;
}
