// 501 NOT_IMPLEMENTED for documented endpoints no route serves; the real 404/405 otherwise.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { ROUTES, type Route } from '../routes.ts';
import { catalogue, documentedEndpoint, documentedMethods } from './not-emulated.ts';

const ref = createReference();

test('a documented endpoint that no route serves answers 501 NOT_IMPLEMENTED, before authentication', () => {
  const res = ref.dispatch({ method: 'POST', path: '/api/v1/messages/12/reactions' });
  assert.is(res.status, 501);
  assert.equal(res.json, { result: 'error', msg: 'Understudy does not emulate POST /api/v1/messages/{message_id}/reactions yet', code: 'NOT_IMPLEMENTED' });
  assert.is(ref.preflight({ method: 'POST', path: '/api/v1/messages/12/reactions' })?.status, 501);
  // a string parameter matches any segment; an id only digits
  assert.is(ref.dispatch({ method: 'GET', path: '/api/v1/users/iago@zulip.com/presence' }).status, 501);
  assert.is(ref.dispatch({ method: 'GET', path: '/api/v1/messages/abc/history' }).status, 404);
});

test('an unknown path keeps the 404; a known path with a method the real server does not take the 405, naming the documented methods', () => {
  assert.equal(ref.dispatch({ method: 'GET', path: '/api/v1/no_such_thing' }).json, { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
  const res = ref.dispatch({ method: 'POST', path: '/api/v1/messages/12/history' });
  assert.is(res.status, 405);
  assert.equal(res.json['allowed_methods'], ['GET', 'HEAD']);
  assert.is(ref.dispatch({ method: 'PUT', path: '/api/v1/messages' }).status, 405);
  // a path with a route of one method and a documented other method: the 405 names both
  const put = ref.dispatch({ method: 'PUT', path: '/api/v1/users/9' });
  assert.is(put.status, 405);
  assert.equal(new Set(put.json['allowed_methods'] as string[]), new Set(['GET', 'HEAD', 'PATCH', 'DELETE']));
});

test('a literal documented path wins over a pattern: PATCH /users/me is a 405, as on the real server, not PATCH /users/{email}', () => {
  const res = ref.dispatch({ method: 'PATCH', path: '/api/v1/users/me' });
  assert.is(res.status, 405);
  assert.equal(res.json['allowed_methods'], ['GET', 'DELETE', 'HEAD']);
  assert.is(ref.dispatch({ method: 'DELETE', path: '/api/v1/users/me' }).json['msg'], 'Understudy does not emulate DELETE /api/v1/users/me yet');
});

test('every route is served, never 501; a route of a later feature level keeps its 404', () => {
  for (const r of ROUTES) {
    if (r.control) continue;
    const path = r.path.replace(/\{\w+\}/g, '1');
    assert.is.not(ref.dispatch({ method: r.method, path }).status, 501, `${r.method} ${r.path}`);
  }
  const old = createReference({ featureLevel: 100 });
  assert.is(old.dispatch({ method: 'POST', path: '/api/v1/register_client_device' }).status, 404);
});

test('the catalogue follows the route table: a route added for a documented endpoint makes it emulated', () => {
  const reactions = (entries: ReturnType<typeof catalogue>) => entries.find((e) => e.method === 'POST' && e.path === '/api/v1/messages/{message_id}/reactions');
  assert.is(reactions(catalogue())?.emulated, false);
  const handler = (() => ({})) as Route['handler'];
  const added: Route = { method: 'POST', path: '/api/v1/messages/{id}/reactions', auth: 'user', control: false, replayable: false, handler };
  assert.is(reactions(catalogue([...ROUTES, added]))?.emulated, true);
  const sent = catalogue().find((e) => e.method === 'POST' && e.path === '/api/v1/messages');
  assert.equal(sent, { method: 'POST', path: '/api/v1/messages', emulated: true, documented: true });
  assert.ok(catalogue().every((e) => !e.path.startsWith('/_understudy')));
});

test('documentedEndpoint and documentedMethods look only under /api/v1', () => {
  assert.is(documentedEndpoint('GET', '/api/v1/attachments'), 'GET /api/v1/attachments');
  assert.is(documentedEndpoint('GET', '/_understudy/attachments'), undefined);
  assert.is(documentedEndpoint('POST', '/api/v1/attachments'), undefined);
  assert.equal(documentedMethods('/api/v1/bot_storage'), ['GET', 'PUT', 'DELETE']);
});

test.run();
