// runConformance(options): one conformance run as a function — what the CLI
// (conformance/cli.ts) does, without its flags, reporters and exit codes. Loads the
// scenarios and the profile, picks the target, checks once that it answers, runs the
// selected scenarios in order and returns every result with credentials masked.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { classify, isBad, loadExpectations, staleEntries, summarize, type Classified, type Summary } from './expectations.ts';
import { loadScenarioDir, type LoadError, type LoadedScenario } from './loader.ts';
import { DEFAULT_PROFILE, SCENARIOS_DIR } from './paths.ts';
import { Redactor } from './redact.ts';
import { missingReason, Runner } from './run.ts';
import { Expectations, Profile, scenarioNeeds } from './schema.ts';
import type { Target } from './targets/target.ts';
import { TargetUnusable, TargetUnreachable } from './targets/unreachable.ts';
import { urlTarget } from './targets/url.ts';
import { FAMILIES } from './properties/families.ts';
import { PathMismatch, runProperties, type PropertyProgress, type PropertyStats } from './properties/run-properties.ts';
import type { AnswerCheck, ScenarioResult as Result } from './run.ts';
import type { OpenApiChecker } from './openapi/index.ts';

/** The suites there are; --suite picks one (all: the scenarios, then the properties). */
export const SUITES = ['scenarios', 'properties', 'all'] as const;

/** Why a run could not start or go on: bad input (usage) or a target that does not answer. */
export class ConformanceError extends Error {
  constructor(
    readonly kind: 'usage' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'ConformanceError';
  }
}

export interface ConformanceOptions {
  /**
   * 'reference' (the in-process reference), a base URL, or a Target of your own.
   * Default: the profile's base_url; the default profile has none, so without a profile
   * either, the in-process reference. Any other profile without a base_url needs a target.
   */
  target?: string | Target;
  /** A profile (file name or object); default: the default realm's, fixtures/profile.json. */
  profile?: string | Profile;
  /** Which suite: 'scenarios' (default), 'properties' or 'all'. */
  suite?: string;
  /** The scenario directory; default: the scenarios that ship with the package. */
  scenarios?: string;
  /** Run only matching scenario ids: ids, globs with * and ?, or area names. */
  only?: readonly string[];
  /** Known failures of the target (file name or object): they count as passes; one that passes fails the run. */
  expectations?: string | Expectations;
  /** A scenario file that does not load (`selected`: whether `only` would have run it). */
  onLoadError?(error: LoadError, selected: boolean): void;
  /** Something the caller should know and that does not stop the run. */
  onNote?(message: string): void;
  onStart?(info: { target: string; total: number; families: number }): void;
  onResult?(result: Classified): void;
  /** The property suite (conformance/properties/): sequences, seed, fast-check path, commands per sequence, time budget. */
  runs?: number;
  seed?: number;
  path?: string;
  maxCommands?: number;
  timeBudgetMs?: number;
  /**
   * Differential mode: 'reference' (the in-process reference), a Target, or a function
   * making one for the profile (another Understudy: cli.ts's `--oracle FILE`), answering the
   * same sequences.
   */
  oracle?: 'reference' | Target | ((profile: Profile) => Target);
  /** Where the property suite writes a failure as a scenario file. */
  saveFailures?: string;
  /**
   * Stop at the first failure: no more scenarios, no property suite after a failed
   * scenario, and a property failure reported as found, not shrunk. For a yes/no answer
   * fast (the mutation harness asks only whether a suite fails).
   */
  bail?: boolean;
  onProgress?(progress: PropertyProgress): void;
  /**
   * The real API description: a directory of OpenAPI documents (zulip/zulip's
   * zerver/openapi/*.yaml), or a checker made from them. Each JSON answer a scenario step
   * receives is validated against the schema its operation documents for that status;
   * a problem fails the scenario (conformance/openapi/).
   */
  openapi?: string | OpenApiChecker;
}

export interface ConformanceReport {
  /** 'reference' or the base URL. */
  target: string;
  results: Classified[];
  summary: Summary;
}

export function selects(pattern: string, id: string): boolean {
  if (id === pattern || id.startsWith(`${pattern.replace(/\/$/, '')}/`)) return true;
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return re.test(id);
}

function parseProfile(raw: unknown, name: string): Profile {
  const r = Profile.safeParse(raw);
  if (!r.success) throw new ConformanceError('usage', `${name}: ${r.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`);
  return r.data;
}

export function loadProfile(file: string): Profile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConformanceError('usage', `${file}: ${(e as Error).message}`);
  }
  return parseProfile(raw, file);
}

