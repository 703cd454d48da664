// createReference(options): the reference server in memory.
//   dispatch(req)   synchronous, no I/O: ApiRequest → ApiResponse
//   handle(request) fetch-style: Request → Promise<Response>
//   control         the test-control surface (clock, reset, snapshots, users, config)
import { manualClock, SeededRandom, systemClock, type Clock } from './determinism.ts';
import { networkError, toApiRequest, toResponse } from './adapters/fetch.ts';
import type { Core } from './http/core.ts';
import { dispatch as dispatchCore, preflight as preflightCore } from './http/dispatch.ts';
import { deliverDue } from './actions/deliver-due.ts';
import { ApiError, BadRequest } from './errors.ts';
import type { ApiRequest, ApiResponse, LongPollWait } from './http/request.ts';
import { LongPolls } from './http/long-poll.ts';
import { DEFAULT_SEED, defaultConfig, type ReferenceOptions } from './options.ts';
import { fixtureInstantMs, loadFixture, parseFixture, type Fixture, type FixtureInput } from './fixture/load.ts';
import { RealmBuilder } from './fixture/builder.ts';
import { Store } from './state/store.ts';
import { World, type Snapshot } from './world.ts';
import defaultRealm from '../fixtures/realm.json' with { type: 'json' };

export type { ApiRequest, ApiResponse } from './http/request.ts';
export type { ReferenceOptions } from './options.ts';
export type { FixtureInput as Fixture } from './fixture/load.ts';
export type { ChannelRef, ChannelSpec, MessageSpec, RealmBuilder, RoleName, UserRef, UserSpec } from './fixture/builder.ts';

/**
 * A fixture builder, starting from the default realm (fixtures/realm.json);
 * `realm().empty()` keeps only its system groups and bots. `.build()` gives the fixture.
 */
export function realm(base: FixtureInput = defaultRealm as FixtureInput): RealmBuilder {
  return new RealmBuilder(base);
}
export { signHs256 } from './crypto/jwt.ts';

export type { Snapshot } from './world.ts';
export type { Fault, FaultKind, FaultSpec } from './state/faults.ts';
export type { JournalEntry } from './state/request-journal.ts';
export type { RequestFilter } from './endpoints/control-faults.ts';
import type { Fault, FaultSpec } from './state/faults.ts';
import type { JournalEntry } from './state/request-journal.ts';
import type { RequestFilter } from './endpoints/control-faults.ts';
export type { PushNotification } from './state/push-outbox.ts';
import type { PushNotification } from './state/push-outbox.ts';

export interface Control {
  /** Move the manual clock forward. */
  advance(ms: number): void;
  /** The world's clock: milliseconds since the UNIX epoch (the manual clock starts at the fixture's instant). */
  now(): number;
  reset(): void;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
  /** Forget a snapshot: restoring it afterwards is an error. */
  release(snapshot: Snapshot): void;
  /** Add a user; returns user_id, api_key, email. */
  addUser(params: Record<string, string | number | boolean>): { user_id: number; api_key: string; email: string };
  /** Change server configuration (push_service_configured, vidprov_configured, jwt_enabled, realm_deactivated, ...). */
  setConfig(params: Record<string, string | number | boolean>): void;
  emailOutbox(): unknown[];
  /** The events delivered to a user (the last `limit`, default 100), as a client with every capability receives them. */
  events(userId: number, limit?: number): Array<Record<string, unknown>>;
  /** How many GET /events long-polls are waiting now (through respond, handle, msw or node:http). */
  waitingPolls(): number;
  /** The push bouncer's X25519 public key (Base64), which clients seal registrations to. */
  pushBouncerKey(): string;
  /** A sealed push registration, as a client with libsodium would build it (token, token_kind, timestamp, ios_app_id?). */
  sealPushRegistration(params: Record<string, string | number>): { encrypted_push_registration: string; token_id: string; bouncer_public_key: string };
  /** Add a legacy (unencrypted) push registration of a user; returns its id. */
  addLegacyPushRegistration(params: Record<string, string | number>): number;
  legacyPushRegistrations(userId: number): Array<Record<string, unknown>>;
  /**
   * The encrypted mobile notifications sent (the newest 1,000), oldest first; optionally one
   * user's. With `pushKey`, each also carries `payload`, decrypted with that key (null if it does not open).
   */
  pushOutbox(userId?: number, pushKey?: string): Array<PushNotification & { payload?: unknown }>;
  /** Grant or revoke a user's video-call provider token (emits has_vidprov_token). */
  setVidprovToken(userId: number, hasToken: boolean): void;
  /**
   * Make matching requests fail (README, "Faults"): returns the fault's id (null for an
   * expire_queue naming its queue, which is gone at once). reset() clears every fault.
   */
  addFault(spec: FaultSpec): number | null;
  /** Remove one fault, or all. */
  clearFaults(faultId?: number): void;
  /** The faults waiting to fire, with how often each matched and fired. */
  faults(): Fault[];
  /** The request journal: the last 1,000 requests to /api/v1, oldest first, credentials masked; reset() clears it. */
  requests(filter?: RequestFilter): JournalEntry[];
  /** The real server's rate limits (200 requests a minute, 2,000 an hour, per user) on the world's clock, with X-RateLimit-* headers; off by default. */
  setRateLimiting(enabled: boolean): void;
  /**
   * Add many messages at once, as if they had been there all along (no events): 100,000 in
   * well under a second. Returns the first and last new message ids.
   */
  seedMessages(spec: SeedMessages): { first_id: number; last_id: number };
}

