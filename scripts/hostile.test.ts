// The hostile-input suite: every case of hostile-cases.ts over real HTTP against the
// node:http front door. Each gets its status and the JSON error envelope, at once (a
// generous bound here; `npm run bench -- --hostile` measures the real figures), changes
// nothing, and the server answers a normal request right after.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../reference/index.ts';
import { serve } from '../reference/adapters/node-http.ts';
import { stateDigest } from '../reference/testing/atomic.ts';
import { exchange, HOSTILE_CASES, IAGO, request, type Answer } from './hostile-cases.ts';

/** Far above what any case takes here (see the benchmark), far below the seconds a quadratic decoder took. */
const AT_ONCE_MS = 2000;
const HEADERS_TIMEOUT_MS = 300;
const REQUEST_TIMEOUT_MS = 600;

const reference = createReference();
const serving = await serve(reference, { port: 0, host: '127.0.0.1', headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });

function assertEnvelope(answer: Answer, status: number | readonly number[], msg: string | RegExp, where: string): void {
  const statuses = typeof status === 'number' ? [status] : status;
  assert.ok(statuses.includes(answer.status), `${where}: status ${answer.status}, body ${answer.body.slice(0, 200)}`);
  assert.is(answer.headers['content-type'], 'application/json', where);
  const json = JSON.parse(answer.body) as Record<string, unknown>;
  assert.is(json['result'], 'error', where);
  assert.type(json['code'], 'string', where);
  if (typeof msg === 'string') assert.is(json['msg'], msg, where);
  else assert.match(String(json['msg']), msg, where);
}

async function assertNormalRequestAnswered(where: string): Promise<void> {
  const answer = await exchange(serving.url, request('GET', '/api/v1/users/me', { Authorization: IAGO }));
  assert.is(answer.status, 200, `${where}: the next request got ${answer.status} ${answer.body.slice(0, 200)}`);
  assert.is((JSON.parse(answer.body) as { email: string }).email, 'iago@zulip.com');
  assert.ok(answer.ms < AT_ONCE_MS, `${where}: the next request took ${answer.ms.toFixed(0)} ms`);
}

for (const c of HOSTILE_CASES) {
  test(c.name, async () => {
    const before = stateDigest(reference);
    const answer = await exchange(serving.url, c.pieces());
    assertEnvelope(answer, c.status, c.msg, c.name);
    if (c.slow === undefined) {
      assert.ok(answer.ms < AT_ONCE_MS, `${c.name}: answered in ${answer.ms.toFixed(0)} ms`);
    } else {
      // node:http looks for late clients every quarter of the headers timeout.
      const limit = c.slow === 'headers' ? HEADERS_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
      assert.ok(answer.ms >= limit - 50 && answer.ms < limit + AT_ONCE_MS, `${c.name}: answered in ${answer.ms.toFixed(0)} ms`);
    }
    assert.is(stateDigest(reference), before, `${c.name} changed the state`);
    await assertNormalRequestAnswered(c.name);
  });
}

test('a normal request is answered while a 20 MiB hostile one is still arriving', async () => {
  const huge = exchange(serving.url, request('POST', '/api/v1/messages', { Authorization: IAGO, 'Content-Type': 'application/x-www-form-urlencoded' }, `topic=${'x'.repeat(20 * 1024 * 1024)}`));
  await assertNormalRequestAnswered('alongside a 20 MiB request');
  assert.is((await huge).status, 400);
});

test('keep-alive survives a rejected request that the listener answered (a 400 from dispatch)', async () => {
  const answer = await exchange(serving.url, [...request('GET', '/api/v1/users', { Authorization: IAGO, 'Content-Type': 'application/x-www-form-urlencoded' }, 'a&'.repeat(1001))]);
  assert.is(answer.status, 400);
  assert.is(answer.headers['connection'], 'keep-alive');
});

test.after(() => serving.close());

test.run();
