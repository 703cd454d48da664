// The web app's /json paths for logged-out visitors (spectators): Django's CSRF check on
// unsafe methods only (CsrfViewMiddleware accepts GET, HEAD, OPTIONS, TRACE unchecked),
// and the message format a spectator gets (zerver/views/message_edit.py
// json_fetch_raw_message: client_gravatar on; zerver/views/message_fetch.py
// get_messages_backend: client_gravatar off for a web-public query).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const WEB_PUBLIC = JSON.stringify([{ operator: 'channels', operand: 'web-public' }]);

function romeMessage() {
  const ref = createReference();
  const res = callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: 'Rome', topic: 'spectators', content: 'hello' });
  return { ref, id: res.json['id'] as number };
}

test('a GET or HEAD needs no CSRF cookie or token; a POST does', () => {
  const { ref, id } = romeMessage();
  assert.is(ref.dispatch({ method: 'GET', path: `/json/messages/${id}` }).status, 200);
  assert.is(ref.dispatch({ method: 'HEAD', path: `/json/messages/${id}` }).status, 200);
  const badCookie = { cookie: 'csrftoken=short', 'x-csrftoken': 'other' };
  assert.is(ref.dispatch({ method: 'GET', path: `/json/messages/${id}`, headers: badCookie }).status, 200, 'not even read');
  assert.is(ref.dispatch({ method: 'GET', path: '/json/messages', query: { anchor: 'newest', num_before: '1', num_after: '0', narrow: WEB_PUBLIC } }).status, 200);
  const post = ref.dispatch({ method: 'POST', path: '/json/register' });
  assert.is(post.status, 403);
  assert.is(post.json['code'], 'CSRF_FAILED');
});

test('a spectator: flags ["read"]; a gravatar left to the client on GET /json/messages/{id}, a URL on GET /json/messages', () => {
  const { ref, id } = romeMessage();
  const iago = ref.store.userByEmail('iago@zulip.com')!;
  assert.is(iago.avatar_source, 'G');
  assert.is(iago.email_address_visibility, 1, 'everyone: the client may compute the gravatar');
  const one = ref.dispatch({ method: 'GET', path: `/json/messages/${id}` }).json;
  const message = one['message'] as Record<string, unknown>;
  assert.equal(message['flags'], ['read']);
  assert.is(message['avatar_url'], null);
  assert.is(one['raw_content'], 'hello');
  const list = ref.dispatch({ method: 'GET', path: '/json/messages', query: { message_ids: JSON.stringify([id]), narrow: WEB_PUBLIC, client_gravatar: 'true' } }).json;
  const [fetched] = list['messages'] as Array<Record<string, unknown>>;
  assert.is(fetched?.['id'], id);
  assert.equal(fetched?.['flags'], ['read']);
  assert.match(String(fetched?.['avatar_url']), /^https:\/\/secure\.gravatar\.com\/avatar\//);
});

test('a sender who hides their email: the avatar is a URL for a spectator too', () => {
  const ref = createReference();
  const { api_key } = ref.control.addUser({ email: 'hidden@zulip.com', full_name: 'Hidden', email_address_visibility: 3 });
  const authorization = `Basic ${btoa(`hidden@zulip.com:${api_key}`)}`;
  const sent = ref.dispatch({ method: 'POST', path: '/api/v1/messages', headers: { authorization }, body: { type: 'stream', to: 'Rome', topic: 't', content: 'x' } });
  const message = ref.dispatch({ method: 'GET', path: `/json/messages/${sent.json['id'] as number}` }).json['message'] as Record<string, unknown>;
  assert.match(String(message['avatar_url']), /^https:\/\/secure\.gravatar\.com\/avatar\//);
});

test('the session-only methods of those paths: the session 401 before the CSRF check, from preflight too', () => {
  const { ref, id } = romeMessage();
  for (const [method, path] of [
    ['POST', '/json/messages'],
    ['PATCH', `/json/messages/${id}`],
    ['DELETE', `/json/messages/${id}`],
    ['GET', '/json/messages/matches_narrow'],
  ] as const) {
    const res = ref.dispatch({ method, path, body: { content: 'x' } });
    assert.is(res.status, 401, `${method} ${path}`);
    assert.is(res.headers['WWW-Authenticate'], 'Session realm="zulip"');
    assert.is(ref.preflight({ method, path })?.status, 401, `preflight ${method} ${path}`);
  }
  assert.is(ref.dispatch({ method: 'GET', path: `/json/messages/${id}` }).json['raw_content'], 'hello', 'unchanged');
});

test.run();
