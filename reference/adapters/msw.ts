// The msw front door: request handlers that answer every request under baseUrl
// (/api/v1/* and /_understudy/*) through reference.handle. Types only, no behaviour.
// Works with setupServer (Node) and setupWorker (browser), msw 2 and msw 3: pass
// your msw's `http` namespace when it is not the `msw` this package resolves.
// Browser-safe: no node:*.
import { http as mswHttp } from 'msw';

/** What this adapter needs of a Reference. */
export interface FetchHandler {
  handle(request: Request): Promise<Response>;
}

/** The part of msw's `http` namespace used here (identical in msw 2 and 3). */
export interface HttpNamespace<H> {
  all(path: string, resolver: (info: { request: Request }) => Promise<Response>): H;
}

export interface HandlerOptions<H> {
  /** Where the mocked server lives, e.g. http://localhost:9991 or https://chat.example.com. */
  baseUrl: string;
  /** msw's `http` namespace; default: the one exported by 'msw'. */
  http?: HttpNamespace<H>;
}

export const MOUNTS = ['/api/v1', '/_understudy'] as const;

export function createHandlers<H = ReturnType<typeof mswHttp.all>>(reference: FetchHandler, options: HandlerOptions<H>): H[] {
  const http = options.http ?? (mswHttp as unknown as HttpNamespace<H>);
  const base = options.baseUrl.replace(/\/+$/, '');
  const resolver = ({ request }: { request: Request }) => reference.handle(request);
  return MOUNTS.map((mount) => http.all(`${base}${mount}/*`, resolver));
}
