// Package check (scripts/package/check.sh): the README's msw recipe under vitest, from the
// installed package: setupServer with createHandlers, ref.reset before every test.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createReference } from 'zulip-understudy';
import { createHandlers } from 'zulip-understudy/msw';

const BASE = 'http://zulip.test';
const ref = createReference({ seed: 'vitest' });
const server = setupServer(...createHandlers(ref, { baseUrl: BASE }));
const auth = { authorization: `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}` };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => ref.reset());
afterAll(() => server.close());

async function topicsOfVerona(): Promise<string[]> {
  const res = await fetch(`${BASE}/api/v1/users/me/1/topics`, { headers: auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { topics: { name: string }[] }).topics.map((t) => t.name);
}

test('sending a message through msw', async () => {
  const sent = await fetch(`${BASE}/api/v1/messages`, {
    method: 'POST',
    headers: auth,
    body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'from vitest', content: 'hello' }),
  });
  expect(sent.status).toBe(200);
  expect(await sent.json()).toMatchObject({ result: 'success', id: expect.any(Number) });
  expect(await topicsOfVerona()).toContain('from vitest');
});

test('reset before each test: the message is gone', async () => {
  expect(await topicsOfVerona()).not.toContain('from vitest');
});

test('errors keep the real server’s envelope', async () => {
  const res = await fetch(`${BASE}/api/v1/users/me`);
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
});
