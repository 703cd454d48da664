// Known divergences of a target (an expectations file: scenario id → reason). The list
// may only shrink: a listed scenario that passes fails the run ("unexpected pass"), and
// so does an entry that names no scenario.
import { readFileSync } from 'node:fs';
import { Expectations } from './schema.ts';
import type { ScenarioResult } from './run.ts';
import type { PropertyStats } from './properties/run-properties.ts';
import type { OpenApiStats } from './openapi/index.ts';

/** pass, fail, skip, error as run; xfail: failed as expected; xpass: expected to fail but passed. */
export type Outcome = 'pass' | 'fail' | 'error' | 'skip' | 'xfail' | 'xpass';

export interface Classified extends ScenarioResult {
  outcome: Outcome;
  /** The expectations file's reason, for listed scenarios. */
  expectedFailure?: string;
}

export function loadExpectations(file: string): Expectations {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  const r = Expectations.safeParse(raw);
  if (!r.success) throw new Error(`${file}: ${r.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** Entries that name no known scenario (stale entries must be removed). */
export function staleEntries(expectations: Expectations, knownIds: ReadonlySet<string>): string[] {
  return Object.keys(expectations.expected_failures).filter((id) => !knownIds.has(id));
}

export function classify(result: ScenarioResult, expectations: Expectations | undefined): Classified {
  const reason = expectations?.expected_failures[result.id];
  if (reason === undefined) return { ...result, outcome: result.status };
  const outcome: Outcome = result.status === 'pass' ? 'xpass' : result.status === 'skip' ? 'skip' : 'xfail';
  return { ...result, outcome, expectedFailure: reason };
}

export function isBad(outcome: Outcome): boolean {
  return outcome === 'fail' || outcome === 'error' || outcome === 'xpass';
}

export interface Summary {
  total: number;
  counts: Record<Outcome, number>;
  stale: string[];
  /** Scenario files that could not be loaded (their scenarios did not run). */
  badFiles: number;
  ok: boolean;
  /** What the property suite did, when it ran. */
  properties?: PropertyStats;
  /** Scenarios and property families that did not run because --bail stopped the run. */
  notRun?: number;
  /** The answers checked against the real API description (--openapi). */
  openapi?: OpenApiStats;
}

export function summarize(results: readonly Classified[], stale: string[] = [], badFiles = 0): Summary {
  const counts: Record<Outcome, number> = { pass: 0, fail: 0, error: 0, skip: 0, xfail: 0, xpass: 0 };
  for (const r of results) counts[r.outcome]++;
  const ok = badFiles === 0 && stale.length === 0 && !results.some((r) => isBad(r.outcome));
  return { total: results.length, counts, stale, badFiles, ok };
}
