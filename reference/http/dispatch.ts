// The request flow: route → authenticate (headers only) → decode parameters → endpoint
// → envelope. Synchronous and free of I/O; every front door ends up here. The route
// table (routes.ts) says who may call a route and whether a repeat may be replayed.
// Authentication comes before any parameter or body byte is read, so an
// unauthenticated request costs O(headers): preflight() runs exactly that part, for
// front doors that can answer before they read a body (node:http).
import { ROUTES, type AuthPolicy, type Route } from '../routes.ts';
import { deliverDue } from '../actions/deliver-due.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { ApiError, InternalError, MethodNotAllowed, NotImplemented, RouteNotFound, SessionUnauthorized, Unauthorized } from '../errors.ts';
import { Ctx, type UploadedFile } from '../request/context.ts';
import { header } from '../request/headers.ts';
import { RawParams } from '../request/params.ts';
import type { User } from '../state/types.ts';
import { expireQueues } from '../actions/event-queues.ts';
import { authenticate, basicCredentials, type BasicCredentials } from './auth.ts';
import { decodeParams } from './body.ts';
import type { Core } from './core.ts';
import { checkCsrf } from './csrf.ts';
import { errorResponse, successResponse } from './envelope.ts';
import type { ApiRequest, ApiResponse } from './request.ts';
import { ResponseCache, stamp } from './response-cache.ts';
import { draw, expireQueue, faultAnswer, journal, queueIdOf, RateLimited, rateLimitHeaders } from './faults.ts';
import { documentedEndpoint, documentedMethods } from './not-emulated.ts';
import { Router, type RouteMatch } from './router.ts';

const ROUTER = new Router(ROUTES);

/** One cache per world; a world belongs to one reference. */
const caches = new WeakMap<object, ResponseCache>();

/** How long a long-poll waits before a heartbeat ends it (the real server: 45–55 s). */
export const HEARTBEAT_MS = 50_000;

export function dispatch(core: Core, req: ApiRequest): ApiResponse {
  const q = req.path.indexOf('?');
  const path = q === -1 ? req.path : req.path.slice(0, q);
  // The test-control surface is never faulted nor journalled: it is the test's own.
  const res = path.startsWith('/_understudy') ? dispatchOnce(core, req) : dispatchApi(core, req, path);
  const touched = core.world.store.events.drain();
  // Stryker disable next-line all: another door only: it wakes the waiting long-polls of the async doors (http/long-poll.ts, left out of scope); the synchronous dispatch the conformance targets use never waits
  if (touched.length > 0) core.waiting?.wake(touched);
  return res;
}

/**
 * A request to the API: a fault the test asked for may answer it, or act around it
 * (http/faults.ts); the real server's rate limits apply when they are on; the request
 * journal records it.
 */
function dispatchApi(core: Core, req: ApiRequest, path: string): ApiResponse {
  const world = core.world;
  const method = methodOf(req);
  const q = req.path.indexOf('?');
  const query = q === -1 ? req.query : mergeQuery(req.path.slice(q + 1), req.query);
  const fault = world.faults.size === 0 ? undefined : world.faults.take(method, path, () => draw(world));
  let res = fault && faultAnswer(fault, world);
  if (res === undefined) {
    if (fault?.fault === 'expire_queue') expireQueue(world, fault.queue_id ?? queueIdOf(req, query));
    res = dispatchOnce(core, req);
    if (fault?.fault === 'latency') res = { ...res, delayUntilMs: world.nowMs() + (fault.ms ?? 0) };
  }
  journal(world, req, query, method, path, userOf(core, req), res, fault);
  return res;
}

/** Per world: the user each Authorization header named, while the state is unchanged. */
const usersByHeader = new WeakMap<object, { version: number; byHeader: Map<string, number | null> }>();

/** The user a request's credentials name, for the journal: null if none, or refused. */
function userOf(core: Core, req: ApiRequest): number | null {
  const value = header(req.headers, 'authorization');
  if (value === undefined) return null;
  const store = core.world.store;
  let memo = usersByHeader.get(core.world);
  if (memo === undefined || memo.version !== store.version) usersByHeader.set(core.world, (memo = { version: store.version, byHeader: new Map() }));
  const known = memo.byHeader.get(value);
  if (known !== undefined) return known;
  let userId: number | null;
  try {
    const creds = credentialsOf(req);
    userId = creds === null ? null : authenticate(store, creds).user_id;
  } catch {
    userId = null;
  }
  // Stryker disable next-line all: memory only: a forgotten header is authenticated again, to the same user
  if (memo.byHeader.size < 256) memo.byHeader.set(value, userId);
  return userId;
}

/** Per world, the instant and state version of the last look for due work. */
const looked = new WeakMap<object, { now: number; version: number }>();

