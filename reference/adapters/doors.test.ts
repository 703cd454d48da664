// The shared case list (cases.ts) through every front door in Node 20: in-process
// dispatch, fetch (reference.handle), msw 2 setupServer + global fetch, and node:http
// over a real socket. Each door must pass the cases and answer the same bytes as dispatch.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { answerOf, answerOfApi, apiRequestOf, casesFor, check, requestInit, runCases, TEST_MAX_BODY_BYTES, type Answer, type Door } from './cases.ts';
import { createHandlers } from './msw.ts';
import { serve } from './node-http.ts';

const answers = new Map<Door, Map<string, Answer>>();

function assertCases(door: Door, got: Map<string, Answer>): void {
  const failures: string[] = [];
  for (const c of casesFor(door)) {
    const problems = check(c, got.get(c.name) as Answer);
    if (problems.length > 0) failures.push(`${door}: ${c.name}: ${problems.join('; ')}`);
  }
  assert.equal(failures, []);
  answers.set(door, got);
}

test('in-process dispatch answers every case', async () => {
  const reference = createReference();
  assertCases('dispatch', await runCases('dispatch', async (c) => answerOfApi(reference.dispatch(await apiRequestOf(c)))));
});

test('fetch (reference.handle) answers every case', async () => {
  const reference = createReference();
  const got = await runCases('fetch', async (c) => answerOf(await reference.handle(new Request(`http://understudy.test${c.path}`, requestInit(c)))));
  assertCases('fetch', got);
});

test('msw 2 setupServer answers every case through the global fetch', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: 'http://understudy.test/' }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    assertCases('msw', await runCases('msw', async (c) => answerOf(await fetch(`http://understudy.test${c.path}`, requestInit(c)))));
  } finally {
    server.close();
  }
});

test('node:http answers every case over a socket', async () => {
  const reference = createReference();
  const serving = await serve(reference, { port: 0, host: '127.0.0.1', maxBodyBytes: TEST_MAX_BODY_BYTES });
  try {
    assertCases('http', await runCases('http', async (c) => answerOf(await fetch(`${serving.url}${c.path}`, requestInit(c)))));
  } finally {
    await serving.close();
  }
});

test('every door answers the same status, headers and bytes as dispatch', () => {
  const base = answers.get('dispatch');
  assert.ok(base, 'the dispatch door ran');
  for (const door of ['fetch', 'msw', 'http'] as const) {
    const got = answers.get(door);
    assert.ok(got, `the ${door} door ran`);
    for (const [name, answer] of base) if (got.has(name)) assert.equal(got.get(name), answer, `${door}: ${name}`);
  }
});

test.run();
