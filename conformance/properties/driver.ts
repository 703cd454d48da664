// The property suite's only way to the server: one request at a time, written as a
// scenario step (conformance/schema.ts) with templates — ${user:member.id}, ${uniq},
// variables saved from earlier answers — so that every run is also a scenario. For each
// call the driver expands the step for the target (and, in differential mode, for the
// oracle, whose ids differ), sends it, and checks in turn:
//   1. the oracle's answer, normalised, equals the target's (normalise.ts);
//   2. the envelope: JSON with result and msg, "success" exactly for 2xx, an error with a
//      code for 4xx, never 5xx (invariants.ts);
//   3. the command's expectation, in the scenario language (matcher.ts), and its own checks.
// The first problem throws a PropertyFailure carrying the expectation that states it, which
// becomes the last step of the saved scenario.
import { resolvePath } from '../jsonpath.ts';
import { checkExpect, type Observed } from '../matcher.ts';
import { basicAuth, toWire } from '../request.ts';
import type { As, ControlAction, ControlStep, Expect, FilePart, RequestStep, Role } from '../schema.ts';
import type { Session, WireRequest } from '../targets/target.ts';
import { expandToString, expandValue, type TemplateContext } from '../template.ts';
import type { ResolvedUser } from '../credentials.ts';
import { envelopeProblems } from './invariants.ts';
import { firstDifference, IdCanon, normalise } from './normalise.ts';
import { oraclePattern } from './oracle-pattern.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type { Problem, Side } from './problem.ts';
import type { Problem, Side } from './problem.ts';

export interface Call {
  note?: string;
  as: As;
  method: Method;
  /** Under the base URL, e.g. /api/v1/messages/${m3}; templates allowed. */
  path: string;
  params?: Record<string, unknown>;
  /** Files sent in a multipart/form-data body (templates allowed). */
  files?: FilePart[];
  /** Variables to save from the answer, where found (a refused request saves nothing). */
  save?: Record<string, string>;
  /** What the answer must be, in the scenario language (templates allowed). */
  expect?: Expect;
  /** Checks the scenario language cannot say as simply; each problem brings its expectation. */
  check?: (observed: Observed) => Problem[];
}

export type FailureKind = 'check' | 'invariant' | 'divergence';

export class PropertyFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** 1-based index of the failing step in the trace. */
    readonly step: number,
    /** Whether the failing step's expectation fails on the answer (so that a saved scenario fails the same way). */
    readonly reproduces: boolean,
  ) {
    super(message);
    this.name = 'PropertyFailure';
  }
}

export type TraceStep = RequestStep | ControlStep;

export class Driver {
  /** Every step sent so far, as a scenario step; the failing one carries its failed expectation. */
  readonly trace: TraceStep[] = [];
  requests = 0;
  /** The last request sent to the target and its answer (for the report of a failure). */
  last: { request: WireRequest; observed: Observed } | undefined;

  constructor(
    readonly target: Side,
    readonly oracle: Side | undefined,
    readonly uniq: string,
    /** Called once per request sent to the target (progress). */
    readonly onRequest: () => void = () => {},
  ) {}

  /** A variable saved on the target's side. */
  value<T = number>(name: string): T {
    return this.target.vars.get(name) as T;
  }

  has(name: string): boolean {
    return this.target.vars.has(name);
  }

  context(side: Side): TemplateContext {
    return {
      vars: side.vars,
      uniq: this.uniq,
      jwtSecret: undefined,
      user: (role, field) => side.users.get(role)?.[field],
    };
  }

  /** Expand a templated value as the target sees it (e.g. a name with ${uniq}). */
  expand(value: unknown): unknown {
    return expandValue(value, this.context(this.target));
  }