/**
 * Work that fell due since the last request comes first: idle queues are collected,
 * scheduled messages and reminders delivered (a look at the head of each order). Nothing
 * can fall due while neither the clock nor the state moves, so a repeated read at one
 * instant does not look again.
 */
function dueWork(world: Core['world']): void {
  const last = looked.get(world);
  if (last !== undefined && last.now === world.clock.now() && last.version === world.store.version) return;
  expireQueues(world);
  deliverDue(world);
  if (last === undefined) looked.set(world, { now: world.clock.now(), version: world.store.version });
  else {
    last.now = world.clock.now();
    last.version = world.store.version;
  }
}

/** The method whose answers may be replayed (http/response-cache.ts); HEAD is answered as it. */
const GET = 'GET';

function dispatchOnce(core: Core, req: ApiRequest): ApiResponse {
  dueWork(core.world);
  let cache = caches.get(core.world);
  if (!cache) caches.set(core.world, (cache = new ResponseCache()));
  const method = methodOf(req);
  if (method === 'OPTIONS') return options(core, req);
  const limits = core.world.rateLimits;
  // With rate limiting on, every request counts: none is replayed from the cache.
  if (method === GET && !limits.enabled) {
    const hit = cache.get(core, req);
    if (hit) return hit;
  }
  const before = stamp(core);
  let route: Route | undefined;
  let res: ApiResponse;
  let limitHeaders: Record<string, string> | undefined;
  try {
    const admitted = admit(core, req, method);
    route = admitted.match.route;
    // Downloads of uploaded files are not rate limited (rest_dispatch's skip_rate_limiting for override_api_url_scheme views).
    if (limits.enabled && admitted.user !== null && !route.control && route.auth !== 'user-or-anonymous') limitHeaders = rateLimit(core, admitted.user, path(req));
    res = answer(core, req, admitted);
  } catch (e) {
    res = errorResponse(asApiError(e));
  }
  if (limitHeaders !== undefined) Object.assign(res.headers, limitHeaders);
  if (route?.replayable && res.status === 200) cache.set(core, req, res, before);
  else cache.clear();
  return res;
}

// Stryker disable all: front-door only: the node:http adapter answers before reading a body; the conformance suites reach the in-process reference through dispatch (scripts/mutation/scope.ts)
/**
 * The answer a request gets before its body is read, if it is refused by then: no such
 * route, a method the path does not take, or missing or bad credentials. null when the
 * body is needed to answer. Changes nothing.
 */
export function preflight(core: Core, req: Omit<ApiRequest, 'body'>): ApiResponse | null {
  const method = methodOf(req);
  const requestPath = path(req);
  const api = !requestPath.startsWith('/_understudy');
  // A request a fault may answer goes through dispatch, where faults fire.
  if (api && core.world.faults.matches(method, requestPath)) return null;
  let res: ApiResponse | null;
  if (method === 'OPTIONS') res = options(core, req);
  else {
    try {
      admit(core, req, method);
      res = null;
    } catch (e) {
      res = errorResponse(asApiError(e));
    }
  }
  // An answer sent from here is journalled here (its parameters, in the body, are not read).
  if (res !== null && api) {
    const q = req.path.indexOf('?');
    journal(core.world, req, q === -1 ? req.query : mergeQuery(req.path.slice(q + 1), req.query), method, requestPath, userOf(core, req), res, undefined);
  }
  return res;
}
// Stryker restore all

const path = (req: { path: string }): string => {
  const q = req.path.indexOf('?');
  return q === -1 ? req.path : req.path.slice(0, q);
};

/**
 * The real server's rate limit of an authenticated request (zerver/lib/rate_limiter.py
 * rate_limit_user, domain api_by_user): a RateLimited error when over it, else the
 * X-RateLimit-* headers its answer carries (zerver/middleware.py RateLimitMiddleware).
 * NOTE: approximation: GET and DELETE /events, which Tornado serves, count in a bucket
 * of their own as there, but with the Redis backend's arithmetic; unauthenticated
 * requests (the api_by_ip domain) are not limited.
 */
function rateLimit(core: Core, user: User, requestPath: string): Record<string, string> {
  const nowMs = core.world.nowMs();
  const bucket = requestPath === '/api/v1/events' ? 'tornado' : 'api';
  const result = core.world.rateLimits.take(`${user.user_id}:${bucket}`, nowMs / 1000);
  const headers = rateLimitHeaders(result, nowMs);
  if (result.limited) throw new RateLimited(result.secsToFreedom, headers);
  return headers;
}

interface Admitted {
  match: RouteMatch<Route>;
  user: User | null;
  /** The path without its query string, and the query string found there. */
  query: ApiRequest['query'];
}

