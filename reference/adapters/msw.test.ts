// createHandlers: what it matches and what it leaves alone (the shared case list in
// doors.test.ts shows that what it matches is answered as dispatch answers it).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { createHandlers, MOUNTS } from './msw.ts';

const IAGO = { authorization: `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}` };

async function withHandlers(baseUrl: string, fn: () => Promise<void>): Promise<void> {
  const fallback = http.all('*', ({ request }) => HttpResponse.text(`fallback ${request.method} ${request.url}`, { status: 599 }));
  const server = setupServer(...createHandlers(createReference(), { baseUrl }), fallback);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    await fn();
  } finally {
    server.close();
  }
}

test('one handler per mount: /api/v1, the spectator /json paths, /user_uploads, /user_avatars and /_understudy', () => {
  assert.equal([...MOUNTS], ['/api/v1/*', '/json/register', '/json/messages', '/json/messages/:message_id', '/user_uploads/*', '/user_avatars/*', '/_understudy/*']);
  const seen: string[] = [];
  const handlers = createHandlers(createReference(), { baseUrl: 'http://zulip.test///', http: { all: (path) => (seen.push(path), path) } });
  assert.equal(handlers, [
    'http://zulip.test/api/v1/*',
    'http://zulip.test/json/register',
    'http://zulip.test/json/messages',
    'http://zulip.test/json/messages/:message_id',
    'http://zulip.test/user_uploads/*',
    'http://zulip.test/user_avatars/*',
    'http://zulip.test/_understudy/*',
  ]);
  assert.equal(seen, handlers);
});

test('answers the API and the control surface, and leaves other hosts and paths alone', () =>
  withHandlers('http://zulip.test', async () => {
    assert.is((await fetch('http://zulip.test/api/v1/users/me', { headers: IAGO })).status, 200);
    assert.is((await fetch('http://zulip.test/_understudy/clock/advance', { method: 'POST', body: new URLSearchParams({ ms: '1' }) })).status, 200);
    // The web app's spectator registration: without the CSRF cookie, Django's 403.
    assert.is((await fetch('http://zulip.test/json/register', { method: 'POST' })).status, 403);
    // A spectator reads messages of web-public channels (Rome is one); a GET needs no CSRF token.
    const narrow = encodeURIComponent(JSON.stringify([{ operator: 'channels', operand: 'web-public' }]));
    const list = await fetch(`http://zulip.test/json/messages?anchor=newest&num_before=5&num_after=0&narrow=${narrow}`);
    assert.is(list.status, 200);
    const { messages } = (await list.json()) as { messages: Array<{ id: number; display_recipient: string; flags: string[] }> };
    assert.ok(messages.length > 0 && messages.every((m) => m.display_recipient === 'Rome' && m.flags.join() === 'read'));
    const one = await fetch(`http://zulip.test/json/messages/${(messages[0] as { id: number }).id}`);
    assert.is(one.status, 200);
    // Not a web-public narrow: the session 401, from the reference, not the fallback.
    assert.is((await fetch('http://zulip.test/json/messages?anchor=newest&num_before=5&num_after=0')).status, 401);
    for (const url of ['http://other.test/api/v1/users/me', 'http://zulip.test/json/users/me', 'http://zulip.test/json/messages/1/history', 'http://zulip.test/']) {
      const res = await fetch(url, { headers: IAGO });
      assert.is(res.status, 599, url);
    }
  }));

test('a base URL with a path: the path is taken off, bodies and headers kept', () =>
  withHandlers('https://example.test/chat/', async () => {
    const me = await fetch('https://example.test/chat/api/v1/users/me', { headers: IAGO });
    assert.is(me.status, 200);
    assert.is((await me.json()).email, 'iago@zulip.com');
    const key = await fetch('https://example.test/chat/api/v1/fetch_api_key?x=1', { method: 'POST', body: new URLSearchParams({ username: 'iago@zulip.com', password: 'secret' }) });
    const json = await key.json();
    assert.is(json.user_id, 4);
    assert.equal(json.ignored_parameters_unsupported, ['x']);
    assert.is((await fetch('https://example.test/api/v1/users/me', { headers: IAGO })).status, 599, 'outside the base path');
  }));

test('HEAD answers headers without a body', () =>
  withHandlers('http://zulip.test', async () => {
    const res = await fetch('http://zulip.test/api/v1/server_settings', { method: 'HEAD' });
    assert.is(res.status, 200);
    assert.is(await res.text(), '');
  }));

test.run();
