// runProperties: the property suite against one target. fast-check generates sequences
// of commands (families.ts) by the profile's users, within the frames of their families
// (the events family's: a followed queue registered first, held to a fresh registration
// last); each sequence runs on a fresh state
// (reset, when the target has control; else on top of earlier runs, with names made
// unique by ${uniq}) through asyncModelRun, and in differential mode against the
// in-process oracle too. The first failure is shrunk to the shortest sequence that still
// fails, written as a scenario (to-scenario.ts), and replayed once with the scenario
// runner to check that it fails the same way.
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { loadScenarioText } from '../loader.ts';
import { Runner, type ScenarioResult, type StepFailure } from '../run.ts';
import type { Expect, Profile, RequestStep } from '../schema.ts';
import type { Target } from '../targets/target.ts';
import { TargetUnreachable } from '../targets/unreachable.ts';
import type { Command, Real } from './command.ts';
import { Driver, PropertyFailure, type Side, type TraceStep } from './driver.ts';
import { commandsFor, FAMILIES, FAMILY_SPECS, frameFor, type Family, type Frame } from './families.ts';
import { actorsOf, detect, prepare, type Prepared } from './setup.ts';
import { Model } from './model.ts';
import { IdCanon } from './normalise.ts';
import { saveScenario, toScenario } from './to-scenario.ts';

export interface PropertyOptions {
  target: Target;
  profile: Profile;
  /** Differential mode: the same sequences against this oracle, answers compared. */
  oracle?: Target;
  /** Sequences to run (default 100). */
  runs?: number;
  seed?: number;
  /** A failure's path, to replay it: fast-check's path, "@", the commands' replay path (as a failure reports it). */
  path?: string;
  /** Commands per sequence at most (default 40). */
  maxCommands?: number;
  /** Start no sequence after this long (a failure found is still shrunk). */
  timeBudgetMs?: number;
  /** Which families run, by id ("properties/messages"). */
  selected?: (id: string) => boolean;
  /** Where to write a failure as a scenario file. */
  saveFailures?: string;
  /** Report the first failure as found, without shrinking it. */
  bail?: boolean;
  onProgress?(p: PropertyProgress): void;
  /** One given sequence instead of generated ones (for tests of the suite itself). */
  sequence?: Command[];
}

export interface PropertyProgress {
  phase: 'running' | 'shrinking' | 'done';
  runs: number;
  totalRuns: number;
  commands: number;
  requests: number;
  elapsedMs: number;
  /** Estimated time left, in ms (the budget's rest, or the rate so far). */
  leftMs: number;
}

export interface PropertyStats {
  seed: number;
  runs: number;
  commands: number;
  requests: number;
  durationMs: number;
  stoppedByBudget: boolean;
  /** Differential mode: divergences found (0 or 1: the first one fails the run). */
  divergences?: number;
  failed: boolean;
}

export interface PropertyOutcome {
  results: ScenarioResult[];
  stats: PropertyStats;
  /** The API keys and passwords the suite logged in with (to mask them in reports). */
  secrets: string[];
}

/** A --path that does not lead anywhere with this seed and these options. */
export class PathMismatch extends Error {
  constructor(readonly path: string) {
    super(`--path ${path} is not a path of this run: replay it with the seed, --only and --max-commands of the run that printed it, against a target serving the same families`);
    this.name = 'PathMismatch';
  }
}

const RUN_TOKEN = Date.now().toString(36);
let runCounter = 0;

interface Captured {
  error: unknown;
  family: Family | undefined;
  trace: TraceStep[];
  commands: string[];
  last: Driver['last'];
}

