// Uploads through every front door: a FormData file (as zulip-flutter and browsers send
// it) of every byte value, and a 1 MiB one, goes up through in-process dispatch, fetch
// (reference.handle), msw 2 + global fetch and node:http, and comes back byte for byte to
// a user it was shared with; the refusals are the same everywhere. A custom emoji image
// goes the same way, and comes back at its source_url outside /api/v1 without credentials.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { createHandlers } from './msw.ts';
import { serve } from './node-http.ts';

const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

function auth(ref: Reference, who: number): Record<string, string> {
  const u = ref.store.user(who);
  if (!u) throw new Error(`no user ${who}`);
  return { Authorization: `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}` };
}

/** A fetch through in-process dispatch: the body serialised as fetch would send it. */
function dispatchFetch(ref: Reference): Fetch {
  return async (path, init) => {
    const req = new Request(`http://x.test${path}`, init);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    const body = req.method === 'GET' ? undefined : new Uint8Array(await req.arrayBuffer());
    const res = ref.dispatch({ method: req.method, path, headers, ...(body ? { body } : {}) });
    return new Response((res.bytes as Uint8Array<ArrayBuffer> | undefined) ?? (res.body === "" ? null : res.body), { status: res.status, headers: res.headers });
  };
}

async function journey(ref: Reference, send: Fetch, bytes: Uint8Array, name: string, type: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  const up = await send('/api/v1/user_uploads', { method: 'POST', headers: auth(ref, HAMLET), body: form });
  const json = (await up.json()) as { url: string; filename: string };
  assert.is(up.status, 200, JSON.stringify(json));
  assert.is(json.filename, name);
  const dm = new URLSearchParams({ type: 'direct', to: JSON.stringify([CORDELIA]), content: `[${name}](${json.url})` });
  assert.is((await send('/api/v1/messages', { method: 'POST', headers: { ...auth(ref, HAMLET), 'Content-Type': 'application/x-www-form-urlencoded' }, body: dm })).status, 200);
  const down = await send(json.url, { method: 'GET', headers: auth(ref, CORDELIA) });
  assert.is(down.status, 200);
  assert.is(down.headers.get('content-type'), type);
  const got = new Uint8Array(await down.arrayBuffer());
  assert.is(got.length, bytes.length);
  assert.ok(got.every((b, i) => b === bytes[i]), 'the same bytes');
  assert.is((await send(json.url, { method: 'GET', headers: auth(ref, OTHELLO) })).status, 403);
  const anonymous = await send(json.url, { method: 'GET', redirect: 'manual' });
  assert.is(anonymous.status, 302);
}

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/wHwAEAQH/cetH5QAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

async function emojiJourney(ref: Reference, send: Fetch): Promise<void> {
  const form = new FormData();
  form.append('image', new Blob([PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'door.png');
  const up = await send('/api/v1/realm/emoji/door_emoji', { method: 'POST', headers: auth(ref, HAMLET), body: form });
  assert.is(up.status, 200, await up.clone().text());
  const list = (await (await send('/api/v1/realm/emoji', { method: 'GET', headers: auth(ref, CORDELIA) })).json()) as { emoji: Record<string, { name: string; source_url: string }> };
  const emoji = Object.values(list.emoji).find((e) => e.name === 'door_emoji');
  assert.ok(emoji, 'listed');
  const image = await send(emoji.source_url, { method: 'GET' });
  assert.is(image.status, 200);
  assert.is(image.headers.get('content-type'), 'image/png');
  assert.equal(new Uint8Array(await image.arrayBuffer()), PNG);
  assert.is((await send(`${emoji.source_url}x`, { method: 'GET' })).status, 404);
}

const everyByte = Uint8Array.from({ length: 512 }, (_, i) => (i * 7) % 256);
const oneMiB = Uint8Array.from({ length: 1024 * 1024 }, (_, i) => (i * 31 + (i >> 8)) % 256);

async function bothFiles(ref: Reference, send: Fetch): Promise<void> {
  await journey(ref, send, everyByte, 'bytes.bin', 'application/octet-stream');
  await journey(ref, send, oneMiB, 'big picture.png', 'image/png');
  await emojiJourney(ref, send);
}

test('in-process dispatch', async () => {
  const ref = createReference();
  await bothFiles(ref, dispatchFetch(ref));
});

test('fetch (reference.handle)', async () => {
  const ref = createReference();
  await bothFiles(ref, (path, init) => ref.handle(new Request(`http://understudy.test${path}`, init)));
});

test('msw 2 setupServer and the global fetch, /user_uploads and /user_avatars mounted', async () => {
  const ref = createReference();
  const server = setupServer(...createHandlers(ref, { baseUrl: 'http://understudy.test/' }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    await bothFiles(ref, (path, init) => fetch(`http://understudy.test${path}`, init));
  } finally {
    server.close();
  }
});

test('node:http over a socket', async () => {
  const ref = createReference();
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  try {
    await bothFiles(ref, (path, init) => fetch(`${serving.url}${path}`, init));
  } finally {
    await serving.close();
  }
});

test.run();
