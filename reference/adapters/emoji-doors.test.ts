// Custom emoji through every front door: a FormData image (as browsers and zulip-flutter
// send it) goes up through in-process dispatch, fetch (reference.handle), msw 2 + global
// fetch and node:http, and its image comes back byte for byte at its source_url,
// outside /api/v1, without credentials; a path no emoji has is 404 everywhere.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { createHandlers } from './msw.ts';
import { serve } from './node-http.ts';

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/wHwAEAQH/cetH5QAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

function auth(ref: Reference, email: string): Record<string, string> {
  const u = ref.store.userByEmail(email);
  if (!u) throw new Error(`no user ${email}`);
  return { Authorization: `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}` };
}

function dispatchFetch(ref: Reference): Fetch {
  return async (path, init) => {
    const req = new Request(`http://x.test${path}`, init);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    const body = req.method === 'GET' ? undefined : new Uint8Array(await req.arrayBuffer());
    const res = ref.dispatch({ method: req.method, path, headers, ...(body ? { body } : {}) });
    return new Response((res.bytes as Uint8Array<ArrayBuffer> | undefined) ?? (res.body === '' ? null : res.body), { status: res.status, headers: res.headers });
  };
}

async function journey(ref: Reference, send: Fetch): Promise<void> {
  const form = new FormData();
  form.append('image', new Blob([PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'door.png');
  const up = await send('/api/v1/realm/emoji/door_emoji', { method: 'POST', headers: auth(ref, 'hamlet@zulip.com'), body: form });
  assert.is(up.status, 200, await up.clone().text());
  const list = (await (await send('/api/v1/realm/emoji', { method: 'GET', headers: auth(ref, 'cordelia@zulip.com') })).json()) as { emoji: Record<string, { name: string; source_url: string }> };
  const emoji = Object.values(list.emoji).find((e) => e.name === 'door_emoji');
  assert.ok(emoji, 'listed');
  const image = await send(emoji.source_url, { method: 'GET' });
  assert.is(image.status, 200);
  assert.is(image.headers.get('content-type'), 'image/png');
  assert.equal(new Uint8Array(await image.arrayBuffer()), PNG);
  assert.is((await send(`${emoji.source_url}x`, { method: 'GET' })).status, 404);
}

test('in-process dispatch', async () => {
  const ref = createReference();
  await journey(ref, dispatchFetch(ref));
});

test('fetch (reference.handle)', async () => {
  const ref = createReference();
  await journey(ref, (path, init) => ref.handle(new Request(`http://understudy.test${path}`, init)));
});

test('msw 2 setupServer and the global fetch, /user_avatars mounted', async () => {
  const ref = createReference();
  const server = setupServer(...createHandlers(ref, { baseUrl: 'http://understudy.test/' }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    await journey(ref, (path, init) => fetch(`http://understudy.test${path}`, init));
  } finally {
    server.close();
  }
});

test('node:http over a socket', async () => {
  const ref = createReference();
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  try {
    await journey(ref, (path, init) => fetch(`${serving.url}${path}`, init));
  } finally {
    await serving.close();
  }
});

test.run();