/** Route and authenticate: everything that needs only the request line and the headers. */
function admit(core: Core, req: Omit<ApiRequest, 'body'>, method: string): Admitted {
  const q = req.path.indexOf('?');
  const path = q === -1 ? req.path : req.path.slice(0, q);
  const match = findRoute(core, path, method);
  const user = authenticateFor(core, match.route, req);
  const query = q === -1 ? req.query : mergeQuery(req.path.slice(q + 1), req.query);
  return { match, user, query };
}

/** RFC 9110's safe methods, which CsrfViewMiddleware.process_view accepts unchecked. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

function answer(core: Core, req: ApiRequest, { match, user, query }: Admitted): ApiResponse {
  const headers = req.headers ?? {};
  const contentType = header(headers, 'content-type');
  const files: UploadedFile[] = [];
  const params = new RawParams(decodeParams(query, req.body, contentType, files));
  // csrf_protect reads a POST's csrfmiddlewaretoken from the body only (request.POST); the
  // field stays unread by the endpoint, so it is listed in ignored_parameters_unsupported.
  // Django's CsrfViewMiddleware checks unsafe methods only: a GET (or HEAD) passes without.
  if (match.route.auth === 'web-visitor' && !SAFE_METHODS.has(match.route.method)) checkCsrf(headers, decodeParams(undefined, req.body, contentType).get('csrfmiddlewaretoken'));
  const ctx = new Ctx(core.world, headers, params, match.pathParams, user);
  ctx.files = files;
  const data = match.route.handler(ctx);
  const raw = ctx.rawAnswer;
  if (raw !== undefined) return { status: raw.status, headers: raw.headers, body: raw.text ?? '', json: {}, ...(raw.bytes ? { bytes: raw.bytes } : {}) };
  // NOTE: approximation: before feature level 167 a few endpoints (levels 78, 96, 111) already
  // listed ignored parameters; here none does.
  const ignored = atLeast(core.world, 'ignored_parameters_unsupported') ? params.ignored() : [];
  const res = successResponse(data, ignored);
  const waitOn = ctx.waitOn;
  if (waitOn !== undefined) {
    // Taken up again by the long-poll when woken: the request was routed, authenticated
    // and read already; only its answer remains to be made.
    // Stryker disable all: front-door only: only the async doors wait (http/long-poll.ts, left out of scope for the same reason)
    const resume = (): ApiResponse | null => {
      try {
        const later = waitOn.resume();
        return later === null ? null : successResponse(later, ignored);
      } catch (e) {
        return errorResponse(asApiError(e));
      }
    };
    res.wait = { queueId: waitOn.queueId, deadlineMs: core.world.nowMs() + HEARTBEAT_MS, resume };
  }
  // Stryker restore all
  return res;
}

/**
 * OPTIONS on an existing path: 204, no body, and the path's methods in `Allow`, sorted,
 * HEAD wherever GET is; before authentication, and for any path that takes no OPTIONS
 * itself (zulip/zulip zerver/lib/rest.py, get_target_view_function_or_response).
 * An unknown path is the usual 404.
 */
function options(core: Core, req: Omit<ApiRequest, 'body'>): ApiResponse {
  const q = req.path.indexOf('?');
  const methods = new Set<string>();
  try {
    findRoute(core, q === -1 ? req.path : req.path.slice(0, q), 'OPTIONS');
  } catch (e) {
    if (!(e instanceof MethodNotAllowed)) return errorResponse(asApiError(e));
    for (const m of e.data['allowed_methods'] as string[]) methods.add(m);
  }
  return { status: 204, headers: { Allow: [...methods].sort().join(', ') }, body: '', json: {} };
}

const methodOf = (req: { method: string }): string => {
  const upper = req.method.toUpperCase();
  return upper === 'HEAD' ? GET : upper;
};

const asApiError = (e: unknown): ApiError =>
  e instanceof ApiError ? e : new InternalError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/**
 * Django takes the first URL pattern that matches a path, whatever the method, and zproject/urls.py
 * lists literal paths before patterns and `<int:...>` before `<email>`: so of the route
 * patterns matching a path only the most specific counts (a literal segment over an id, an id
 * over any text), e.g. /users/me over /users/{email}, /users/12 over /users/{email}.
 */
function mostSpecific(matches: Array<RouteMatch<Route>>): Array<RouteMatch<Route>> {
  if (matches.length < 2) return matches;
  const rank = (pattern: string) => pattern.split('/').map((s) => (!s.startsWith('{') ? 2 : /_id\}$/.test(s) ? 1 : 0));
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) > (b[i] as number);
    return false;
  };
  let best = matches[0] as RouteMatch<Route>;
  for (const m of matches) if (better(rank(m.route.path), rank(best.route.path))) best = m;
  return matches.filter((m) => m.route.path === best.route.path);
}