async function chooseTarget(given: string | Target | undefined, profile: Profile, profileName: string | undefined, note: (s: string) => void): Promise<Target> {
  if (typeof given === 'object') return given;
  const reference = async () => (await import('./targets/reference.ts')).referenceTarget(profile);
  if (given === 'reference') {
    if (profile.base_url !== undefined) note(`testing the in-process reference, not the profile's base_url ${profile.base_url}`);
    return reference();
  }
  let url: string;
  if (given !== undefined) {
    try {
      url = new URL(given).toString();
    } catch {
      throw new ConformanceError('usage', `the target is "reference" or a base URL, not ${JSON.stringify(given)}`);
    }
    if (profile.base_url !== undefined && profile.base_url.replace(/\/+$/, '') !== url.replace(/\/+$/, '')) {
      note(`testing ${url.replace(/\/+$/, '')}, not the profile's base_url ${profile.base_url}`);
    }
  } else if (profile.base_url !== undefined) {
    url = profile.base_url;
  } else if (profileName === undefined) {
    return reference(); // the default profile: the reference's own realm
  } else {
    throw new ConformanceError('usage', `${profileName} names no base_url: give a target (a base URL, or "reference" for the in-process reference)`);
  }
  return urlTarget(url, { ...profile, base_url: url });
}

async function openApiChecker(given: string | OpenApiChecker | undefined): Promise<OpenApiChecker | undefined> {
  if (typeof given !== 'string') return given;
  // Loaded only when asked for: it needs the packages yaml and ajv.
  const { OpenApiChecker, OpenApiLoadError } = await import('./openapi/index.ts');
  try {
    return await OpenApiChecker.load(given);
  } catch (e) {
    if (e instanceof OpenApiLoadError) throw new ConformanceError('usage', e.message);
    throw e;
  }
}

function answerCheck(checker: OpenApiChecker): AnswerCheck {
  return (request, observed, { featureLevel }) => checker.describe(checker.check(request.method, request.path, observed.status, observed.json, featureLevel));
}