  async #send(side: Side, step: RequestStep): Promise<{ wire: WireRequest; observed: Observed }> {
    const ctx = this.context(side);
    const as = step.as;
    let authorization: string | undefined;
    if (as === 'anonymous') authorization = undefined;
    else if (typeof as === 'string') {
      const u = side.users.get(as) as ResolvedUser;
      authorization = basicAuth(u.email, u.api_key);
    } else if ('authorization' in as) authorization = expandToString(as.authorization, ctx);
    else authorization = basicAuth(expandToString(as.email, ctx), expandToString(as.api_key, ctx));
    const wire = toWire({
      method: step.method,
      path: expandToString(step.path, ctx),
      params: expandValue(step.params ?? {}, ctx) as Record<string, unknown>,
      authorization,
      headers: {},
      files: step.files === undefined ? undefined : (expandValue(step.files, ctx) as FilePart[]),
    });
    return { wire, observed: await side.session.send(wire) };
  }

  #save(side: Side, save: Record<string, string> | undefined, from: unknown): Record<string, string> {
    const saved: Record<string, string> = {};
    for (const [name, path] of Object.entries(save ?? {})) {
      const r = resolvePath(from, path);
      if (!r.found) continue;
      side.vars.set(name, r.value);
      saved[name] = path;
    }
    return saved;
  }

  /**
   * Stop the run at this step: its expectation becomes the one the answer broke, its note
   * the rule, and the failure says whether that expectation indeed fails on the answer.
   */
  #fail(kind: FailureKind, step: RequestStep, problem: Problem, observed: Observed): never {
    step.expect = problem.expect ?? { status: observed.status };
    step.note = `${step.note !== undefined ? `${step.note}; ` : ''}${kind === 'divergence' ? 'the oracle' : 'the rule'}: ${problem.message}`;
    const reproduces = checkExpect(expandValue(step.expect, this.context(this.target)) as Expect, observed).length > 0;
    throw new PropertyFailure(kind, problem.message, this.trace.length, reproduces);
  }

  async call(c: Call): Promise<Observed> {
    const step: RequestStep = {
      ...(c.note !== undefined ? { note: c.note } : {}),
      as: c.as,
      method: c.method,
      path: c.path,
      ...(c.params !== undefined ? { params: c.params } : {}),
      ...(c.files !== undefined ? { files: c.files } : {}),
      expect: {},
    };
    this.trace.push(step);
    const { wire, observed } = await this.#send(this.target, step);
    this.last = { request: wire, observed };
    this.requests++;
    this.onRequest();

    if (this.oracle !== undefined) {
      const { observed: expected } = await this.#send(this.oracle, step);
      const problem = divergence(observed, expected, this.target.canon, this.oracle.canon);
      if (problem !== undefined) {
        this.#fail('divergence', step, { message: problem, expect: oraclePattern(expected, observed, this.oracle, this.uniq) }, observed);
      }
      this.#save(this.oracle, c.save, expected.json);
    }

    for (const problem of envelopeProblems(observed, c.method, wire.path)) this.#fail('invariant', step, problem, observed);
    if (c.expect !== undefined) {
      const problems = checkExpect(expandValue(c.expect, this.context(this.target)) as Expect, observed);
      if (problems.length > 0) this.#fail('check', step, { message: problems.join('; '), expect: c.expect }, observed);
    }
    for (const problem of c.check?.(observed) ?? []) this.#fail('check', step, problem, observed);

    const saved = this.#save(this.target, c.save, observed.json);
    step.expect = { status: observed.status, ...c.expect };
    if (Object.keys(saved).length > 0) step.save = saved;
    return observed;
  }

  /** A control action (add_user, ...) on both sides; its result saved like a response. */
  async control(action: ControlAction, params: Record<string, unknown>, save: Record<string, string> = {}): Promise<void> {
    const step: ControlStep = { control: action, params, ...(Object.keys(save).length > 0 ? { save } : {}) };
    this.trace.push(step);
    for (const side of this.oracle !== undefined ? [this.target, this.oracle] : [this.target]) {
      const result = await side.session.control(action, expandValue(params, this.context(side)) as Record<string, unknown>);
      this.#save(side, save, result);
      // The labels of the new ids, in the same order on both sides.
      normalise(result, side.canon);
    }
    this.requests++;
    this.onRequest();
  }
}

/** How the target's answer differs from the oracle's, after normalisation; undefined if alike. */
export function divergence(target: Observed, oracle: Observed, targetCanon: IdCanon, oracleCanon: IdCanon): string | undefined {
  if (target.status !== oracle.status) return `status ${target.status}, the oracle answered ${oracle.status}: ${oracle.text.slice(0, 300)}`;
  const got = normalise(target.json ?? target.text, targetCanon);
  const want = normalise(oracle.json ?? oracle.text, oracleCanon);
  const d = firstDifference(got, want);
  return d === '' ? undefined : `differs from the oracle at ${d}`;
}
