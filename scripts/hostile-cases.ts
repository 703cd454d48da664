// Hostile requests over raw sockets, for the hostile-input test (hostile.test.ts) and
// `npm run bench -- --hostile`. Each case is bytes as a hostile client sends them and
// the answer it must get: a status and the JSON error envelope, at once (or, for slow
// clients, at the server's timeout). The classes behind them: parser-costly bodies
// within the size limit, malformed HTTP that Node's parser refuses, oversized request
// lines and headers, protocols that are not HTTP/1.1, and clients that never finish.
import { connect } from 'node:net';

export const IAGO = `Basic ${Buffer.from('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd').toString('base64')}`;

export interface HostileCase {
  name: string;
  /** The bytes, written in this order. Built on demand: some are tens of megabytes. */
  pieces(): Array<string | Uint8Array>;
  /** The status; where two are listed, either (see the case). */
  status: number | readonly number[];
  /** The error message, or a pattern it must match. */
  msg: string | RegExp;
  /** Answered at the server's timeout (headers or whole request), not at once. */
  slow?: 'headers' | 'request';
}

/** An HTTP/1.1 request; a body gets its Content-Length unless the headers say otherwise. */
export function request(method: string, path: string, headers: Record<string, string> = {}, body?: string | Uint8Array): Array<string | Uint8Array> {
  const all: Record<string, string> = { Host: 'understudy.test', ...headers };
  if (body !== undefined && !Object.keys(all).some((k) => /^(content-length|transfer-encoding)$/i.test(k))) {
    all['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  }
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  return body === undefined ? [head] : [head, body];
}

const FORM = { Authorization: IAGO, 'Content-Type': 'application/x-www-form-urlencoded' };

const nested = (depth: number) => `{"new":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** A multipart body whose boundary is thousands of dashes, about 1 MB, shaped to cost a naive search the most. */
function dashBoundary(headers: Record<string, string>): Array<string | Uint8Array> {
  const boundary = '-'.repeat(4000);
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${`\r\n--${'-'.repeat(3999)}x`.repeat(250)}\r\n--${boundary}--\r\n`;
  return request('POST', '/api/v1/messages', { ...headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body);
}

export const HOSTILE_CASES: HostileCase[] = [
  // Bodies within the 25 MiB limit that cost a careless decoder seconds.
  { name: 'multipart boundary of 4000 dashes, 1 MB', pieces: () => dashBoundary({ Authorization: IAGO }), status: 400, msg: 'Invalid multipart boundary (1 to 70 characters)' },
  {
    // 400 while parameters are decoded before authentication; 401 where authentication comes first.
    name: 'multipart boundary of 4000 dashes, 1 MB, unauthenticated',
    pieces: () => dashBoundary({}),
    status: [400, 401],
    msg: /^(Invalid multipart boundary|Not logged in)/,
  },
  {
    name: '2,000,000 form parameters on GET /users',
    pieces: () => request('GET', '/api/v1/users', FORM, 'a&'.repeat(2_000_000)),
    status: 400,
    msg: 'Too many parameters (limit: 1000)',
  },
  {
    name: 'a 20 MiB topic',
    pieces: () => request('POST', '/api/v1/messages', FORM, `type=stream&to=Verona&content=hi&topic=${'x'.repeat(20 * 1024 * 1024)}`),
    status: 400,
    msg: "Parameter 'topic' is too long (limit: 1048576 characters)",
  },
  {
    name: 'a group setting nested 1,000,000 deep on PATCH /realm',
    pieces: () => request('PATCH', '/api/v1/realm', FORM, `can_create_groups=${nested(1_000_000)}`),
    status: 400,
    msg: "Parameter 'can_create_groups' is too long (limit: 1048576 characters)",
  },
  {
    name: 'a group setting nested 400,000 deep (within the length limit)',
    pieces: () => request('PATCH', '/api/v1/realm', FORM, `can_create_groups=${nested(400_000)}`),
    status: 400,
    msg: 'can_create_groups is not valid JSON (nested deeper than 100 levels)',
  },
  {
    name: 'a body over 25 MiB',
    pieces: () => request('POST', '/api/v1/messages', FORM, new Uint8Array(25 * 1024 * 1024 + 1).fill(0x61)),
    status: 413,
    msg: 'Request body too large (limit: 26214400 bytes)',
  },

  // Malformed HTTP: Node's parser refuses these before the request listener runs.
  { name: 'raw \\xff in the request line', pieces: () => [Buffer.from('GET /api/v1/users\xff HTTP/1.1\r\nHost: a\r\n\r\n', 'latin1')], status: 400, msg: /^Malformed HTTP request: / },
  { name: 'Content-Length: abc', pieces: () => request('POST', '/api/v1/messages', { 'Content-Length': 'abc' }), status: 400, msg: /^Malformed HTTP request: / },
  {
    name: 'Content-Length and Transfer-Encoding',
    pieces: () => request('POST', '/api/v1/messages', { 'Content-Length': '5', 'Transfer-Encoding': 'chunked' }, '0\r\n\r\n'),
    status: 400,
    msg: /^Malformed HTTP request: /,
  },
  {
    name: 'two different Content-Lengths',
    pieces: () => [`POST /api/v1/messages HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd`],
    status: 400,
    msg: /^Malformed HTTP request: /,
  },
  {
    name: 'a bad chunk size',
    pieces: () => request('POST', '/api/v1/fetch_api_key', { 'Transfer-Encoding': 'chunked' }, 'zz\r\nabc\r\n0\r\n\r\n'),
    status: 400,
    msg: /^Malformed HTTP request: /,
  },
  { name: 'chunk extensions of 30 kB', pieces: () => request('POST', '/api/v1/fetch_api_key', { 'Transfer-Encoding': 'chunked' }, `1;${'e'.repeat(30_000)}\r\nx\r\n0\r\n\r\n`), status: 413, msg: 'Chunk extensions too large' },
  { name: 'Transfer-Encoding: gzip alone', pieces: () => request('POST', '/api/v1/messages', { 'Transfer-Encoding': 'gzip' }, ''), status: 400, msg: /^Malformed HTTP request: / },
  { name: 'a 64 kB header', pieces: () => request('GET', '/api/v1/users', { 'X-Big': 'a'.repeat(64 * 1024) }), status: 431, msg: /^Request headers too large \(limit: 16384 bytes/ },
  { name: 'a 100 kB URL', pieces: () => request('GET', `/api/v1/users?q=${'a'.repeat(100_000)}`), status: 414, msg: /^URI too long \(limit: 16384 bytes/ },
  {
    name: '3,000 headers',
    pieces: () => request('GET', '/api/v1/users', Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`X-Header-${i}`, 'v']))),
    status: 431,
    msg: /^Request headers too large/,
  },
  { name: 'a lowercase method', pieces: () => [`get /api/v1/users HTTP/1.1\r\nHost: a\r\n\r\n`], status: 400, msg: /^Malformed HTTP request: / },
  { name: 'an HTTP/2 connection preface', pieces: () => ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'], status: 400, msg: 'Malformed HTTP request: HTTP/2 is not served here, only HTTP/1.1' },
  { name: 'HTTP/9.9', pieces: () => [`GET /api/v1/users HTTP/9.9\r\nHost: a\r\n\r\n`], status: 400, msg: /^Malformed HTTP request: / },
  { name: 'a space in a header name', pieces: () => [`GET /api/v1/users HTTP/1.1\r\nHost: a\r\nBad Header: x\r\n\r\n`], status: 400, msg: /^Malformed HTTP request: / },
  { name: 'a NUL in a header value', pieces: () => [`GET /api/v1/users HTTP/1.1\r\nHost: a\r\nX-A: a\u0000b\r\n\r\n`], status: 400, msg: /^Malformed HTTP request: / },
  { name: 'bare LF line ends', pieces: () => [`GET /api/v1/users HTTP/1.1\nHost: a\n\n`], status: 400, msg: /^Malformed HTTP request: / },
  { name: 'not HTTP at all', pieces: () => ['hello\r\n\r\n'], status: 400, msg: /^Malformed HTTP request: / },
  { name: 'CONNECT', pieces: () => request('CONNECT', 'example.com:443', { Host: 'example.com:443' }), status: 404, msg: 'Not Found' },
  { name: 'Expect: teapot', pieces: () => request('POST', '/api/v1/fetch_api_key', { Expect: 'teapot' }, 'username=x'), status: 417, msg: /^Expectation failed/ },

  // Clients that never finish.
  { name: 'headers never finished', pieces: () => ['GET /api/v1/users HTTP/1.1\r\nHost: a\r\n'], status: 408, msg: /^Request timeout/, slow: 'headers' },
  { name: 'a body never finished', pieces: () => request('POST', '/api/v1/fetch_api_key', { 'Content-Length': '100' }, 'username='), status: 408, msg: /^Request timeout/, slow: 'request' },
  { name: 'a connection that sends nothing', pieces: () => [], status: 408, msg: /^Request timeout/, slow: 'headers' },
];

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From connecting to the last byte of the answer. */
  ms: number;
}

/**
 * Sends `pieces` on a fresh connection and reads one HTTP/1.1 answer (its
 * Content-Length says where it ends). A connection the server resets after answering
 * is fine; one that ends before a whole answer, or takes longer than `timeoutMs`, is not.
 */
export function exchange(url: string, pieces: Array<string | Uint8Array>, timeoutMs = 10_000): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname, () => {
      for (const p of pieces) socket.write(p);
    });
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received);
      if (answer) settle(() => resolve({ ...answer, ms: performance.now() - started }));
    });
    socket.on('error', (e) => settle(() => reject(new Error(`connection failed before an answer: ${e.message}; got ${JSON.stringify(received.toString('latin1').slice(0, 200))}`))));
    socket.on('close', () => settle(() => reject(new Error(`connection closed before an answer; got ${JSON.stringify(received.toString('latin1').slice(0, 200))}`))));
  });
}

function parseAnswer(bytes: Buffer): Omit<Answer, 'ms'> | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine = '', ...lines] = bytes.toString('latin1', 0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  if (!Number.isInteger(length) || bytes.length < end + 4 + length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body: bytes.toString('utf8', end + 4, end + 4 + length) };
}
