// node:http specifics the shared case list cannot show: bodies over the limit with or
// without a Content-Length, HEAD, the request log, headers sent twice, closing, who may
// use the test-control surface. (Malformed HTTP and slow clients: scripts/hostile.test.ts.)
import { createServer, IncomingMessage, request as httpRequest, ServerResponse, type IncomingHttpHeaders } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import type { ApiRequest } from '../http/request.ts';
import { answerProtocolErrors, createNodeListener, DEFAULT_MAX_BODY_BYTES, isLoopback, serve, type Serving } from './node-http.ts';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over a fresh socket; body chunks are written one by one (chunked if no length is set). */
function send(url: string, method: string, path: string, headers: Record<string, string | string[]>, chunks: Uint8Array[] = []): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

async function withServer(maxBodyBytes: number | undefined, fn: (s: Serving, log: string[], seen: ApiRequest[]) => Promise<void>): Promise<void> {
  const reference = createReference();
  const seen: ApiRequest[] = [];
  const spy = { dispatch: (req: ApiRequest) => (seen.push(req), reference.dispatch(req)) };
  const log: string[] = [];
  const serving = await serve(spy, {
    port: 0,
    host: '127.0.0.1',
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    log: ({ method, path, status, ms }) => log.push(`${method} ${path} ${status} ${ms >= 0 ? 'ms' : '?'}`),
  });
  try {
    await fn(serving, log, seen);
  } finally {
    await serving.close();
  }
}

const enc = new TextEncoder();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

test('a chunked body over the limit is answered 413 without reaching dispatch', () =>
  withServer(1024, async ({ url }, log, seen) => {
    const chunk = enc.encode(`username=iago%40zulip.com&password=${'x'.repeat(600)}`);
    const res = await send(url, 'POST', '/api/v1/fetch_api_key', FORM, [chunk, chunk]);
    assert.is(res.status, 413);
    assert.equal(JSON.parse(res.body), { result: 'error', msg: 'Request body too large (limit: 1024 bytes)', code: 'BAD_REQUEST' });
    assert.is(res.headers['content-type'], 'application/json');
    assert.is(seen.length, 0);
    assert.equal(log, ['POST /api/v1/fetch_api_key 413 ms']);
  }));

test('a declared Content-Length over the limit is answered 413 at once', () =>
  withServer(10, async ({ url }, _log, seen) => {
    const body = enc.encode('username=iago%40zulip.com&password=secret');
    const res = await send(url, 'POST', '/api/v1/fetch_api_key', { ...FORM, 'content-length': String(body.length) }, [body]);
    assert.is(res.status, 413);
    assert.is(res.headers['connection'], 'close');
    assert.is(seen.length, 0);
  }));

test('a body at the limit is accepted, in several chunks', () =>
  withServer(undefined, async ({ url }, _log, seen) => {
    const parts = ['username=iago%40', 'zulip.com&pass', 'word=secret'].map((p) => enc.encode(p));
    const res = await send(url, 'POST', '/api/v1/fetch_api_key?x=1', FORM, parts);
    assert.is(res.status, 200, res.body);
    assert.is(JSON.parse(res.body).user_id, 4);
    assert.is(seen[0]?.path, '/api/v1/fetch_api_key');
    assert.is(seen[0]?.query, 'x=1');
    assert.ok(seen[0]?.body instanceof Uint8Array);
    assert.is(DEFAULT_MAX_BODY_BYTES, 25 * 1024 * 1024);
  }));

test('HEAD answers the headers of GET and no body', () =>
  withServer(undefined, async ({ url }) => {
    const head = await send(url, 'HEAD', '/api/v1/server_settings', {});
    const get = await send(url, 'GET', '/api/v1/server_settings', {});
    assert.is(head.status, 200);
    assert.is(head.body, '');
    assert.is(head.headers['content-length'], get.headers['content-length']);
    assert.is(Number(get.headers['content-length']), enc.encode(get.body).length);
  }));

test('a request without a body reaches dispatch without one, headers flattened', () =>
  withServer(undefined, async ({ url }, log, seen) => {
    const iago = `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}`;
    const res = await send(url, 'GET', '/api/v1/users/me', { Authorization: [iago, 'Basic eA=='], 'X-Twice': ['a', 'b'], cookie: ['a=1', 'b=2'] });
    assert.is(res.status, 200, res.body);
    assert.is(seen[0]?.body, undefined);
    assert.is(seen[0]?.query, undefined);
    assert.equal(seen[0]?.headers, { host: new URL(url).host, authorization: iago, 'x-twice': 'a, b', cookie: 'a=1; b=2', connection: 'close' });
    assert.equal(log, ['GET /api/v1/users/me 200 ms']);
  }));