/** What control.seedMessages adds (users by id or email, the channel by id or name). */
export interface SeedMessages {
  count: number;
  /** The sender, or senders taking turns. */
  from: number | string | Array<number | string>;
  /** A channel's messages... */
  channel?: number | string;
  /** ...to this topic, or these topics taking turns (default "seeded"). */
  topic?: string | string[];
  /** Or direct messages from `from` to these users. */
  to?: Array<number | string>;
  /** Rendered by the real renderer; `{n}` is the message's number in the batch (default "Message {n}"). */
  content?: string;
  /** Read by every recipient (default: unread, but for the sender). */
  read?: boolean;
  starred?: boolean;
  /** UNIX seconds of the first message (default: now), and the seconds between two (default 0). */
  timestamp?: number;
  spacing_seconds?: number;
}

export interface Reference {
  dispatch(req: ApiRequest): ApiResponse;
  /**
   * The answer to a request that is refused before its body is read (no such route, a
   * method the path does not take, missing or bad credentials), or null. Front doors
   * that read bodies from a socket ask first, so an unauthenticated request costs
   * O(headers). A request it refuses is journalled (control.requests); one a fault may
   * answer is left to dispatch (null).
   */
  preflight(req: Omit<ApiRequest, 'body'>): ApiResponse | null;
  /**
   * dispatch, then, for a GET /events that may wait (`res.wait`), the wait: resolves when
   * an event reaches the queue or the heartbeat deadline passes; to null if `signal`
   * aborts first (the client went away). The async front doors answer through this.
   */
  respond(req: ApiRequest, signal?: AbortSignal): Promise<ApiResponse | null>;
  /** The wait of a dispatched `res` that has `res.wait` (what respond does after dispatch). */
  wait(req: ApiRequest, res: ApiResponse, signal?: AbortSignal): Promise<ApiResponse | null>;
  /** The fetch front door: respond() between Request and Response. */
  handle(request: Request): Promise<Response>;
  /**
   * Deliver the scheduled messages and reminders that are due by the clock (every request
   * does this first too). A front door with a system clock calls it every second, so that
   * they go out on time even when no request comes.
   */
  tick(): void;
  control: Control;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
  reset(): void;
  /** The state, for white-box tests. */
  readonly store: Store;
}

