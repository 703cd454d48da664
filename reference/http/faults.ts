// The answers of the faults a test asks for (state/faults.ts), the real server's rate
// limiting when it is turned on (state/rate-limits.ts), and the request journal
// (state/request-journal.ts): what dispatch does around a request to /api/v1.
import { deleteQueue } from '../actions/event-queues.ts';
import { ApiError } from '../errors.ts';
import { header } from '../request/headers.ts';
import { EVENT_QUEUES } from '../state/event-queues.ts';
import type { Fault } from '../state/faults.ts';
import type { RateLimitResult } from '../state/rate-limits.ts';
import { maskParams } from '../state/request-journal.ts';
import type { World } from '../world.ts';
import { decodeParams } from './body.ts';
import { errorResponse } from './envelope.ts';
import type { ApiRequest, ApiResponse } from './request.ts';

/** A number in [0, 1) from the world's seeded random (a fault's `probability`). */
export function draw(world: World): number {
  const bytes = world.random.bytes(4);
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) / 2 ** 32;
}

/** Python's str() of a float, as Django writes a Retry-After of float seconds: 60.0, 28.706807374954224. */
export const pythonFloat = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));

/**
 * RateLimitedError (zerver/lib/exceptions.py): 429, RATE_LIMIT_HIT, `retry-after` in the
 * body and Retry-After in the headers, with the X-RateLimit-* headers of
 * zerver/middleware.py RateLimitMiddleware.
 */
export class RateLimited extends ApiError {
  constructor(secsToFreedom: number, headers: Record<string, string>) {
    super(
      429,
      'RATE_LIMIT_HIT',
      'API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers',
      { 'retry-after': secsToFreedom },
      { 'Retry-After': pythonFloat(secsToFreedom), ...headers },
    );
  }
}

/** RateLimitMiddleware.set_response_headers: the largest rule's limit, the calls left, when it resets (UNIX seconds). */
export function rateLimitHeaders(result: RateLimitResult, nowMs: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(result.limit),
    'X-RateLimit-Remaining': String(result.remaining),
    'X-RateLimit-Reset': String(Math.floor(nowMs / 1000 + result.secsToFreedom)),
  };
}

// NOTE: approximation: the body nginx sends by default for these statuses; a Zulip
// installation's nginx may serve its own page. Either way, not JSON: clients must cope.
const PROXY = { unavailable: [503, 'Service Temporarily Unavailable'], bad_gateway: [502, 'Bad Gateway'], gateway_timeout: [504, 'Gateway Time-out'] } as const;
const proxyPage = (status: number, text: string): string =>
  `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/** The answer of a fault that answers by itself (all but latency and expire_queue), or undefined. */
export function faultAnswer(fault: Fault, world: World): ApiResponse | undefined {
  switch (fault.fault) {
    case 'rate_limit': {
      const secs = fault.retry_after ?? 1;
      const limit = world.rateLimits.rules[world.rateLimits.rules.length - 1]?.[1] ?? 2000;
      return errorResponse(new RateLimited(secs, rateLimitHeaders({ limited: true, limit, remaining: 0, secsToFreedom: secs }, world.nowMs())));
    }
    case 'server_error': {
      // zerver/middleware.py JsonErrorHandler: an unexpected exception, no `code`.
      const json = { result: 'error', msg: 'Internal server error' };
      return { status: 500, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json), json };
    }
    case 'unavailable':
    case 'bad_gateway':
    case 'gateway_timeout': {
      const [status, text] = PROXY[fault.fault];
      return { status, headers: { 'Content-Type': 'text/html' }, body: proxyPage(status, text), json: {} };
    }
    case 'disconnect':
      return { status: 0, headers: {}, body: '', json: {}, disconnect: true };
    default:
      return undefined;
  }
}

/** expire_queue: the named queue, or the one this request names, is gone (as when the real server collects it). */
export function expireQueue(world: World, queueId: string | undefined): boolean {
  if (queueId === undefined) return false;
  const queue = world.store.table(EVENT_QUEUES).find('queue_id', queueId)[0];
  if (queue === undefined) return false;
  deleteQueue(world, queue);
  return true;
}

/** The request's parameters, or none if they cannot be read (the request's own answer says why). */
function paramsOf(req: ApiRequest, query: ApiRequest['query']): Map<string, string> {
  try {
    return decodeParams(query, req.body, header(req.headers ?? {}, 'content-type'));
  } catch {
    return new Map();
  }
}

/** The queue a GET or DELETE /events names (`query`: the request's query, its path's merged in). */
export function queueIdOf(req: ApiRequest, query: ApiRequest['query']): string | undefined {
  return paramsOf(req, query).get('queue_id');
}

/** Bodies larger than this are not kept for the journal (its memory stays bounded). */
const MAX_KEPT_BODY = 64 * 1024;

const sizeOf = (body: ApiRequest['body']): number =>
  body === undefined ? 0 : typeof body === 'string' ? body.length : body instanceof Uint8Array ? body.byteLength : 0;

/** One journal entry; the parameters are decoded (and masked) when the journal is read. */
export function journal(
  world: World,
  req: ApiRequest,
  query: ApiRequest['query'],
  method: string,
  path: string,
  userId: number | null,
  res: ApiResponse,
  fault: Fault | undefined,
): void {
  const size = sizeOf(req.body);
  const kept: ApiRequest = size > MAX_KEPT_BODY ? { ...req, body: undefined } : req;
  // A success has no code; reading `json` of a replayed answer would parse its body.
  const code = res.status < 400 ? undefined : res.json['code'];
  const entry: Parameters<World['journal']['record']>[0] = {
    method,
    path,
    user_id: userId,
    params: () => {
      const params = maskParams(paramsOf(kept, query));
      if (kept !== req) params['(body)'] = `${size} bytes, not kept`;
      return params;
    },
    status: res.status,
    code: typeof code === 'string' ? code : null,
    timestamp_ms: world.nowMs(),
  };
  if (fault !== undefined) entry.fault = fault.fault;
  world.journal.record(entry);
}