export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const suite = options.suite ?? 'scenarios';
  if (!(SUITES as readonly string[]).includes(suite)) throw new ConformanceError('usage', `unknown suite ${JSON.stringify(suite)}: the suites are ${SUITES.join(', ')}`);
  const withScenarios = suite !== 'properties';
  const withProperties = suite !== 'scenarios';
  const note = options.onNote ?? (() => {});

  const ownProfile = typeof options.profile === 'string' && resolve(options.profile) !== DEFAULT_PROFILE ? options.profile : undefined;
  const profile =
    typeof options.profile === 'object' ? parseProfile(options.profile, 'the profile') : loadProfile(typeof options.profile === 'string' ? options.profile : DEFAULT_PROFILE);
  const profileName = typeof options.profile === 'object' ? 'the profile' : ownProfile;

  const { scenarios: all, errors } = withScenarios ? loadScenarioDir(options.scenarios ?? SCENARIOS_DIR) : { scenarios: [], errors: [] };
  // Bad files are reported first; the good ones still run, and the summary counts the
  // bad files — unless `only` leaves them out, in which case they are only reported.
  const only = options.only ?? [];
  const isSelected = (id: string) => only.length === 0 || only.some((p) => selects(p, id));
  for (const e of errors) options.onLoadError?.(e, isSelected(e.id ?? ''));
  const badFiles = new Set(errors.filter((e) => isSelected(e.id ?? '')).map((e) => e.file)).size;
  const selected: LoadedScenario[] = all.filter((s) => isSelected(s.scenario.id));
  const families = withProperties ? FAMILIES.filter((f) => isSelected(`properties/${f}`)) : [];
  if (selected.length === 0 && badFiles === 0 && families.length === 0) {
    throw new ConformanceError('usage', `no ${withScenarios ? 'scenario' : 'property family'} matches ${only.join(', ') || '(the scenario directory is empty)'}`);
  }

  let expectations: Expectations | undefined;
  let stale: string[] = [];
  if (options.expectations !== undefined) {
    try {
      expectations = typeof options.expectations === 'string' ? loadExpectations(options.expectations) : Expectations.parse(options.expectations);
    } catch (e) {
      throw new ConformanceError('usage', (e as Error).message);
    }
    stale = staleEntries(expectations, new Set([...all.map((s) => s.scenario.id), ...FAMILIES.map((f) => `properties/${f}`)]));
  }

  const checker = await openApiChecker(options.openapi);
  const target = await chooseTarget(options.target, profile, profileName, note);
  let oracle: Target | undefined;
  if (withProperties && options.oracle !== undefined) {
    if (!target.capabilities.has('control')) {
      throw new ConformanceError('usage', `--oracle needs a target with control: both must start each sequence from the same state (the target is reset before each one)`);
    }
    oracle =
      typeof options.oracle === 'object'
        ? options.oracle
        : typeof options.oracle === 'function'
          ? options.oracle(profile)
          : (await import('./targets/reference.ts')).referenceTarget(profile);
  }
  if (target.check) {
    try {
      const { warning } = await target.check();
      if (warning !== undefined) note(warning);
    } catch (e) {
      if (e instanceof TargetUnreachable || e instanceof TargetUnusable) throw new ConformanceError('unreachable', e.message);
      throw e;
    }
  }
  // What the selected scenarios need and the target lacks: said once, not per scenario; a
  // scenario named by its exact id in `only` is asked for, and then the run cannot go on.
  const lacking = new Map<string, string[]>();
  for (const { scenario } of selected) {
    const missing = scenarioNeeds(scenario).filter((c) => !target.capabilities.has(c));
    if (missing.length > 0) lacking.set(scenario.id, missing);
  }
  const asked = [...lacking.keys()].filter((id) => only.includes(id));
  if (asked.length > 0) {
    throw new ConformanceError('unreachable', `${asked.join(', ')} ${asked.length === 1 ? 'needs' : 'need'} ${[...new Set(asked.flatMap((id) => lacking.get(id) ?? []))].join(', ')}, which ${target.name} does not offer${asked.some((id) => lacking.get(id)?.includes('manual_clock')) ? ' (start `understudy serve` with --clock manual)' : ''}`);
  }
  if (lacking.size > 0) {
    const byReason = new Map<string, number>();
    for (const missing of lacking.values()) byReason.set(missingReason(missing), (byReason.get(missingReason(missing)) ?? 0) + 1);
    for (const [reason, n] of byReason) note(`${n} scenario${n === 1 ? '' : 's'} skipped: ${reason}`);
  }

  const redactor = new Redactor([profile.capabilities.jwt_secret, ...Object.values(profile.users).flatMap((u) => (u ? [u.api_key, 'password' in u ? u.password : undefined] : []))]);
  const masked = (r: Result): Result => {
    const failure = r.failure !== undefined ? redactor.value(r.failure) : undefined;
    return { ...r, ...(failure !== undefined ? { failure } : {}), ...(r.reason !== undefined ? { reason: redactor.text(r.reason) } : {}) };
  };

  options.onStart?.({ target: target.name, total: selected.length + families.length, families: families.length });
  const runner = new Runner(target, profile, checker !== undefined ? answerCheck(checker) : undefined);
  const results: Classified[] = [];
  const report = (raw: Result) => {
    const result = classify(masked(raw), expectations);
    results.push(result);
    options.onResult?.(result);
  };
  const bailed = () => options.bail === true && results.some((r) => isBad(r.outcome));
  for (const loaded of selected) {
    if (bailed()) break;
    const raw = await runner.run(loaded);
    if (target.unreachable !== undefined) {
      throw new ConformanceError('unreachable', `${target.unreachable.message} (it stopped answering after ${results.length} of ${selected.length} scenarios)`);
    }
    for (const secret of await runner.credentials.secrets()) redactor.add(secret);
    report(raw);
  }

  let properties: PropertyStats | undefined;
  if (families.length > 0 && !bailed()) {
    let outcome;
    try {
      outcome = await runProperties({
        target,
        profile,
        ...(oracle !== undefined ? { oracle } : {}),
        ...(options.runs !== undefined ? { runs: options.runs } : {}),
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        ...(options.path !== undefined ? { path: options.path } : {}),
        ...(options.maxCommands !== undefined ? { maxCommands: options.maxCommands } : {}),
        ...(options.timeBudgetMs !== undefined ? { timeBudgetMs: options.timeBudgetMs } : {}),
        ...(options.saveFailures !== undefined ? { saveFailures: options.saveFailures } : {}),
        ...(options.bail === true ? { bail: true } : {}),
        ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
        selected: isSelected,
      });
    } catch (e) {
      if (e instanceof TargetUnreachable) throw new ConformanceError('unreachable', `${e.message} (it stopped answering during the property suite)`);
      if (e instanceof PathMismatch) throw new ConformanceError('usage', e.message);
      throw e;
    }
    for (const secret of outcome.secrets) redactor.add(secret);
    for (const raw of outcome.results) report(raw);
    properties = outcome.stats;
  }
  const notRun = selected.length + families.length - results.length;
  const summary = { ...summarize(results, stale, badFiles), ...(notRun > 0 ? { notRun } : {}), ...(checker !== undefined ? { openapi: { ...checker.stats } } : {}) };
  return { target: target.name, results, summary: properties !== undefined ? { ...summary, properties } : summary };
}