test('the listener works in a server of your own, with JSON for malformed HTTP once asked for', async () => {
  const reference = createReference();
  const server = createServer(createNodeListener(reference));
  answerProtocolErrors(server, reference);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  try {
    const res = await send(`http://127.0.0.1:${port}`, 'GET', '/api/v1/server_settings', {});
    assert.is(res.status, 200);
    const bad = await send(`http://127.0.0.1:${port}`, 'GET', '/api/v1/server_settings', { 'content-length': ['1', '2'] });
    assert.is(bad.status, 400);
    assert.match(JSON.parse(bad.body).msg, /^Malformed HTTP request: /);
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

test('serve() reports the URL with the port it bound', async () => {
  const serving = await serve(createReference(), { port: 0, host: '127.0.0.1' });
  assert.match(serving.url, /^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  await serving.close();
  assert.is(serving.server.listening, false);
});

test('close() ends idle keep-alive connections', async () => {
  const serving = await serve(createReference(), { port: 0, host: '127.0.0.1' });
  const res = await fetch(`${serving.url}/api/v1/server_settings`); // undici keeps the socket open
  await res.text();
  const started = performance.now();
  await serving.close();
  assert.ok(performance.now() - started < 1000);
});

test('serve() rejects when the port is taken', async () => {
  const one = await serve(createReference(), { port: 0, host: '127.0.0.1' });
  const port = Number(new URL(one.url).port);
  try {
    await serve(createReference(), { port, host: '127.0.0.1' }).then(
      () => assert.unreachable('listened twice'),
      (e: NodeJS.ErrnoException) => assert.is(e.code, 'EADDRINUSE'),
    );
  } finally {
    await one.close();
  }
});

const controlCall = (url: string, headers: Record<string, string> = {}) => send(url, 'POST', '/_understudy/clock/advance', { ...FORM, ...headers }, [enc.encode('ms=1000')]);

test('the control surface: loopback clients without a token', () =>
  withServer(undefined, async ({ url }, _log, seen) => {
    const res = await controlCall(url);
    assert.is(res.status, 200, res.body);
    assert.is(seen.length, 1);
  }));

test('the control surface: with a token, only requests that carry it, from anywhere', async () => {
  const reference = createReference();
  const seen: ApiRequest[] = [];
  const serving = await serve({ dispatch: (req) => (seen.push(req), reference.dispatch(req)) }, { port: 0, host: '127.0.0.1', controlToken: 'swordfish' });
  try {
    const clock = reference.control.now();
    for (const headers of [{}, { 'x-understudy-control-token': 'swordfis' }, { 'x-understudy-control-token': 'swordfish!' }, { authorization: 'Bearer swordfish' }]) {
      const res = await controlCall(serving.url, headers);
      assert.is(res.status, 403, JSON.stringify(headers));
      assert.equal(JSON.parse(res.body), {
        result: 'error',
        msg: 'The test-control surface requires the token given with --control-token, in the X-Understudy-Control-Token header',
        code: 'BAD_REQUEST',
      });
    }
    assert.is(seen.length, 0, 'refused before dispatch');
    assert.is(reference.control.now(), clock);
    assert.is((await controlCall(serving.url, { 'X-Understudy-Control-Token': 'swordfish' })).status, 200);
    assert.is(reference.control.now(), clock + 1000);
    assert.is((await send(serving.url, 'GET', '/api/v1/server_settings', {})).status, 200, 'the API needs no token');
  } finally {
    await serving.close();
  }
});

test('the control surface: refused to a client that is not on the loopback interface, before its body is read', () => {
  const reference = createReference();
  const seen: ApiRequest[] = [];
  const listener = createNodeListener({ dispatch: (req) => (seen.push(req), reference.dispatch(req)) });
  const req = new IncomingMessage(new Socket()); // not connected: no remote address, as for a peer that is not loopback
  req.method = 'POST';
  req.url = '/_understudy/reset';
  req.rawHeaders = ['Content-Length', '5'];
  const res = new ServerResponse(req);
  let written = '';
  res.end = ((chunk: Uint8Array) => ((written = Buffer.from(chunk).toString('utf8')), res)) as typeof res.end;
  listener(req, res);
  assert.is(res.statusCode, 403);
  assert.equal(JSON.parse(written), {
    result: 'error',
    msg: 'The test-control surface is served to loopback clients only (start the server with --control-token to allow others)',
    code: 'BAD_REQUEST',
  });
  assert.is(seen.length, 0);
});

test('loopback addresses', () => {
  for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) assert.ok(isLoopback(a), a);
  for (const a of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '::', '0.0.0.0', '', undefined]) assert.not.ok(isLoopback(a), String(a));
});

test.run();
