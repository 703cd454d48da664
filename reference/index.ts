// createReference(options): the reference server in memory.
//   dispatch(req)   synchronous, no I/O: ApiRequest → ApiResponse
//   handle(request) fetch-style: Request → Promise<Response>
//   control         the test-control surface (clock, reset, snapshots, users, config)
import { manualClock, SeededRandom, systemClock, type Clock } from './determinism.ts';
import { toApiRequest, toResponse } from './adapters/fetch.ts';
import type { Core } from './http/context.ts';
import { dispatch as dispatchCore } from './http/dispatch.ts';
import { ApiError } from './http/errors.ts';
import type { ApiRequest, ApiResponse } from './http/request.ts';
import { DEFAULT_SEED, defaultConfig, type ReferenceOptions } from './options.ts';
import { fixtureInstantMs, loadFixture, parseFixture, type Fixture } from './state/fixture.ts';
import { Store, type StateData } from './state/store.ts';
import defaultRealm from '../fixtures/realm.json' with { type: 'json' };

export type { ApiRequest, ApiResponse } from './http/request.ts';
export type { ReferenceOptions } from './options.ts';
export { signHs256 } from './crypto/jwt.ts';

export interface Snapshot {
  readonly data: StateData;
  readonly clockMs: number;
  readonly randomCounter: number;
}

export interface Control {
  /** Move the manual clock forward. */
  advance(ms: number): void;
  now(): number;
  reset(): void;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
  /** Add a user; returns user_id, api_key, email. */
  addUser(params: Record<string, string | number | boolean>): { user_id: number; api_key: string; email: string };
  /** Change server configuration (push_service_configured, vidprov_configured, jwt_enabled, realm_deactivated, ...). */
  setConfig(params: Record<string, string | number | boolean>): void;
  emailOutbox(): unknown[];
}

export interface Reference {
  dispatch(req: ApiRequest): ApiResponse;
  handle(request: Request): Promise<Response>;
  control: Control;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
  reset(): void;
  /** The state, for white-box tests. */
  readonly store: Store;
}

let defaultFixture: Fixture | undefined;

export function createReference(options: ReferenceOptions = {}): Reference {
  const fixture = options.fixture === undefined ? (defaultFixture ??= parseFixture(defaultRealm)) : parseFixture(options.fixture);
  const clock: Clock =
    typeof options.clock === 'object' ? options.clock : options.clock === 'system' ? systemClock() : manualClock(fixtureInstantMs(fixture));
  const random = new SeededRandom(options.seed ?? DEFAULT_SEED);
  const store = new Store(loadFixture(fixture, defaultConfig(options)));
  const initial: Snapshot = { data: store.snapshot(), clockMs: clock.now(), randomCounter: 0 };

  const snapshot = (): Snapshot => ({ data: store.snapshot(), clockMs: clock.now(), randomCounter: random.counter });
  const restore = (s: Snapshot): void => {
    store.restore(s.data);
    clock.set(s.clockMs);
    random.counter = s.randomCounter;
  };
  const reset = () => restore(initial);

  const core: Core = { store, clock, random, control: options.control ?? true, reset, snapshots: new Map() };
  const dispatch = (req: ApiRequest) => dispatchCore(core, req);
  const controlCall = (path: string, params: Record<string, string | number | boolean> = {}, method = 'POST') => {
    const body = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const res = dispatchCore({ ...core, control: true }, { method, path: `/_understudy${path}`, body });
    if (res.status !== 200) throw new ApiError(res.status, String(res.json['code']), String(res.json['msg']));
    return res.json;
  };

  const control: Control = {
    advance: (ms) => void controlCall('/clock/advance', { ms }),
    now: () => clock.now(),
    reset,
    snapshot,
    restore,
    addUser: (params) => controlCall('/users', params) as unknown as { user_id: number; api_key: string; email: string },
    setConfig: (params) => void controlCall('/config', params),
    emailOutbox: () => controlCall('/email/outbox', {}, 'GET')['emails'] as unknown[],
  };

  return {
    dispatch,
    async handle(request) {
      return toResponse(dispatch(await toApiRequest(request)), request.method);
    },
    control,
    snapshot,
    restore,
    reset,
    get store() {
      return core.store;
    },
  };
}
