// The one case list every front door runs (adapters hide small bugs): in-process
// dispatch, fetch (reference.handle), msw (setupServer / setupWorker, msw 2 and 3) and
// node:http. Each door must answer every case with the same status, headers and bytes.
// (Idea from honojs/hono src/router/common.case.test.ts.) Cases run in order against
// one fresh reference per door with the default seed: later cases may see earlier ones.
// Data plus the two encoders the doors share; no node:*, so the browser test bundles it.

export type Door = 'dispatch' | 'fetch' | 'msw' | 'http';

export type CaseBody =
  | { form: Record<string, string> } // application/x-www-form-urlencoded (the Python client)
  | { multipart: Record<string, string> } // multipart/form-data (zulip-js)
  | { raw: string; type?: string };

export interface Case {
  name: string;
  method: string;
  /** Path, possibly with a query string. */
  path: string;
  /** Sent as HTTP Basic email:api_key with the fixture user's key, or given verbatim. */
  as?: string;
  authorization?: string;
  body?: CaseBody;
  expect: {
    status: number;
    /** A JSON subset: objects may omit keys, arrays must match in length. */
    json?: unknown;
    headers?: Record<string, string>;
  };
  /** Only these doors (default: all). */
  doors?: Door[];
}

/** The fixture's API keys (fixtures/realm.json); the realm is fixed, so the list may name them. */
export const KEYS: Record<string, string> = {
  'iago@zulip.com': 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd',
  'hamlet@zulip.com': '9nYpu0sUHvIrOijMyMFoexS2V8wCEIc1',
  'polonius@zulip.com': 'Xw07g2P29Mxns07ClCqcgoZDGBLKAHh9',
  'webhook-bot@zulip.com': 'zG1Arxi6xw2t5m3DOYZpfMXDgJED1Uom',
};

/** Doors that enforce a body limit (node:http) are given this one in tests. */
export const TEST_MAX_BODY_BYTES = 64 * 1024;

const ok = { result: 'success', msg: '' };
const UNAUTHORIZED = { 'www-authenticate': 'Basic realm="zulip"' };
const NEW_KEY = 'Understudy0000000000000000000001';

