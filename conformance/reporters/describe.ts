// A failing step, in plain text: the request as sent, what was expected, what came back.
import type { Classified } from '../expectations.ts';
import type { StepFailure } from '../run.ts';
import type { RunInfo } from './reporter.ts';

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
    if (f.request.body !== undefined) lines.push(`  body: ${typeof f.request.body === 'string' ? clip(f.request.body, 500) : `(${f.request.body.length} bytes with files)`}`);
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

/** A property family's failure: seed, path, the shrunk sequence, the scenario it became. */
export function describeProperty(r: Classified): string[] {
  const p = r.property;
  if (p === undefined || p.counterexample === undefined) return [];
  const lines = [`seed ${p.seed}, path ${p.path ?? ''}; shrunk sequence:`, ...p.counterexample.map((c, i) => `  ${i + 1}. ${c}`)];
  if (p.saved !== undefined) lines.push(`scenario (${p.steps ?? 0} steps): ${p.saved}`);
  else lines.push(`scenario: ${p.steps ?? 0} steps (not saved: --save-failures DIR writes it)`);
  lines.push(p.reproduces === true ? 'replayed by the scenario runner, it fails at the same step' : 'replayed by the scenario runner, it does NOT fail at the same step: a flaky target, or a check the scenario cannot state');
  return lines;
}

/** Everything about one non-passing scenario, ready to print. */
export function describeResult(r: Classified): string[] {
  const lines = [`${r.id} — ${r.what}`, `file: ${r.file}`];
  if (r.expectedFailure) lines.push(`expected to fail: ${r.expectedFailure}`);
  if (r.outcome === 'xpass') lines.push('it passed: remove it from the expectations file');
  if (r.reason) lines.push(r.reason);
  lines.push(...describeProperty(r));
  if (r.failure) lines.push(...describeFailure(r.failure));
  return lines;
}

/** The command that reruns one result: a scenario by id; the property suite as it ran, with the seed and the failure's path. */
export function replayOf(info: RunInfo, r: Classified): string {
  const p = r.property;
  if (p === undefined) return `${info.replay} --only ${r.id}`;
  const base = info.propertyReplay ?? `${info.replay} --suite properties`;
  return `${base} --seed ${p.seed}${p.path !== undefined && p.path !== '' ? ` --path ${p.path}` : ` --runs ${p.runs}`}`;
}

/**
 * What went wrong first, as one line: the failing step's first problem, else the reason
 * (an error, a skip). Results with the same first problem most likely share a cause (a
 * target that answers every request with the same HTML page, a missing endpoint), so
 * reporters show it once, with the count and the ids.
 */
export function firstProblem(r: Classified): string {
  if (r.outcome === 'xpass') return 'passed, but the expectations file says it fails';
  const text = r.failure?.problems[0] ?? r.reason ?? r.outcome;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

export interface ProblemGroup {
  problem: string;
  ids: string[];
}

/** The results that `keep` selects, grouped by first problem: the largest group first, then in order of first appearance. */
export function groupByFirstProblem(results: readonly Classified[], keep: (r: Classified) => boolean): ProblemGroup[] {
  const groups = new Map<string, string[]>();
  for (const r of results) {
    if (!keep(r)) continue;
    const key = firstProblem(r);
    const ids = groups.get(key);
    if (ids === undefined) groups.set(key, [r.id]);
    else ids.push(r.id);
  }
  return [...groups].map(([problem, ids]) => ({ problem, ids })).sort((a, b) => b.ids.length - a.ids.length);
}
