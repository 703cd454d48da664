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
  return new Response(method === 'HEAD' ? null : res.body, { status: res.status, headers: res.headers });
}