export const CASES: Case[] = [
  { name: 'GET without auth where none is needed', method: 'GET', path: '/api/v1/server_settings', expect: { status: 200, json: { ...ok, push_notifications_enabled: true } } },
  { name: 'GET as Iago', method: 'GET', path: '/api/v1/users/me', as: 'iago@zulip.com', expect: { status: 200, json: { ...ok, email: 'iago@zulip.com', user_id: 4, role: 200 } } },
  { name: 'GET with a trailing slash: no such route', method: 'GET', path: '/api/v1/users/me/', as: 'hamlet@zulip.com', expect: { status: 404 } },
  {
    name: 'GET with JSON query parameters',
    method: 'GET',
    path: '/api/v1/users?user_ids=%5B4%2C6%5D&client_gravatar=false',
    as: 'iago@zulip.com',
    expect: { status: 200, json: { ...ok, members: [{ user_id: 4 }, { user_id: 6 }] } },
  },
  { name: 'GET with a path parameter', method: 'GET', path: '/api/v1/users/12?include_custom_profile_fields=true', as: 'hamlet@zulip.com', expect: { status: 200, json: { user: { user_id: 12, role: 600 } } } },
  {
    name: 'GET reports unknown query parameters',
    method: 'GET',
    path: '/api/v1/streams?include_all=true&zzz=1&aaa=%F0%9F%8E%AD',
    as: 'iago@zulip.com',
    expect: { status: 200, json: { ...ok, ignored_parameters_unsupported: ['aaa', 'zzz'] } },
  },
  { name: 'GET rejects a non-boolean', method: 'GET', path: '/api/v1/users?client_gravatar=1', as: 'iago@zulip.com', expect: { status: 400, json: { result: 'error', msg: 'client_gravatar is not a boolean', code: 'BAD_REQUEST' } } },
  { name: 'GET subscriptions as the guest', method: 'GET', path: '/api/v1/users/me/subscriptions', as: 'polonius@zulip.com', expect: { status: 200, json: { ...ok } } },

  {
    name: 'POST with a urlencoded body',
    method: 'POST',
    path: '/api/v1/fetch_api_key',
    body: { form: { username: 'iago@zulip.com', password: 'secret' } },
    expect: { status: 200, json: { ...ok, api_key: KEYS['iago@zulip.com'], email: 'iago@zulip.com', user_id: 4 } },
  },
  {
    name: 'POST with a multipart body',
    method: 'POST',
    path: '/api/v1/fetch_api_key',
    body: { multipart: { username: 'hamlet@zulip.com', password: 'secret' } },
    expect: { status: 200, json: { ...ok, api_key: KEYS['hamlet@zulip.com'], user_id: 6 } },
  },
  {
    name: 'POST body parameters win over the query string',
    method: 'POST',
    path: '/api/v1/fetch_api_key?username=nobody%40zulip.com&password=wrong',
    body: { form: { username: 'iago@zulip.com', password: 'secret' } },
    expect: { status: 200, json: { ...ok, user_id: 4 } },
  },
  {
    name: 'POST with a wrong password',
    method: 'POST',
    path: '/api/v1/fetch_api_key',
    body: { multipart: { username: 'iago@zulip.com', password: 'not secret' } },
    expect: { status: 401, json: { result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' } },
  },
  {
    name: 'POST a control request with a multipart body and non-ASCII text',
    method: 'POST',
    path: '/_understudy/users',
    body: { multipart: { email: 'ariel@zulip.com', full_name: 'Ariel 🎭 Ünïcødé', role: 'member' } },
    expect: { status: 200, json: { ...ok, user_id: 15, email: 'ariel@zulip.com' } },
  },
  {
    name: 'POST a control request with a urlencoded body',
    method: 'POST',
    path: '/_understudy/users',
    body: { form: { email: 'miranda@zulip.com', full_name: 'Miranda & Ferdinand = ♥', api_key: NEW_KEY } },
    expect: { status: 200, json: { ...ok, user_id: 16, api_key: NEW_KEY } },
  },
  {
    name: 'a user added over the control surface can authenticate',
    method: 'GET',
    path: '/api/v1/users/me',
    authorization: `Basic ${btoa(`miranda@zulip.com:${NEW_KEY}`)}`,
    expect: { status: 200, json: { user_id: 16, full_name: 'Miranda & Ferdinand = ♥' } },
  },
  { name: 'POST a JSON-typed control parameter', method: 'POST', path: '/_understudy/clock/advance', body: { form: { ms: '1500' } }, expect: { status: 200, json: { ...ok } } },
  // Django reads a body only for the two form media types (HttpRequest._load_post_and_files).
  { name: 'POST a raw body without a content type is not read', method: 'POST', path: '/_understudy/clock/advance', body: { raw: 'ms=500', type: '' }, expect: { status: 400, json: { result: 'error', msg: "Missing 'ms' argument" } } },

  // PATCH/DELETE with urlencoded bodies: the body is read whatever the method (the Python client).
  {
    name: 'PATCH with a urlencoded body',
    method: 'PATCH',
    path: '/api/v1/users/me/subscriptions/1',
    as: 'iago@zulip.com',
    body: { form: { property: 'pin_to_top', value: 'true' } },
    expect: { status: 200, json: { ...ok } },
  },
  {
    name: 'DELETE with a urlencoded body',
    method: 'DELETE',
    path: '/api/v1/users/me/subscriptions',
    as: 'hamlet@zulip.com',
    body: { form: { subscriptions: '["Verona"]' } },
    expect: { status: 200, json: { ...ok, removed: ['Verona'], not_removed: [] } },
  },
  {
    name: 'POST a message with a multipart body, as zulip-js does',
    method: 'POST',
    path: '/api/v1/messages',
    as: 'hamlet@zulip.com',
    body: { multipart: { type: 'stream', to: 'Denmark', topic: 'castle', content: 'To be, or **not** to be 🎭' } },
    expect: { status: 200, json: { ...ok } },
  },
  {
    name: 'GET messages with a JSON narrow in the query',
    method: 'GET',
    path: `/api/v1/messages?anchor=newest&num_before=1&num_after=0&narrow=${encodeURIComponent('[{"operator":"channel","operand":"Denmark"},{"operator":"topic","operand":"castle"}]')}`,
    as: 'hamlet@zulip.com',
    expect: { status: 200, json: { ...ok, messages: [{ subject: 'castle', content: '<p>To be, or <strong>not</strong> to be <span aria-label="performing arts" class="emoji emoji-1f3ad" role="img" title="performing arts">:performing_arts:</span></p>' }] } },
  },
  {
    name: 'star through flags/narrow with a multipart body',
    method: 'POST',
    path: '/api/v1/messages/flags/narrow',
    as: 'hamlet@zulip.com',
    body: {
      multipart: {
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        narrow: '[{"operator":"channel","operand":"Denmark"},{"operator":"topic","operand":"castle"}]',
        op: 'add',
        flag: 'starred',
      },
    },
    expect: { status: 200, json: { ...ok, processed_count: 1, updated_count: 1, found_newest: true } },
  },
  {
    name: 'mark a topic read with a urlencoded body',
    method: 'POST',
    path: '/api/v1/mark_topic_as_read',
    as: 'hamlet@zulip.com',
    body: { form: { stream_id: '2', topic_name: 'castle' } },
    expect: { status: 200, json: { ...ok } },
  },
  {
    name: 'DELETE with a query string',
    method: 'DELETE',
    path: '/api/v1/messages/999999?extra=1',
    as: 'iago@zulip.com',
    expect: { status: 400, json: { result: 'error', code: 'BAD_REQUEST' } },
  },

  { name: 'unknown route', method: 'GET', path: '/api/v1/no/such/route', as: 'iago@zulip.com', expect: { status: 404, json: { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' } } },
  { name: 'unknown control route', method: 'POST', path: '/_understudy/nothing', expect: { status: 404, json: { code: 'BAD_REQUEST' } } },
  { name: 'wrong method', method: 'POST', path: '/api/v1/server_settings', body: { form: { a: '1' } }, expect: { status: 405, json: { result: 'error', msg: 'Method Not Allowed' } } },
  {
    name: 'wrong method with a urlencoded body',
    method: 'PATCH',
    path: '/api/v1/users/me',
    as: 'iago@zulip.com',
    body: { form: { full_name: 'Iago the Ensign' } },
    expect: { status: 405, json: { result: 'error', msg: 'Method Not Allowed' } },
  },

  {
    name: 'no credentials',
    method: 'GET',
    path: '/api/v1/streams',
    expect: { status: 401, json: { result: 'error', code: 'UNAUTHORIZED', msg: 'Not logged in: API authentication or user session required' }, headers: UNAUTHORIZED },
  },
  { name: 'a malformed API key', method: 'GET', path: '/api/v1/users/me', authorization: `Basic ${btoa('iago@zulip.com:short')}`, expect: { status: 401, json: { msg: 'Malformed API key' }, headers: UNAUTHORIZED } },
  {
    name: "someone else's API key",
    method: 'GET',
    path: '/api/v1/users/me',
    authorization: `Basic ${btoa(`hamlet@zulip.com:${KEYS['iago@zulip.com']}`)}`,
    expect: { status: 401, json: { msg: 'Invalid API key', code: 'UNAUTHORIZED' }, headers: UNAUTHORIZED },
  },
  { name: 'not base64', method: 'GET', path: '/api/v1/users/me', authorization: 'Basic !!!', expect: { status: 401, json: { msg: 'Invalid authorization header for basic auth' } } },
  { name: 'not Basic', method: 'GET', path: '/api/v1/users/me', authorization: 'Bearer abc', expect: { status: 400, json: { msg: 'This endpoint requires HTTP basic authentication.' } } },
  { name: 'an incoming webhook bot on the REST API', method: 'GET', path: '/api/v1/users/me', as: 'webhook-bot@zulip.com', expect: { status: 401, json: { code: 'UNAUTHORIZED' } } },

  {
    name: 'a body over the size limit',
    method: 'POST',
    path: '/api/v1/fetch_api_key',
    body: { form: { username: 'iago@zulip.com', password: 'x'.repeat(96 * 1024) } },
    expect: { status: 413, json: { result: 'error', code: 'BAD_REQUEST' } },
    doors: ['http'],
  },
];

export function casesFor(door: Door): Case[] {
  return CASES.filter((c) => c.doors === undefined || c.doors.includes(door));
}

export function authorizationOf(c: Case): string | undefined {
  if (c.authorization !== undefined) return c.authorization;
  if (c.as === undefined) return undefined;
  const key = KEYS[c.as];
  if (key === undefined) throw new Error(`cases.ts: no API key listed for ${c.as}`);
  return `Basic ${btoa(`${c.as}:${key}`)}`;
}

/** The case as fetch's RequestInit (for fetch, msw and node:http). */
export function requestInit(c: Case): RequestInit {
  const headers: Record<string, string> = {};
  const auth = authorizationOf(c);
  if (auth !== undefined) headers['authorization'] = auth;
  const init: RequestInit = { method: c.method, headers };
  if (c.body === undefined) return init;
  if ('form' in c.body) init.body = new URLSearchParams(c.body.form);
  else if ('multipart' in c.body) {
    const form = new FormData();
    for (const [k, v] of Object.entries(c.body.multipart)) form.append(k, v);
    init.body = form;
  } else {
    init.body = new TextEncoder().encode(c.body.raw);
    if (c.body.type) headers['content-type'] = c.body.type;
  }
  return init;
}

/** The case as an in-process ApiRequest: query string apart, bodies as text or bytes. */
export async function apiRequestOf(c: Case): Promise<{ method: string; path: string; query?: string; headers: Record<string, string>; body?: string | Uint8Array }> {
  const q = c.path.indexOf('?');
  const headers: Record<string, string> = {};
  const auth = authorizationOf(c);
  if (auth !== undefined) headers['authorization'] = auth;
  const req: { method: string; path: string; query?: string; headers: Record<string, string>; body?: string | Uint8Array } = {
    method: c.method,
    path: q === -1 ? c.path : c.path.slice(0, q),
    headers,
  };
  if (q !== -1) req.query = c.path.slice(q + 1);
  if (c.body === undefined) return req;
  if ('form' in c.body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    req.body = new URLSearchParams(c.body.form).toString();
  } else if ('multipart' in c.body) {
    const encoded = new Response(requestInit(c).body);
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    req.body = new Uint8Array(await encoded.arrayBuffer());
  } else {
    req.body = c.body.raw;
    if (c.body.type) headers['content-type'] = c.body.type;
  }
  return req;
}

/** What the doors are compared on. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers every door must agree on (the transport adds others: date, content-length, ...). */
export const COMPARED_HEADERS = ['content-type', 'www-authenticate', 'allow', 'retry-after'];

export async function answerOf(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const name of COMPARED_HEADERS) {
    const v = response.headers.get(name);
    if (v !== null) headers[name] = v;
  }
  return { status: response.status, headers, body: await response.text() };
}

/** Is `actual` a superset of `expected`? Returns the first path that differs, or null. */
export function subsetMismatch(expected: unknown, actual: unknown, path = '$'): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${path}: expected an array of ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const m = subsetMismatch(expected[i], actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path}: expected an object`;
    for (const [k, v] of Object.entries(expected)) {
      const m = subsetMismatch(v, (actual as Record<string, unknown>)[k], `${path}.${k}`);
      if (m) return m;
    }
    return null;
  }
  return Object.is(expected, actual) ? null : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

/** Problems with an answer against the case's expectations (empty: it passes). */
export function check(c: Case, a: Answer): string[] {
  const problems: string[] = [];
  if (a.status !== c.expect.status) problems.push(`status ${a.status}, expected ${c.expect.status}: ${a.body.slice(0, 200)}`);
  let json: unknown;
  try {
    json = JSON.parse(a.body);
  } catch {
    problems.push(`body is not JSON: ${a.body.slice(0, 200)}`);
  }
  if (c.expect.json !== undefined && json !== undefined) {
    const m = subsetMismatch(c.expect.json, json);
    if (m) problems.push(m);
  }
  if (a.headers['content-type'] !== 'application/json') problems.push(`content-type ${a.headers['content-type']}`);
  for (const [k, v] of Object.entries(c.expect.headers ?? {})) if (a.headers[k] !== v) problems.push(`header ${k}: ${a.headers[k]}, expected ${v}`);
  return problems;
}

/** Every case for a door, in order, through `send`; answers by case name. */
export async function runCases(door: Door, send: (c: Case) => Promise<Answer>): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const c of casesFor(door)) answers.set(c.name, await send(c));
  return answers;
}

/** An in-process answer in the shape the doors are compared on. */
export function answerOfApi(res: { status: number; headers: Record<string, string>; body: string }): Answer {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (COMPARED_HEADERS.includes(k.toLowerCase())) headers[k.toLowerCase()] = v;
  return { status: res.status, headers, body: res.body };
}
