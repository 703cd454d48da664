// The fetch front door: Request → ApiRequest, ApiResponse → Response. Types only.
import type { ApiRequest, ApiResponse } from '../http/request.ts';

export async function toApiRequest(request: Request): Promise<ApiRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key] = value));
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? new Uint8Array(await request.arrayBuffer()) : undefined;
  return { method: request.method, path: url.pathname, query: url.search.slice(1), headers, ...(body ? { body } : {}) };
}

export function toResponse(res: ApiResponse, method = 'GET'): Response {
  return new Response(method === 'HEAD' ? null : ((res.bytes as Uint8Array<ArrayBuffer> | undefined) ?? res.body), { status: res.status, headers: res.headers });
}

/** What fetch rejects with when the connection is dropped (a `disconnect` fault): a TypeError, as undici's "fetch failed". */
export function networkError(): TypeError {
  const cause = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', understudy: 'disconnect' });
  return new TypeError('fetch failed', { cause });
}

export function isNetworkError(e: unknown): boolean {
  return e instanceof TypeError && (e.cause as { understudy?: string } | undefined)?.understudy === 'disconnect';
}
