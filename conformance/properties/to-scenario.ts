// A property failure as a scenario file (scenarios/README.md): the shrunk run's requests
// in order, each expecting the status it got, the failing one expecting what the rule (or
// the oracle) says, with the rule in its note. Names use ${uniq}, users their profile roles,
// ids the variables earlier steps saved: anyone can replay it with the scenario runner,
// no fast-check needed, and it fails where the property failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadScenarioText, formatLoadError } from '../loader.ts';
import { isControlStep, type Scenario } from '../schema.ts';
import type { TraceStep } from './driver.ts';

export interface FoundFailure {
  family: string;
  kind: string;
  message: string;
  seed: number;
  path: string;
  trace: readonly TraceStep[];
}

/** The scenario's name: family, kind and seed ("messages-check-s1234"). */
export function scenarioName(f: Pick<FoundFailure, 'family' | 'kind' | 'seed'>): string {
  return `${f.family}-${f.kind}-s${String(f.seed).replace('-', 'm')}`;
}

const ORDER = ['note', 'as', 'control', 'method', 'path', 'params', 'headers', 'expect', 'save'];

/** A step with its keys in the order scenario files use. */
function ordered(step: TraceStep): TraceStep {
  const entries = Object.entries(structuredClone(step)).sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return Object.fromEntries(entries) as TraceStep;
}

export function toScenario(f: FoundFailure, area = 'properties'): Scenario {
  const steps = f.trace.map(ordered);
  const needs = steps.some(isControlStep) ? (['control'] as const) : undefined;
  return {
    id: `${area}/${scenarioName(f)}`,
    what: `Found by the property suite (${f.family}; seed ${f.seed}, path ${f.path}), shrunk to ${steps.length} steps: ${f.message.replace(/\s+/g, ' ').slice(0, 400)}`,
    ...(needs !== undefined ? { needs: [...needs] } : {}),
    steps,
  };
}

/** Write the scenario under DIR/<area>/<name>.json (so that --scenarios DIR replays it); throws if it does not load back. */
export function saveScenario(dir: string, scenario: Scenario): string {
  const [area, name] = scenario.id.split('/') as [string, string];
  mkdirSync(join(dir, area), { recursive: true });
  const file = join(dir, area, `${name}.json`);
  const text = `${JSON.stringify(scenario, null, 2)}\n`;
  const loaded = loadScenarioText(text, file, scenario.id);
  if (loaded.errors.length > 0) throw new Error(`the scenario written for the failure does not load: ${loaded.errors.map(formatLoadError).join('; ')}`);
  writeFileSync(file, text);
  return file;
}
