// The test-control surface for client tests: faults (POST / GET / DELETE
// /_understudy/faults), the request journal (GET /_understudy/requests), the real
// server's rate limits (POST /_understudy/rate_limits) and the clock (GET /_understudy/clock).
import { z } from 'zod';
import { deleteQueue } from '../actions/event-queues.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { EVENT_QUEUES } from '../state/event-queues.ts';
import { FAULT_KINDS, type FaultSpec } from '../state/faults.ts';
import type { JournalEntry } from '../state/request-journal.ts';

const METHOD = z.string().regex(/^[A-Za-z]+$/, 'a method, such as POST');

export function addFault(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    fault: str(z.enum(FAULT_KINDS)),
    method: str(METHOD).optional(),
    path: str(z.string().min(1)).optional(),
    times: json(z.int().min(1)).optional(),
    every: json(z.int().min(1)).optional(),
    probability: json(z.number().min(0).max(1)).optional(),
    retry_after: json(z.number().min(0)).optional(),
    ms: json(z.int().min(0)).optional(),
    queue_id: str().optional(),
  });
  if (p.every !== undefined && p.probability !== undefined) throw new BadRequest('A fault fires on every Nth request or with a probability, not both');
  if (p.fault === 'latency' && p.ms === undefined) throw new BadRequest("Missing 'ms' argument");
  if (p.path !== undefined && p.path.startsWith('/_understudy')) throw new BadRequest('Faults apply to the API (/api/v1), not to the test-control surface');
  const spec = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as unknown as FaultSpec;
  if (spec.fault === 'expire_queue' && spec.queue_id !== undefined) {
    // A named queue is gone at once: its waiting long-polls answer BAD_EVENT_QUEUE_ID.
    const queue = ctx.store.table(EVENT_QUEUES).find('queue_id', spec.queue_id)[0];
    if (queue === undefined) throw new BadRequest(`No event queue ${spec.queue_id}`);
    deleteQueue(ctx.world, queue);
    return { fault_id: null };
  }
  return { fault_id: ctx.world.faults.add(spec) };
}

export function listFaults(ctx: Ctx): Record<string, unknown> {
  return { faults: ctx.world.faults.list() };
}

export function clearFaults(ctx: Ctx): Record<string, unknown> {
  const { fault_id } = ctx.params.read({ fault_id: json(z.int()).optional() });
  if (fault_id === undefined) ctx.world.faults.clear();
  else if (!ctx.world.faults.remove(fault_id)) throw new BadRequest(`No fault ${fault_id}`);
  return {};
}

/** What a test may ask of the journal. */
export interface RequestFilter {
  method?: string;
  /** An API path; `{name}` matches any one segment; /api/v1 may be left off. */
  path?: string;
  user_id?: number | null;
  /** Only the last `limit`. */
  limit?: number;
}

export function filterRequests(entries: JournalEntry[], filter: RequestFilter): JournalEntry[] {
  const want = filter.path === undefined ? undefined : (filter.path.startsWith('/api/v1') ? filter.path : `/api/v1${filter.path.startsWith('/') ? '' : '/'}${filter.path}`).split('/');
  const out = entries.filter((e) => {
    if (filter.method !== undefined && e.method !== filter.method.toUpperCase()) return false;
    if (filter.user_id !== undefined && e.user_id !== filter.user_id) return false;
    if (want === undefined) return true;
    const parts = e.path.split('/');
    return parts.length === want.length && want.every((s, i) => /^\{\w*\}$/.test(s) || s === parts[i]);
  });
  return filter.limit === undefined ? out : out.slice(-filter.limit);
}

export function requests(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    method: str(METHOD).optional(),
    path: str().optional(),
    user_id: json(z.int().nullable()).optional(),
    limit: json(z.int().min(1)).optional(),
  });
  const filter = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as RequestFilter;
  return { requests: filterRequests(ctx.world.journal.entries(), filter) };
}

export function rateLimits(ctx: Ctx): Record<string, unknown> {
  const { enabled } = ctx.params.read({ enabled: json(z.boolean()) });
  ctx.world.rateLimits.enabled = enabled;
  ctx.world.rateLimits.clear();
  return { enabled };
}

export function clock(ctx: Ctx): Record<string, unknown> {
  return { now_ms: ctx.world.nowMs(), kind: ctx.world.clock.kind };
}
