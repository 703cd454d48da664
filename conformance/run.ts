// Running scenarios against a target: skip what the target cannot do, resolve the
// profile users a scenario plays, then each step in order — expand templates, send,
// compare with `expect`, save variables. A scenario stops at its first failing step.
import { performance } from 'node:perf_hooks';
import { Credentials, type ResolvedUser } from './credentials.ts';
import { resolvePath } from './jsonpath.ts';
import type { LoadedScenario } from './loader.ts';
import { checkExpect, type Observed } from './matcher.ts';
import { basicAuth, toWire } from './request.ts';
import { isControlStep, scenarioNeeds, type Expect, type Profile, type Role, type Step } from './schema.ts';
import type { Target, WireRequest } from './targets/target.ts';
import { TemplateError, expandToString, expandValue, stringsIn, templateRefs, type TemplateContext } from './template.ts';

export type Status = 'pass' | 'fail' | 'skip' | 'error';

/** What a failing (or erroring) step did, with enough to reproduce it. */
export interface StepFailure {
  /** 1-based. */
  step: number;
  location: string;
  note?: string;
  request?: WireRequest;
  control?: { action: string; params: unknown };
  expected?: Expect;
  observed?: Observed;
  problems: string[];
}

/** What a family of the property suite did (conformance/properties/). */
export interface PropertyDetail {
  seed: number;
  /** Sequences run, and commands of this family among them. */
  runs: number;
  commands: number;
  /** For a failure: the fast-check path, the shrunk sequence, the scenario it became. */
  path?: string;
  counterexample?: string[];
  /** Steps of the scenario written for the failure, where it was written, and whether replaying it fails the same way. */
  steps?: number;
  saved?: string;
  reproduces?: boolean;
}

export interface ScenarioResult {
  id: string;
  file: string;
  what: string;
  status: Status;
  durationMs: number;
  /** Why it was skipped, or what went wrong outside a step. */
  reason?: string;
  failure?: StepFailure;
  property?: PropertyDetail;
}

/**
 * Checks each answer a scenario step receives beyond its `expect` (the real API
 * description: `--openapi`, conformance/openapi/); the problems fail the step.
 */
export type AnswerCheck = (request: WireRequest, observed: Observed, context: { featureLevel?: number }) => string[];

let runCounter = 0;
const RUN_TOKEN = Date.now().toString(36);

function rolesUsed(steps: readonly Step[]): Set<Role> {
  const roles = new Set<Role>();
  for (const step of steps) {
    if (!isControlStep(step) && typeof step.as === 'string' && step.as !== 'anonymous') roles.add(step.as);
    for (const s of stringsIn(step)) {
      try {
        for (const ref of templateRefs(s)) if (ref.kind === 'user') roles.add(ref.role);
      } catch {
        // reported when the step runs
      }
    }
  }
  return roles;
}

export class Runner {
  readonly credentials: Credentials;

  constructor(
    readonly target: Target,
    readonly profile: Profile,
    readonly checkAnswer?: AnswerCheck,
  ) {
    this.credentials = new Credentials(profile, target);
  }

