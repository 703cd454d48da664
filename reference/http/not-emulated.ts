// An honest "not emulated": a method and path that the real server documents
// (documented-endpoints.json, generated from its OpenAPI description by
// scripts/gen-documented-endpoints.ts) but that no route of routes.ts serves answers 501
// NOT_IMPLEMENTED, so that a client developer can tell "my client is wrong" (the real
// 404/405 of an unknown path) from "Understudy lacks this". Data-driven: the moment a
// route for it is added to routes.ts, the endpoint is served and no longer a 501.
import { ROUTES, type Route } from '../routes.ts';
import documented from './documented-endpoints.json' with { type: 'json' };

interface Documented {
  method: string;
  /** The documented pattern, e.g. /api/v1/messages/{message_id}/reactions. */
  path: string;
  segments: Array<string | RegExp>;
}

/**
 * A documented `{name}` segment: digits for an id (`..._id`), as the real server's
 * `<int:...>` URL patterns; any one non-empty segment otherwise (an email, an emoji name).
 */
const paramSegment = (name: string): RegExp => (/_id$/.test(name) ? /^[0-9]+$/ : /^[^/]+$/);

const DOCUMENTED: readonly Documented[] = (documented.endpoints as string[]).map((line) => {
  const [method, path] = line.split(' ') as [string, string];
  const segments = path.split('/').map((s) => {
    const param = /^\{(\w+)\}$/.exec(s);
    return param ? paramSegment(param[1] as string) : s;
  });
  return { method, path, segments };
});

/** Documented patterns by segment count: a miss costs a handful of comparisons. */
const BY_LENGTH = new Map<number, Documented[]>();
for (const d of DOCUMENTED) {
  const list = BY_LENGTH.get(d.segments.length) ?? [];
  list.push(d);
  BY_LENGTH.set(d.segments.length, list);
}

const matches = (d: Documented, parts: string[]): boolean =>
  d.segments.every((s, i) => (typeof s === 'string' ? s === parts[i] : s.test(parts[i] as string)));

/**
 * The documented patterns this path is, of any method. As in the real server's URL table,
 * where a literal path comes first (`/users/me` before `/users/{email}`), only the most
 * literal patterns that match count.
 */
function documentedFor(path: string): Documented[] {
  if (!path.startsWith('/api/v1/')) return [];
  const parts = path.split('/');
  const found = (BY_LENGTH.get(parts.length) ?? []).filter((d) => matches(d, parts));
  if (found.length < 2) return found;
  const literals = (d: Documented) => d.segments.filter((s) => typeof s === 'string').length;
  const most = Math.max(...found.map(literals));
  return found.filter((d) => literals(d) === most);
}

/** The documented endpoint ("METHOD /api/v1/pattern") this request names, if any. */
export function documentedEndpoint(method: string, path: string): string | undefined {
  const found = documentedFor(path).find((d) => d.method === method);
  return found && `${found.method} ${found.path}`;
}

/** The methods the real server documents for this path (for a 405's Allow). */
export function documentedMethods(path: string): string[] {
  return documentedFor(path).map((d) => d.method);
}

/** A pattern with its parameter names dropped: /users/{user_id} and /users/{id} are one path (and a rest `{filename...}` one parameter). */
const shape = (path: string): string => path.replace(/\{\w+(?:\.\.\.)?\}/g, '{}');

export interface CatalogueEntry {
  method: string;
  path: string;
  /** Served by a route of routes.ts. */
  emulated: boolean;
  /** Documented by the real server's OpenAPI description (else a route of Understudy's own beyond it). */
  documented: boolean;
}

/**
 * Every documented endpoint and every API route, in path then method order. The web
 * app's /json routes for spectators and the downloads under /user_uploads are not API
 * routes (the API description has only /api/v1 paths), so they are left out.
 */
export function catalogue(routes: readonly Route[] = ROUTES): CatalogueEntry[] {
  const served = new Map<string, Route>();
  for (const r of routes) if (!r.control && r.path.startsWith('/api/v1/')) served.set(`${r.method} ${shape(r.path)}`, r);
  const out: CatalogueEntry[] = [];
  const seen = new Set<string>();
  for (const d of DOCUMENTED) {
    const key = `${d.method} ${shape(d.path)}`;
    seen.add(key);
    out.push({ method: d.method, path: d.path, emulated: served.has(key), documented: true });
  }
  for (const [key, r] of served) if (!seen.has(key)) out.push({ method: r.method, path: r.path, emulated: true, documented: false });
  const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return out.sort((a, b) => (a.path === b.path ? order.indexOf(a.method) - order.indexOf(b.method) : a.path < b.path ? -1 : 1));
}
