// msw 3 (installed as `msw3`; needs Node ≥ 22.12) in Node 22: setupServer with
// createHandlers(reference, { baseUrl, http }) given msw 3's own `http`. The shared
// case list must pass and answer the same bytes as in-process dispatch.
// Run with node_modules/node22/bin/node (scripts/test.sh does); Node 20 skips it by name.
import { http } from 'msw3';
import { setupServer } from 'msw3/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { answerOf, answerOfApi, apiRequestOf, casesFor, check, requestInit, runCases } from './cases.ts';
import { createHandlers } from './msw.ts';

// zulip-js (through isomorphic-form-data) replaces the global FormData with the
// form-data package's, which fetch cannot send; put the platform's back after loading it.
const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const BASE = 'http://understudy.test';

test('runs under Node 22.12 or newer', () => {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  assert.ok(major > 22 || (major === 22 && minor >= 12), `Node ${process.versions.node}: run this file with node_modules/node22/bin/node`);
});

test('msw 3 setupServer answers every case with the bytes of dispatch', async () => {
  const expected = createReference();
  const want = await runCases('msw', async (c) => answerOfApi(expected.dispatch(await apiRequestOf(c))));
  const server = setupServer(...createHandlers(createReference(), { baseUrl: BASE, http }));
  server.listen({ onUnhandledFrame: 'error' }); // msw 3's name for onUnhandledRequest
  try {
    const got = await runCases('msw', async (c) => answerOf(await fetch(`${BASE}${c.path}`, requestInit(c))));
    const failures = casesFor('msw').flatMap((c) => check(c, got.get(c.name)!).map((p) => `${c.name}: ${p}`));
    assert.equal(failures, []);
    assert.equal([...got], [...want]);
  } finally {
    server.close();
  }
});

test('zulip-js (node-fetch over ClientRequest) goes through msw 3 as well', async () => {
  const server = setupServer(...createHandlers(createReference(), { baseUrl: BASE, http }));
  server.listen({ onUnhandledFrame: 'error' }); // msw 3's name for onUnhandledRequest
  try {
    const client = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: BASE });
    const subs = await client.streams.subscriptions.retrieve();
    assert.is(subs.result, 'success');
    assert.ok(subs.subscriptions.length > 0);
  } finally {
    server.close();
  }
});

test('msw 3: a disconnect fault is a network error, a rate_limit fault the real 429', async () => {
  const ref = createReference();
  const server = setupServer(...createHandlers(ref, { baseUrl: BASE, http }));
  server.listen({ onUnhandledFrame: 'error' });
  try {
    ref.control.addFault({ fault: 'disconnect', path: '/api/v1/server_settings' });
    await fetch(`${BASE}/api/v1/server_settings`).then(
      () => assert.unreachable('a dropped connection has no answer'),
      (e: unknown) => assert.instance(e, TypeError),
    );
    ref.control.addFault({ fault: 'rate_limit', path: '/api/v1/server_settings' });
    const limited = await fetch(`${BASE}/api/v1/server_settings`);
    assert.is(limited.status, 429);
    assert.is((await limited.json()).code, 'RATE_LIMIT_HIT');
    assert.is((await fetch(`${BASE}/api/v1/server_settings`)).status, 200);
  } finally {
    server.close();
  }
});

test.run();
