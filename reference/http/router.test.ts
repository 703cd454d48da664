// The router gives the answers of the straightforward matcher it replaced: each
// route's pattern as an anchored regex, {..._id} as digits, another {name} as any non-empty segment, no extra trailing "/",
// tested in table order.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROUTES } from '../routes.ts';
import { Router } from './router.ts';

function regexMatch(routes: ReadonlyArray<{ path: string }>, path: string) {
  const out: Array<{ index: number; pathParams: Record<string, string> }> = [];
  routes.forEach((r, index) => {
    const names: string[] = [];
    const source = r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return /_id$/.test(name) ? '([0-9]+)' : '([^/]+)';
    });
    const m = new RegExp(`^${source}$`).exec(path);
    if (!m) return;
    const pathParams: Record<string, string> = {};
    names.forEach((name, i) => (pathParams[name] = m[i + 1] ?? ''));
    out.push({ index, pathParams });
  });
  return out;
}

const TABLE = [
  { path: '/api/v1/users' },
  { path: '/api/v1/users/me' },
  { path: '/api/v1/users/{user_id}' },
  { path: '/api/v1/users/{user_id}/status' },
  { path: '/api/v1/users/me/status' },
  { path: '/api/v1/users/{user_id}' },
  { path: '/api/v1/messages/{message_id}/reactions' },
  { path: '/api/v1/user_uploads/{realm}/{file}' },
  { path: '/api/v1/users/7' },
  { path: '/api/v1/odd/' },
  { path: '/api/v1/a.b' },
  { path: '/_understudy/reset' },
];

const PATHS = [
  '/api/v1/users',
  '/api/v1/users/',
  '/api/v1/users//',
  '/api/v1/Users',
  '/api/v1/users/me',
  '/api/v1/users/me/',
  '/api/v1/users/4',
  '/api/v1/users/7',
  '/api/v1/users/7/',
  '/api/v1/users/007/status',
  '/api/v1/users/-4',
  '/api/v1/users/4x',
  '/api/v1/users/me/status',
  '/api/v1/users/me/subscriptions',
  '/api/v1/messages/12/reactions',
  '/api/v1/messages//reactions',
  '/api/v1/user_uploads/2/99/',
  '/api/v1/odd',
  '/api/v1/odd/',
  '/api/v1/odd//',
  '/api/v1/a.b',
  '/api/v1/aXb',
  '/_understudy/reset',
  '/api/v1/streams',
  '/api/v1/server_settings',
  '',
  '/',
  'api/v1/users',
];

test('the router matches what the regex loop matched, in table order, with the same path parameters', () => {
  for (const table of [TABLE, ROUTES] as ReadonlyArray<ReadonlyArray<{ path: string }>>) {
    const router = new Router<{ path: string }>(table);
    for (const path of PATHS) {
      const got = router.match(path).map((m) => ({ index: table.indexOf(m.route), pathParams: m.pathParams }));
      assert.equal(got, regexMatch(table, path), path);
    }
  }
});

test("every route's {parameter} is a whole path segment: the router reads no other kind", () => {
  for (const route of ROUTES) {
    for (const segment of route.path.split('/')) {
      if (segment.includes('{')) assert.ok(/^\{\w+\}$/.test(segment), route.path);
    }
  }
});

test.run();