/** Resolves to true when the clock reaches `atMs` (a manual clock: when advanced past it), to false if `signal` aborts first. */
function sleepUntil(clock: Clock, atMs: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (clock.now() >= atMs) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      cancel();
      resolve(false);
    };
    const cancel = clock.setTimer(atMs, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

let defaultFixture: Fixture | undefined;

export function createReference(options: ReferenceOptions = {}): Reference {
  if (typeof options.fixture === 'string' || options.fixture instanceof URL) {
    throw new Error('a fixture given as a path or URL is read by the Node entry point of zulip-understudy (import it in Node); elsewhere, fetch the JSON and pass the parsed object');
  }
  const fixture = options.fixture === undefined ? (defaultFixture ??= parseFixture(defaultRealm)) : parseFixture(options.fixture);
  const clock: Clock =
    typeof options.clock === 'object' ? options.clock : options.clock === 'system' ? systemClock() : manualClock(fixtureInstantMs(fixture));
  const random = new SeededRandom(options.seed ?? DEFAULT_SEED);
  const world = new World(new Store(loadFixture(fixture, defaultConfig(options))), clock, random);
  // The polls answer through dispatch, and dispatch wakes them: each knows the other.
  let polls: LongPolls | undefined;
  const core: Core = { world, control: options.control ?? true, waiting: { wake: (ids) => polls?.wake(ids) } };
  polls = new LongPolls(world);
  if (options.rateLimits === true) world.rateLimits.enabled = true;
  const dispatch = (req: ApiRequest) => dispatchCore(core, req);
  const wait = async (req: ApiRequest, res: ApiResponse, signal?: AbortSignal): Promise<ApiResponse | null> => {
    if (res.delayUntilMs !== undefined && !(await sleepUntil(clock, res.delayUntilMs, signal))) return null;
    return res.wait ? (polls as LongPolls).wait(res as ApiResponse & { wait: LongPollWait }, signal) : res;
  };
  const respond = (req: ApiRequest, signal?: AbortSignal) => wait(req, dispatch(req), signal);
  const controlCall = (path: string, params: Record<string, string | number | boolean> = {}, method = 'POST') => {
    const body = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const res = dispatchCore({ ...core, control: true }, { method, path: `/_understudy${path}`, body });
    if (res.status !== 200) throw new ApiError(res.status, String(res.json['code']), String(res.json['msg']));
    return res.json;
  };

  const released = new WeakSet<Snapshot>();
  const snapshot = () => world.snapshot();
  const restore = (s: Snapshot) => {
    if (released.has(s)) throw new BadRequest('This snapshot was released');
    world.restore(s);
  };
  const reset = () => world.reset();
  const control: Control = {
    advance: (ms) => void controlCall('/clock/advance', { ms }),
    now: () => clock.now(),
    reset,
    snapshot,
    restore,
    release: (s) => void released.add(s),
    addUser: (params) => controlCall('/users', params) as unknown as { user_id: number; api_key: string; email: string },
    setConfig: (params) => void controlCall('/config', params),
    emailOutbox: () => controlCall('/email/outbox', {}, 'GET')['emails'] as unknown[],
    waitingPolls: () => (polls as LongPolls).size,
    events: (userId, limit = 100) => controlCall('/events', { user_id: userId, limit }, 'GET')['events'] as Array<Record<string, unknown>>,
    pushBouncerKey: () => controlCall('/push/bouncer', {}, 'GET')['public_key'] as string,
    sealPushRegistration: (params) => {
      const { encrypted_push_registration, token_id, bouncer_public_key } = controlCall('/push/seal', params) as Record<string, string>;
      return { encrypted_push_registration: encrypted_push_registration!, token_id: token_id!, bouncer_public_key: bouncer_public_key! };
    },
    addLegacyPushRegistration: (params) => controlCall('/push/legacy', params)['id'] as number,
    pushOutbox: (userId, pushKey) =>
      controlCall('/push/outbox', { ...(userId === undefined ? {} : { user_id: userId }), ...(pushKey === undefined ? {} : { push_key: pushKey }) }, 'GET')[
        'notifications'
      ] as Array<PushNotification & { payload?: unknown }>,
    setVidprovToken: (userId, hasToken) => void controlCall('/vidprov/token', { user_id: userId, has_token: hasToken }),
    addFault: (spec) => controlCall('/faults', spec as unknown as Record<string, string | number | boolean>)['fault_id'] as number | null,
    clearFaults: (faultId) => void controlCall('/faults', faultId === undefined ? {} : { fault_id: faultId }, 'DELETE'),
    faults: () => world.faults.list(),
    requests: (filter = {}) =>
      controlCall('/requests', Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as Record<string, string | number>, 'GET')['requests'] as JournalEntry[],
    setRateLimiting: (enabled) => void controlCall('/rate_limits', { enabled }),
    seedMessages: ({ from, channel, topic, to, ...rest }) => {
      const params: Record<string, string | number | boolean> = { ...rest, sender: JSON.stringify(from) };
      if (channel !== undefined) params['channel'] = String(channel);
      if (topic !== undefined) params['topics'] = JSON.stringify(Array.isArray(topic) ? topic : [topic]);
      if (to !== undefined) params['to'] = JSON.stringify(to);
      const { first_id, last_id } = controlCall('/messages/seed', params) as { first_id: number; last_id: number };
      return { first_id, last_id };
    },
    legacyPushRegistrations: (userId) => controlCall('/push/legacy', { user_id: userId }, 'GET')['registrations'] as Array<Record<string, unknown>>,
  };

  return {
    dispatch,
    preflight: (req) => preflightCore(core, req),
    respond,
    wait,
    async handle(request) {
      const res = await respond(await toApiRequest(request), request.signal);
      // A client that went away gets nothing; the Response is never read.
      if (res === null) return new Response(null, { status: 499 });
      // A dropped connection: fetch rejects.
      if (res.disconnect) throw networkError();
      return toResponse(res, request.method);
    },
    tick: () => {
      deliverDue(world);
      // Long-polls waiting for what was just delivered answer now, as after a request.
      const touched = world.store.events.drain();
      if (touched.length > 0) core.waiting?.wake(touched);
    },
    control,
    snapshot,
    restore,
    reset,
    get store() {
      return world.store;
    },
  };
}
