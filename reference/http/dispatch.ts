// The request flow: route → authenticate → endpoint (which reads its params) → envelope.
// Synchronous and free of I/O; every front door ends up here.
import { ROUTES, type AuthPolicy, type Route } from '../routes.ts';
import { authenticate, basicCredentials } from './auth.ts';
import { decodeParams, header } from './body.ts';
import { Ctx, type Core } from './context.ts';
import { errorResponse, successResponse } from './envelope.ts';
import { ApiError, InternalError, MethodNotAllowed, RouteNotFound, Unauthorized } from './errors.ts';
import { RawParams } from './params.ts';
import type { ApiRequest, ApiResponse } from './request.ts';
import type { User } from '../state/types.ts';

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

const COMPILED: CompiledRoute[] = ROUTES.map((r) => {
  const names: string[] = [];
  const source = r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([0-9]+)';
  });
  return { ...r, regex: new RegExp(`^${source}/?$`), names };
});

export function dispatch(core: Core, req: ApiRequest): ApiResponse {
  try {
    return successOrThrow(core, req);
  } catch (e) {
    if (e instanceof ApiError) return errorResponse(e);
    return errorResponse(new InternalError(e instanceof Error ? `${e.name}: ${e.message}` : String(e)));
  }
}

function successOrThrow(core: Core, req: ApiRequest): ApiResponse {
  const q = req.path.indexOf('?');
  const path = q === -1 ? req.path : req.path.slice(0, q);
  const method = req.method.toUpperCase() === 'HEAD' ? 'GET' : req.method.toUpperCase();
  const { route, pathParams } = findRoute(core, path, method);
  const query = q === -1 ? req.query : mergeQuery(req.path.slice(q + 1), req.query);
  const params = new RawParams(decodeParams(query, req.body, header(req.headers, 'content-type')));
  const user = authenticateFor(core, route.auth, req);
  const data = route.handler(new Ctx(core, req, params, pathParams, user));
  return successResponse(data, params.ignored());
}

function findRoute(core: Core, path: string, method: string): { route: CompiledRoute; pathParams: Record<string, string> } {
  const allowed: string[] = [];
  for (const route of COMPILED) {
    if (route.auth === 'control' && !core.control) continue;
    const m = route.regex.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const pathParams: Record<string, string> = {};
    route.names.forEach((name, i) => (pathParams[name] = m[i + 1] ?? ''));
    return { route, pathParams };
  }
  if (allowed.length > 0) throw new MethodNotAllowed(allowed);
  throw new RouteNotFound();
}

function authenticateFor(core: Core, policy: AuthPolicy, req: ApiRequest): User | null {
  if (policy === 'none' || policy === 'control') return null;
  const creds = basicCredentials(req.headers);
  if (creds === null) {
    if (policy === 'optional') return null;
    throw new Unauthorized();
  }
  return authenticate(core.store, creds);
}

function mergeQuery(fromPath: string, query: ApiRequest['query']): ApiRequest['query'] {
  const merged: Record<string, string> = Object.fromEntries(new URLSearchParams(fromPath));
  if (query === undefined) return merged;
  const more = typeof query === 'string' ? Object.fromEntries(new URLSearchParams(query)) : query;
  return { ...merged, ...more };
}
