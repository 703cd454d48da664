// Loading scenario files: JSON syntax, the zod schema, then the checks a schema cannot
// express (ids match paths, variables are saved before use, capabilities are declared,
// paths and patterns are well formed). Every error names file:line:column and the step.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { JsonSyntaxError, parseJsonWithPositions, type JsonPath, type ParsedJson } from './json-source.ts';
import { PathError, parsePath } from './jsonpath.ts';
import { validatePattern } from './matcher.ts';
import { ControlStep, Expect, RequestStep, Scenario, isControlStep, type Step } from './schema.ts';
import { TemplateError, splitTemplate, stringsIn, templateRefs } from './template.ts';

export interface LoadedScenario {
  scenario: Scenario;
  /** The file, as given (relative to the working directory when loaded from a directory). */
  file: string;
  /** file:line for a step (0-based index), for failure reports. */
  stepLocation(step: number): string;
}

export interface LoadError {
  file: string;
  line: number;
  column: number;
  /** 1-based step number, when the error is inside a step. */
  step?: number;
  /** Where in the file, e.g. steps[2].expect.status. */
  at: string;
  /** The scenario id the file's path calls for (when loaded from a directory). */
  id?: string;
  message: string;
}

export function formatLoadError(e: LoadError): string {
  const where = [e.step !== undefined ? `step ${e.step}` : '', e.at ? `(${e.at})` : ''].filter(Boolean).join(' ');
  return `${e.file}:${e.line}:${e.column}: ${where ? `${where}: ` : ''}${e.message}`;
}

export function formatJsonPath(path: JsonPath): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

const EXPECT_HINT = `expect takes ${Object.keys(Expect.shape).join(', ')}; to check a body field, put it in json_subset`;

const Shell = Scenario.extend({ steps: z.array(z.unknown()).min(1) });

/** Load one scenario from its text. `expectedId` (from the file's path) is checked when given. */
export function loadScenarioText(text: string, file: string, expectedId?: string): { scenario?: LoadedScenario; errors: LoadError[] } {
  let parsed: ParsedJson;
  try {
    parsed = parseJsonWithPositions(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      return { errors: [{ file, line: e.position.line, column: e.position.column, at: '', message: `invalid JSON: ${e.message}` }] };
    }
    throw e;
  }
  const errors: LoadError[] = [];
  const report = (path: JsonPath, message: string) => {
    const pos = parsed.positionOf(path);
    const step = path[0] === 'steps' && typeof path[1] === 'number' ? path[1] + 1 : undefined;
    errors.push({ file, line: pos.line, column: pos.column, ...(step !== undefined ? { step } : {}), at: formatJsonPath(path), message });
  };
  const zodIssues = (issues: z.core.$ZodIssue[], prefix: JsonPath) => {
    for (const issue of issues) {
      const path = [...prefix, ...(issue.path as (string | number)[])];
      const hint = issue.code === 'unrecognized_keys' && path.at(-1) === 'expect' ? ` (${EXPECT_HINT})` : '';
      report(path, issue.message + hint);
    }
  };

  // The shell first (steps unchecked), then each step against the schema its kind calls for,
  // so that a bad step gets precise messages instead of "no union member matched".
  const raw = parsed.value as Record<string, unknown>;
  const shell = Shell.safeParse(raw);
  if (!shell.success) zodIssues(shell.error.issues, []);
  const steps: Step[] = [];
  if (Array.isArray(raw?.['steps'])) {
    (raw['steps'] as unknown[]).forEach((s, i) => {
      const schema = typeof s === 'object' && s !== null && 'control' in s ? ControlStep : RequestStep;
      const r = schema.safeParse(s);
      if (r.success) steps.push(r.data);
      else zodIssues(r.error.issues, ['steps', i]);
    });
  }
  if (errors.length > 0 || !shell.success) return { errors };
  const scenario: Scenario = { ...shell.data, steps };

  if (expectedId !== undefined && scenario.id !== expectedId) {
    report(['id'], `the id must be the file's path under scenarios/ without .json: "${expectedId}"`);
  }
  checkSemantics(scenario, report);
  if (errors.length > 0) return { errors };
  return {
    scenario: {
      scenario,
      file,
      stepLocation: (i) => `${file}:${parsed.positionOf(['steps', i]).line}`,
    },
    errors,
  };
}

function checkSemantics(scenario: Scenario, report: (path: JsonPath, message: string) => void): void {
  const needs = new Set(scenario.needs ?? []);
  const saved = new Set<string>();
  scenario.steps.forEach((step, i) => {
    const at = (...rest: (string | number)[]) => ['steps', i, ...rest];
    if (isControlStep(step) && !needs.has('control')) report(at('control'), 'a control step needs "needs": ["control"]');

    // Templates: syntax, variables saved earlier, declared capabilities.
    const { save, ...rest } = step;
    for (const s of [...stringsIn(rest), ...Object.values(save ?? {})]) {
      try {
        for (const ref of templateRefs(s)) {
          if (ref.kind === 'var' && !saved.has(ref.name)) report(at(), `\${${ref.name}} is used before a step saves it`);
          if (ref.kind === 'function' && ref.name.startsWith('jwt') && !needs.has('jwt_secret')) {
            report(at(), `\${${ref.name}:...} needs "needs": ["jwt_secret"]`);
          }
        }
      } catch (e) {
        if (e instanceof TemplateError) report(at(), e.message);
        else throw e;
      }
    }

    // Paths and patterns.
    const checkPath = (path: string, where: (string | number)[]) => {
      if (splitTemplate(path).some((p) => 'expr' in p)) return; // checked once expanded
      try {
        parsePath(path);
      } catch (e) {
        if (e instanceof PathError) report(where, e.message);
        else throw e;
      }
    };
    for (const [name, path] of Object.entries(save ?? {})) checkPath(path, at('save', name));
    const ex: Partial<Expect> | undefined = step.expect;
    if (ex !== undefined) {
      for (const path of Object.keys(ex.json_paths ?? {})) checkPath(path, at('expect', 'json_paths', path));
      for (const path of Object.keys(ex.len ?? {})) checkPath(path, at('expect', 'len', path));
      (ex.absent ?? []).forEach((path, k) => checkPath(path, at('expect', 'absent', k)));
      const patterns: Array<[unknown, (string | number)[]]> = [];
      if (ex.json_subset !== undefined) patterns.push([ex.json_subset, at('expect', 'json_subset')]);
      for (const [k, v] of Object.entries(ex.json_paths ?? {})) patterns.push([v, at('expect', 'json_paths', k)]);
      for (const [k, v] of Object.entries(ex.headers ?? {})) if (v !== null) patterns.push([v, at('expect', 'headers', k)]);
      for (const [pattern, where] of patterns) {
        for (const problem of validatePattern(pattern, formatJsonPath(where))) report(where, problem);
      }
    }
    for (const name of Object.keys(save ?? {})) saved.add(name);
  });
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (name.endsWith('.json')) out.push(full);
  }
  return out;
}

/** Every *.json under `dir` (recursively), sorted by path. */
export function loadScenarioDir(dir: string): { scenarios: LoadedScenario[]; errors: LoadError[] } {
  const scenarios: LoadedScenario[] = [];
  const errors: LoadError[] = [];
  for (const full of walk(dir)) {
    const id = relative(dir, full).split(sep).join('/').replace(/\.json$/, '');
    const file = relative(process.cwd(), full) || full;
    const r = loadScenarioText(readFileSync(full, 'utf8'), file, id);
    errors.push(...r.errors.map((e) => ({ ...e, id })));
    if (r.scenario) scenarios.push(r.scenario);
  }
  return { scenarios, errors };
}
