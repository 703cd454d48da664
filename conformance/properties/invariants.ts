// Rules every answer keeps, whatever the request: the JSON envelope with the right status
// class, and for GET /messages a window that is sorted, bounded and consistent with its
// found_* flags. Each problem comes with an expectation (scenario language) that the
// faulty answer fails, so that a saved scenario fails the same way.
import type { Observed } from '../matcher.ts';
import type { Problem } from './problem.ts';

const ENVELOPE = { result: { $in: ['success', 'error'] }, msg: { $type: 'string' } };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The envelope: JSON {result, msg}; 2xx is "success", 4xx an "error" with a code; never 5xx, 1xx or 3xx. */
export function envelopeProblems(o: Observed, method: string, path = ''): Problem[] {
  if (method === 'HEAD') return [];
  if (o.status >= 500) return [{ message: `status ${o.status}: every answer is a 2xx or a 4xx`, expect: { status: { min: 200, max: 499 } } }];
  // A download (GET /user_uploads/..., outside the API) answers bytes, HTML error pages or a redirect to the login page.
  if (path.startsWith('/user_uploads/')) return [];
  if (o.status < 200 || (o.status >= 300 && o.status < 400)) {
    // The class the body claims, for want of a range that leaves out only 3xx.
    const success = isObject(o.json) && o.json['result'] === 'success';
    return [{ message: `status ${o.status}: every answer is a 2xx or a 4xx`, expect: { status: success ? { min: 200, max: 299 } : { min: 400, max: 499 } } }];
  }
  if (!isObject(o.json)) return [{ message: `the body is not a JSON object: ${o.text.slice(0, 200)}`, expect: { json_subset: ENVELOPE } }];
  const j = o.json;
  const problems: Problem[] = [];
  const ok = o.status < 300;
  if (j['result'] !== (ok ? 'success' : 'error')) {
    problems.push({ message: `status ${o.status} with result ${JSON.stringify(j['result'])}`, expect: { status: o.status, result: ok ? 'success' : 'error' } });
  }
  if (typeof j['msg'] !== 'string') problems.push({ message: `msg is ${JSON.stringify(j['msg'])}, not a string`, expect: { json_subset: { msg: { $type: 'string' } } } });
  if (!ok && typeof j['code'] !== 'string') problems.push({ message: `an error without a code: ${o.text.slice(0, 200)}`, expect: { json_subset: { code: { $type: 'string' } } } });
  return problems;
}

export interface WindowRequest {
  /** 'newest', 'oldest', 'first_unread' or a message id. */
  anchor: string | number;
  num_before: number;
  num_after: number;
  include_anchor: boolean;
}

/**
 * GET /messages: ids strictly increasing; at most num_before below the anchor and
 * num_after above it; found_oldest false only with a full window below, found_newest
 * false only with a full window above; the anchor found exactly when it is listed; anchors
 * "newest" and "oldest" find their end.
 */
export function windowProblems(o: Observed, req: WindowRequest): Problem[] {
  if (o.status !== 200 || !isObject(o.json)) return [];
  const j = o.json;
  const messages = j['messages'];
  if (!Array.isArray(messages)) return [{ message: 'no messages list', expect: { json_subset: { messages: { $type: 'array' } } } }];
  const ids = messages.map((m) => (isObject(m) ? m['id'] : undefined));
  if (!ids.every((id): id is number => typeof id === 'number')) {
    return [{ message: 'a message without a numeric id', expect: { json_paths: { 'messages[*].id': { $each: { $type: 'integer' } } } } }];
  }
  for (let i = 1; i < ids.length; i++) {
    if ((ids[i] as number) <= (ids[i - 1] as number)) {
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      return [{ message: `messages not in increasing id order: ${ids.join(', ')}`, expect: { json_paths: { 'messages[*].id': sorted } } }];
    }
  }
  const anchor = typeof j['anchor'] === 'number' ? j['anchor'] : typeof req.anchor === 'number' ? req.anchor : undefined;
  const problems: Problem[] = [];
  if (anchor !== undefined) {
    const before = ids.filter((id) => id < anchor);
    const after = ids.filter((id) => id > anchor);
    if (before.length > req.num_before) {
      problems.push({
        message: `${before.length} messages before the anchor, num_before is ${req.num_before}`,
        expect: { json_paths: { 'messages[*].id': { $excludes: before.slice(0, before.length - req.num_before) } } },
      });
    }
    if (after.length > req.num_after) {
      problems.push({
        message: `${after.length} messages after the anchor, num_after is ${req.num_after}`,
        expect: { json_paths: { 'messages[*].id': { $excludes: after.slice(req.num_after) } } },
      });
    }
    if (j['found_oldest'] === false && before.length < req.num_before) {
      problems.push({ message: `found_oldest is false with ${before.length} of ${req.num_before} messages before the anchor`, expect: { json_subset: { found_oldest: true } } });
    }
    if (j['found_newest'] === false && after.length < req.num_after) {
      problems.push({ message: `found_newest is false with ${after.length} of ${req.num_after} messages after the anchor`, expect: { json_subset: { found_newest: true } } });
    }
    if (req.include_anchor && typeof req.anchor === 'number' && typeof j['found_anchor'] === 'boolean' && j['found_anchor'] !== ids.includes(anchor)) {
      problems.push({ message: `found_anchor is ${j['found_anchor']} but the anchor is ${ids.includes(anchor) ? '' : 'not '}listed`, expect: { json_subset: { found_anchor: ids.includes(anchor) } } });
    }
  }
  if (ids.length > req.num_before + req.num_after + 1) {
    problems.push({ message: `${ids.length} messages in a window of ${req.num_before} + ${req.num_after} + 1`, expect: { len: { messages: { max: req.num_before + req.num_after + 1 } } } });
  }
  if (req.anchor === 'newest' && j['found_newest'] === false) problems.push({ message: 'anchor newest, yet found_newest is false', expect: { json_subset: { found_newest: true } } });
  if (req.anchor === 'oldest' && j['found_oldest'] === false) problems.push({ message: 'anchor oldest, yet found_oldest is false', expect: { json_subset: { found_oldest: true } } });
  return problems;
}