function failureOf(c: Captured): { kind: string; message: string; failure: StepFailure } {
  const e = c.error;
  if (e instanceof PropertyFailure) {
    const step = c.trace[e.step - 1] as RequestStep;
    return {
      kind: e.kind,
      message: e.message,
      failure: {
        step: e.step,
        location: `step ${e.step} of the shrunk sequence`,
        ...(step.note !== undefined ? { note: step.note } : {}),
        ...(c.last !== undefined ? { request: c.last.request, observed: c.last.observed } : {}),
        expected: step.expect as Expect,
        problems: [e.message],
      },
    };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { kind: 'error', message, failure: { step: c.trace.length, location: `step ${c.trace.length} of the shrunk sequence`, problems: [message] } };
}

function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

export async function runProperties(o: PropertyOptions): Promise<PropertyOutcome> {
  const started = performance.now();
  const totalRuns = o.runs ?? 100;
  const seed = o.seed ?? randomSeed();
  const selected = FAMILIES.filter((f) => o.selected?.(`properties/${f}`) ?? true);

  const target = await prepare(o.target, o.profile);
  const oracle = o.oracle !== undefined ? await prepare(o.oracle, o.profile) : undefined;
  const actors = await actorsOf(o.target, target.users);
  const served = await detect(o.target, o.oracle, target.users, selected);
  const families = new Set(selected.filter((f) => served.get(f) === undefined));

  const stats: PropertyStats = { seed, runs: 0, commands: 0, requests: 0, durationMs: 0, stoppedByBudget: false, failed: false };
  const byFamily = new Map<Family, number>();
  const follow: Real['stats']['follow'] = { compared: 0, events: 0, unfollowed: new Map() };
  let captured: Captured | undefined;
  let fatal: unknown;
  const progress = (phase: PropertyProgress['phase']) => {
    const elapsedMs = performance.now() - started;
    const rate = stats.runs > 0 ? elapsedMs / stats.runs : 0;
    const byRate = rate * Math.max(0, totalRuns - stats.runs);
    const leftMs = o.timeBudgetMs !== undefined ? Math.min(byRate, Math.max(0, o.timeBudgetMs - elapsedMs)) : byRate;
    o.onProgress?.({ phase, runs: stats.runs, totalRuns, commands: stats.commands, requests: stats.requests, elapsedMs, leftMs });
  };

  // A path to replay is fast-check's path, then (after "@") the commands' replay path.
  const [fcPath, replayPath] = (o.path ?? '').split('@') as [string, string | undefined];
  // A given sequence runs as given; a generated one within its families' frames (families.ts).
  const sequences = (): fc.Arbitrary<[Frame, Iterable<fc.AsyncCommand<Model, Real>>]> =>
    o.sequence !== undefined
      ? fc.constant([{ first: [], last: [] }, o.sequence])
      : fc.tuple(frameFor(families), fc.commands([commandsFor(families)], { maxCommands: o.maxCommands ?? 40, size: 'max', ...(replayPath !== undefined ? { replayPath } : {}) }));
  const property = () => fc.asyncProperty(sequences(), async ([frame, generated]) => {
    const cmds = [...frame.first, ...generated, ...frame.last];
    if (fatal !== undefined) throw fatal;
    if (captured === undefined && o.timeBudgetMs !== undefined && performance.now() - started > o.timeBudgetMs) {
      stats.stoppedByBudget = true;
      return;
    }
    const shrinking = captured !== undefined;
    const uniq = `${RUN_TOKEN}${(++runCounter).toString(36)}`;
    const side = async (p: Prepared, t: Target): Promise<Side> => ({ session: await t.open(), users: p.users, vars: new Map(), canon: new IdCanon() });
    const d = new Driver(await side(target, o.target), oracle !== undefined ? await side(oracle, o.oracle as Target) : undefined, uniq);
    const real: Real = { d, families, ran: [], stats: { commands: 0, byFamily: new Map(), follow: { compared: 0, events: 0, unfollowed: new Map() } } };
    const model = new Model(actors.map((a) => ({ ...a })));
    try {
      await fc.asyncModelRun(() => ({ model, real }), cmds);
    } catch (e) {
      if (e instanceof TargetUnreachable) fatal = e;
      captured = { error: e, family: real.current, trace: d.trace, commands: real.ran, last: d.last };
      throw e;
    } finally {
      if (!shrinking) {
        stats.runs++;
        stats.commands += real.stats.commands;
        stats.requests += d.requests;
        for (const [f, n] of real.stats.byFamily) byFamily.set(f, (byFamily.get(f) ?? 0) + n);
        follow.compared += real.stats.follow.compared;
        follow.events += real.stats.follow.events;
        for (const [t, n] of real.stats.follow.unfollowed) follow.unfollowed.set(t, (follow.unfollowed.get(t) ?? 0) + n);
      }
      progress(shrinking || captured !== undefined ? 'shrinking' : 'running');
    }
  });

  // Nothing to run (every selected family skipped): no sequence at all.
  let details;
  try {
    details = families.size === 0 ? undefined : await fc.check(property(), { seed, numRuns: totalRuns, ...(o.bail === true ? { endOnFailure: true } : {}), ...(fcPath !== '' ? { path: fcPath } : {}) });
  } catch (e) {
    // fast-check cannot follow a path that another seed, family selection or length made.
    if (o.path !== undefined && /Unable to replay/.test((e as Error).message)) throw new PathMismatch(o.path);
    throw e;
  }
  if (fatal !== undefined) throw fatal;
  stats.durationMs = Math.round(performance.now() - started);
  stats.failed = details?.failed ?? false;
  if (o.oracle !== undefined) stats.divergences = captured?.error instanceof PropertyFailure && captured.error.kind === 'divergence' ? 1 : 0;
  progress('done');

  const results: ScenarioResult[] = [];
  let failed: { family: Family | undefined; result: ScenarioResult } | undefined;
  if (details?.failed === true && captured !== undefined) {
    const { kind, message, failure } = failureOf(captured);
    const replay = /replayPath="([^"]*)"/.exec(String(details.counterexample?.[0]?.[1] ?? ''))?.[1];
    const path = `${details.counterexamplePath ?? ''}${replay !== undefined ? `@${replay}` : ''}`;
    const scenario = toScenario({ family: captured.family ?? 'run', kind, message, seed, path, trace: captured.trace });
    let saved: string | undefined;
    let note = '';
    if (o.saveFailures !== undefined) {
      try {
        saved = saveScenario(o.saveFailures, scenario);
      } catch (e) {
        note = ` (not saved: ${(e as Error).message})`;
      }
    }
    const reproduces = await replays(o.target, o.profile, scenario);
    failed = {
      family: captured.family,
      result: {
        id: `properties/${captured.family ?? 'run'}`,
        file: saved ?? 'conformance/properties',
        what: `${captured.family !== undefined ? FAMILY_SPECS[captured.family].what : 'the property suite'}`,
        status: kind === 'error' && !(captured.error instanceof PropertyFailure) ? 'error' : 'fail',
        durationMs: stats.durationMs,
        reason: `${kind === 'divergence' ? 'diverged from the oracle' : kind === 'invariant' ? 'broke an invariant' : kind === 'check' ? 'broke the model' : 'failed'} after ${details.numRuns} sequences, ${o.bail === true ? 'not shrunk (bail)' : `shrunk (${details.numShrinks} shrinks)`} to ${captured.commands.length} commands, ${captured.trace.length} steps${note}`,
        failure,
        property: {
          seed,
          runs: stats.runs,
          commands: captured.family !== undefined ? (byFamily.get(captured.family) ?? 0) : stats.commands,
          path,
          counterexample: captured.commands,
          steps: scenario.steps.length,
          ...(saved !== undefined ? { saved } : {}),
          reproduces,
        },
      },
    };
  }
  for (const f of selected) {
    const why = served.get(f);
    if (why !== undefined) {
      results.push({ id: `properties/${f}`, file: 'conformance/properties', what: FAMILY_SPECS[f].what, status: 'skip', durationMs: 0, reason: why });
    } else if (failed?.family === f) {
      results.push(failed.result);
    } else {
      const n = byFamily.get(f) ?? 0;
      results.push({
        id: `properties/${f}`,
        file: 'conformance/properties',
        what: FAMILY_SPECS[f].what,
        status: 'pass',
        durationMs: stats.durationMs,
        reason: `${n} commands in ${stats.runs} sequences${f === 'events' || f === 'status' || f === 'custom-emoji' ? followed(follow) : ''}`,
        property: { seed, runs: stats.runs, commands: n },
      });
    }
  }
  // A failure in a command of a family that did not run on its own (another family borrows
  // its commands) is reported under that family's name all the same: never dropped.
  if (failed !== undefined && (failed.family === undefined || !selected.includes(failed.family))) results.push(failed.result);
  const secrets = [...(await target.credentials.secrets()), ...(oracle !== undefined ? await oracle.credentials.secrets() : [])];
  return { results, stats, secrets };
}

/** What the apply_events check did, for the events family's line: an implementer learns whether it checked anything. */
function followed(f: Real['stats']['follow']): string {
  const stopped = [...f.unfollowed].map(([type, n]) => `${n} at ${type}`).join(', ');
  return `; ${f.compared} client states, with ${f.events} events applied, equal to fresh registrations${stopped !== '' ? `; queues no longer followed at event types the applier does not know: ${stopped}` : ''}`;
}

/** Does the scenario fail on the target at its last step, as the property did? */
async function replays(target: Target, profile: Profile, scenario: ReturnType<typeof toScenario>): Promise<boolean> {
  const loaded = loadScenarioText(JSON.stringify(scenario), `${scenario.id}.json`, scenario.id);
  if (loaded.scenario === undefined) return false;
  const result = await new Runner(target, profile).run(loaded.scenario);
  return result.status === 'fail' && result.failure?.step === scenario.steps.length;
}