  async run(loaded: LoadedScenario): Promise<ScenarioResult> {
    const { scenario, file } = loaded;
    const started = performance.now();
    const base = { id: scenario.id, file, what: scenario.what };
    const done = (r: Omit<ScenarioResult, 'id' | 'file' | 'what' | 'durationMs'>): ScenarioResult => ({
      ...base,
      durationMs: Math.round(performance.now() - started),
      ...r,
    });

    const missing = scenarioNeeds(scenario).filter((c) => !this.target.capabilities.has(c));
    if (missing.length > 0) return done({ status: 'skip', reason: missingReason(missing) });
    const roles = rolesUsed(scenario.steps);
    const absentRoles = [...roles].filter((r) => !this.credentials.has(r));
    if (absentRoles.length > 0) return done({ status: 'skip', reason: `the profile has no ${absentRoles.join(', ')} user` });

    const users = new Map<Role, ResolvedUser>();
    try {
      for (const role of roles) users.set(role, await this.credentials.resolve(role));
    } catch (e) {
      return done({ status: 'error', reason: (e as Error).message });
    }

    const vars = new Map<string, unknown>();
    const ctx: TemplateContext = {
      vars,
      uniq: `${RUN_TOKEN}${(++runCounter).toString(36)}`,
      jwtSecret: this.profile.capabilities.jwt_secret,
      user: (role, field) => {
        const u = users.get(role);
        if (!u) throw new TemplateError(`\${user:${role}.${field}}: unknown role`);
        const v = u[field];
        if (v === undefined) throw new TemplateError(`\${user:${role}.${field}}: the profile gives no ${field} for ${role}`);
        return v;
      },
    };

    let session;
    try {
      session = await this.target.open();
    } catch (e) {
      return done({ status: 'error', reason: `cannot start a session: ${(e as Error).message}` });
    }

    // The API feature level a control step set the target to, if any (for checkAnswer).
    const level: { featureLevel?: number } = {};
    for (const [i, step] of scenario.steps.entries()) {
      const failure: StepFailure = { step: i + 1, location: loaded.stepLocation(i), problems: [], ...(step.note ? { note: step.note } : {}) };
      try {
        let saveFrom: unknown;
        if (isControlStep(step)) {
          const params = expandValue(step.params ?? {}, ctx) as Record<string, unknown>;
          failure.control = { action: step.control, params };
          saveFrom = await session.control(step.control, params);
          if (typeof params['feature_level'] === 'number') level.featureLevel = params['feature_level'];
          if (step.expect !== undefined) {
            const expect = expandValue(step.expect, ctx) as Expect;
            const observed: Observed = { status: 200, headers: {}, text: JSON.stringify(saveFrom), json: saveFrom };
            failure.expected = expect;
            failure.observed = observed;
            failure.problems = checkExpect(expect, observed);
            if (failure.problems.length > 0) return done({ status: 'fail', failure });
          }
        } else {
          const expect = expandValue(step.expect, ctx) as Expect;
          const path = expandToString(step.path, ctx);
          if (!path.startsWith('/')) throw new TemplateError(`path ${JSON.stringify(step.path)} gave ${JSON.stringify(path)}, which does not start with "/"`);
          const request = toWire({
            method: step.method,
            path,
            params: expandValue(step.params ?? {}, ctx) as Record<string, unknown>,
            authorization: this.authorization(step.as, ctx, users),
            headers: expandValue(step.headers ?? {}, ctx) as Record<string, string>,
            encoding: step.encoding,
            files: step.files === undefined ? undefined : (expandValue(step.files, ctx) as typeof step.files),
          });
          failure.request = request;
          failure.expected = expect;
          const observed = await session.send(request);
          failure.observed = observed;
          failure.problems = checkExpect(expect, observed);
          if (failure.problems.length === 0 && this.checkAnswer !== undefined) failure.problems = this.checkAnswer(request, observed, level);
          if (failure.problems.length > 0) return done({ status: 'fail', failure });
          saveFrom = observed.json;
        }
        for (const [name, rawPath] of Object.entries(step.save ?? {})) {
          const path = expandToString(rawPath, ctx);
          const r = resolvePath(saveFrom, path);
          if (!r.found) {
            failure.problems = [`save ${name}: nothing at ${path}`];
            return done({ status: 'fail', failure });
          }
          vars.set(name, r.value);
        }
      } catch (e) {
        failure.problems = [(e as Error).message];
        return done({ status: 'error', failure });
      }
    }
    return done({ status: 'pass' });
  }

  private authorization(as: Exclude<Step, { control: string }>['as'], ctx: TemplateContext, users: Map<Role, ResolvedUser>): string | undefined {
    if (as === 'anonymous') return undefined;
    if (typeof as === 'string') {
      const u = users.get(as) as ResolvedUser;
      return basicAuth(u.email, u.api_key);
    }
    if ('authorization' in as) return expandToString(as.authorization, ctx);
    return basicAuth(expandToString(as.email, ctx), expandToString(as.api_key, ctx));
  }
}

/** Why a scenario is skipped: the capabilities it needs that the target does not offer (one wording, so that the summary groups them). */
export function missingReason(missing: readonly string[]): string {
  const clock = missing.includes('manual_clock') ? ' (manual_clock: start `understudy serve` with --clock manual)' : '';
  return `needs ${missing.join(', ')}, which the target does not offer${clock}`;
}
