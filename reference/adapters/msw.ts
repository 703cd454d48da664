// The msw front door: request handlers that answer every request under baseUrl
// (/api/v1/*, the one web-app path /json/register, uploaded files under /user_uploads/*, custom emoji images under /user_avatars/*, and /_understudy/*) through reference.handle. Types only, no behaviour.
// Works with setupServer (Node) and setupWorker (browser), msw 2 and msw 3: pass
// your msw's `http` namespace when it is not the `msw` this package resolves.
// Browser-safe: no node:*.
import { http as mswHttp } from 'msw';
import { isNetworkError } from './fetch.ts';

/** What this adapter needs of a Reference. */
export interface FetchHandler {
  handle(request: Request): Promise<Response>;
}

/** The part of msw's `http` namespace used here (the same in msw 2 and 3). */
export interface HttpNamespace<H> {
  all(path: string, resolver: (info: { request: Request }) => Promise<Response>): H;
}

export interface HandlerOptions<H> {
  /**
   * Where the mocked server lives: http://localhost:9991, https://chat.example.com, or
   * a server under a path (https://example.com/zulip: the path is taken off before the
   * reference sees the request). In a browser, location.origin mocks the page's own origin.
   */
  baseUrl: string;
  /** msw's `http` namespace; default: the one exported by 'msw'. */
  http?: HttpNamespace<H>;
}

/**
 * The paths answered: the API, the web app's paths a spectator may use (registering,
 * reading messages of web-public channels), uploaded files (outside /api/v1, as on the
 * real server), the control surface. Other /json paths are left to the application's own
 * handlers.
 */
export const MOUNTS = ['/api/v1/*', '/json/register', '/json/messages', '/json/messages/:message_id', '/user_uploads/*', '/user_avatars/*', '/_understudy/*'] as const;

export function createHandlers<H = ReturnType<typeof mswHttp.all>>(reference: FetchHandler, options: HandlerOptions<H>): H[] {
  const http = options.http ?? (mswHttp as unknown as HttpNamespace<H>);
  const base = options.baseUrl.replace(/\/+$/, '');
  const prefix = basePath(base);
  // A dropped connection (a `disconnect` fault) is msw's network error: Response.error().
  const answer = (request: Request) => reference.handle(request).catch((e: unknown) => (isNetworkError(e) ? Response.error() : Promise.reject(e)));
  const resolver = prefix === '' ? ({ request }: { request: Request }) => answer(request) : async ({ request }: { request: Request }) => answer(await unprefixed(request, prefix));
  return MOUNTS.map((mount) => http.all(`${base}${mount}`, resolver));
}

function basePath(base: string): string {
  try {
    return new URL(base).pathname.replace(/\/+$/, '');
  } catch {
    return base.startsWith('/') ? base : ''; // a relative baseUrl ("/zulip"), resolved by msw against the page
  }
}

/** The request as the reference expects it: the base path taken off its URL. */
async function unprefixed(request: Request, prefix: string): Promise<Request> {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, { method: request.method, headers: request.headers, signal: request.signal, ...(hasBody ? { body: await request.arrayBuffer() } : {}) });
}
