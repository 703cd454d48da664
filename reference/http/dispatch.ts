// The request flow: route → authenticate → endpoint (which reads its params) → envelope.
// Synchronous and free of I/O; every front door ends up here. A repeated read on
// unchanged state is replayed from the ResponseCache instead.
import { ROUTES, type AuthPolicy, type Route } from '../routes.ts';
import type { Store } from '../state/store.ts';
import { authenticate, basicCredentials, type BasicCredentials } from './auth.ts';
import { decodeParams, header } from './body.ts';
import { Ctx, type Core } from './context.ts';
import { errorResponse, successResponse } from './envelope.ts';
import { ApiError, InternalError, MethodNotAllowed, RouteNotFound, Unauthorized } from './errors.ts';
import { RawParams } from './params.ts';
import type { ApiRequest, ApiResponse } from './request.ts';
import { ResponseCache, stamp } from './response-cache.ts';
import { Router, type RouteMatch } from './router.ts';
import type { User } from '../state/types.ts';

const ROUTER = new Router(ROUTES);

/**
 * Reads whose answer depends only on the request, the state, the clock and the random
 * counter, so that ResponseCache may replay them. A route joins this list once its
 * endpoint is known not to change anything outside the Store's methods (GET /events
 * will not: it acknowledges events).
 */
const REPLAYABLE = new Set(
  ['/users', '/users/me', '/users/{user_id}', '/streams', '/users/me/subscriptions', '/server_settings'].map((p) => `/api/v1${p}`),
);

/** One cache per store; a store belongs to one reference. */
const caches = new WeakMap<Store, ResponseCache>();

export function dispatch(core: Core, req: ApiRequest): ApiResponse {
  let cache = caches.get(core.store);
  if (!cache) caches.set(core.store, (cache = new ResponseCache()));
  const upper = req.method.toUpperCase();
  const method = upper === 'HEAD' ? 'GET' : upper;
  if (method === 'GET') {
    const hit = cache.get(core, req);
    if (hit) return hit;
  }
  const before = stamp(core);
  const answer = { route: undefined as Route | undefined };
  const res = answerOf(core, req, method, answer);
  if (method === 'GET' && answer.route !== undefined && REPLAYABLE.has(answer.route.path)) {
    if (res.status === 200) cache.set(core, req, res, before);
  } else {
    cache.clear();
  }
  return res;
}

function answerOf(core: Core, req: ApiRequest, method: string, answer: { route: Route | undefined }): ApiResponse {
  try {
    return successOrThrow(core, req, method, answer);
  } catch (e) {
    if (e instanceof ApiError) return errorResponse(e);
    return errorResponse(new InternalError(e instanceof Error ? `${e.name}: ${e.message}` : String(e)));
  }
}

function successOrThrow(core: Core, req: ApiRequest, method: string, answer: { route: Route | undefined }): ApiResponse {
  const q = req.path.indexOf('?');
  const path = q === -1 ? req.path : req.path.slice(0, q);
  const { route, pathParams } = findRoute(core, path, method);
  answer.route = route;
  const query = q === -1 ? req.query : mergeQuery(req.path.slice(q + 1), req.query);
  const params = new RawParams(decodeParams(query, req.body, header(req.headers, 'content-type')));
  const user = authenticateFor(core, route.auth, req);
  const data = route.handler(new Ctx(core, req, params, pathParams, user));
  return successResponse(data, params.ignored());
}

function findRoute(core: Core, path: string, method: string): RouteMatch<Route> {
  const allowed: string[] = [];
  for (const match of ROUTER.match(path)) {
    if (match.route.auth === 'control' && !core.control) continue;
    if (match.route.method === method) return match;
    allowed.push(match.route.method);
  }
  if (allowed.length > 0) throw new MethodNotAllowed(allowed);
  throw new RouteNotFound();
}

function authenticateFor(core: Core, policy: AuthPolicy, req: ApiRequest): User | null {
  if (policy === 'none' || policy === 'control') return null;
  const creds = credentialsOf(req);
  if (creds === null) {
    if (policy === 'optional') return null;
    throw new Unauthorized();
  }
  return authenticate(core.store, creds);
}

/** Decoded Authorization headers: the same few clients send the same header on every request. */
const credentialsMemo = new Map<string, BasicCredentials>();

function credentialsOf(req: ApiRequest): BasicCredentials | null {
  const value = header(req.headers, 'authorization');
  if (value === undefined) return null;
  const known = credentialsMemo.get(value);
  if (known) return known;
  const creds = basicCredentials(req.headers); // throws for a malformed header: nothing to remember
  if (creds === null) return null;
  if (credentialsMemo.size >= 256) credentialsMemo.clear();
  credentialsMemo.set(value, creds);
  return creds;
}

function mergeQuery(fromPath: string, query: ApiRequest['query']): ApiRequest['query'] {
  const merged: Record<string, string> = Object.fromEntries(new URLSearchParams(fromPath));
  if (query === undefined) return merged;
  const more = typeof query === 'string' ? Object.fromEntries(new URLSearchParams(query)) : query;
  return { ...merged, ...more };
}