/**
 * The route of this path and method. A route of a later feature level than the server's
 * does not exist, as on a server of that level: no route at all is a 404 (before
 * authentication, as for any unknown path), another method's route a 405. A method and
 * path that the real server documents and no route serves at all is a 501
 * NOT_IMPLEMENTED (http/not-emulated.ts), before authentication too.
 */
function findRoute(core: Core, path: string, method: string): RouteMatch<Route> {
  const allowed: string[] = [];
  /** Methods some route serves on this path, at any feature level (those follow the routes). */
  const routed = new Set<string>();
  for (const match of mostSpecific(ROUTER.match(path))) {
    // Stryker disable next-line ConditionalExpression: another door only: the conformance targets always serve the test-control surface, so no scenario can ask for a control route with it off
    if (match.route.control && !core.control) continue;
    routed.add(match.route.method);
    if (match.route.since !== undefined && !atLeast(core.world, match.route.since)) continue;
    if (match.route.method === method) return match;
    allowed.push(match.route.method);
  }
  const endpoint = routed.has(method) ? undefined : documentedEndpoint(method, path);
  if (endpoint !== undefined) throw new NotImplemented(endpoint);
  // A path the real server has, with another method: its 405 names the documented methods
  // that no route serves too (a route's method follows the route, and its feature level).
  for (const m of documentedMethods(path)) if (!routed.has(m) && !allowed.includes(m)) allowed.push(m);
  if (allowed.length > 0) throw new MethodNotAllowed(allowed);
  throw new RouteNotFound();
}

function authenticateFor(core: Core, route: Route, req: Omit<ApiRequest, 'body'>): User | null {
  const policy: AuthPolicy = route.auth;
  if (policy === 'none' || policy === 'web-visitor') return null;
  if (policy === 'web-session') throw new SessionUnauthorized();
  const creds = credentialsOf(req);
  if (creds === null && policy === 'user-or-anonymous') {
    // rest_dispatch: without an Authorization header, a download's `api_key` in the query string authenticates (the mobile apps').
    const apiKey = queryApiKey(req);
    return apiKey === undefined ? null : authenticate(core.world.store, { email: null, apiKey: apiKey.trim() });
  }
  if (creds === null) {
    const anonymousAllowed = route.anonymousSince === undefined || atLeast(core.world, route.anonymousSince);
    if (policy === 'public-access' && anonymousAllowed && publicAccess(core)) return null;
    throw new Unauthorized();
  }
  return authenticate(core.world.store, creds);
}

/** The `api_key` of the request's query string (the path's, then the query's own), if any. */
function queryApiKey(req: Omit<ApiRequest, 'body'>): string | undefined {
  const q = req.path.indexOf('?');
  const query = q === -1 ? req.query : mergeQuery(req.path.slice(q + 1), req.query);
  if (query === undefined) return undefined;
  if (typeof query === 'string') return new URLSearchParams(query).get('api_key') ?? undefined;
  return query['api_key'];
}

/** The organization uses the public access option: logged-out visitors may read. */
function publicAccess(core: Core): boolean {
  const { realm, config } = core.world.store;
  return realm.enable_spectator_access && config.web_public_streams_enabled;
}

/** Decoded Authorization headers: the same few clients send the same header on every request. */
const credentialsMemo = new Map<string, BasicCredentials>();

function credentialsOf(req: Omit<ApiRequest, 'body'>): BasicCredentials | null {
  const value = header(req.headers, 'authorization');
  if (value === undefined) return null;
  const known = credentialsMemo.get(value);
  if (known) return known;
  const creds = basicCredentials(value); // throws for a malformed header: nothing to remember
  // Stryker disable next-line all: memory only: a forgotten header is decoded again, to the same credentials
  if (credentialsMemo.size >= 256) credentialsMemo.clear();
  credentialsMemo.set(value, creds);
  return creds;
}

/**
 * The path's query string, then the request's own query (a later value wins). Text stays
 * text, decoded with the limits of any query string (body.ts): the real server counts
 * every `&`-separated pair, repeated names too (Django's QueryDict).
 */
function mergeQuery(fromPath: string, query: ApiRequest['query']): ApiRequest['query'] {
  // Stryker disable all: in-process callers only: a query in the path and one given apart as well (the node:http, fetch and msw doors split the URL into path and query, reference/adapters/)
  if (query === undefined) return fromPath;
  if (typeof query === 'string') return `${fromPath}&${query}`;
  return { ...Object.fromEntries(new URLSearchParams(fromPath)), ...query };
  // Stryker restore all
}
