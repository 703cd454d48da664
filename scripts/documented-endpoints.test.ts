// The checked-in list of documented endpoints (reference/http/documented-endpoints.json)
// is what scripts/gen-documented-endpoints.ts makes of the real server's OpenAPI
// description, when a copy of it is beside the repository; the README's endpoint table is
// what scripts/gen-readme-endpoints.ts makes of the route table; `understudy routes` lists both.
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentedEndpoints, OPENAPI_DIR, OUT, render } from './gen-documented-endpoints.ts';
import { README, withTable } from './gen-readme-endpoints.ts';
import { understudy } from './cli.ts';

if (existsSync(OPENAPI_DIR)) {
  test('documented-endpoints.json is current with the OpenAPI description', () => {
    const fresh = documentedEndpoints(OPENAPI_DIR);
    assert.ok(fresh.endpoints.length > 150);
    assert.ok(fresh.endpoints.includes('POST /api/v1/messages/{message_id}/reactions'));
    assert.ok(!fresh.endpoints.includes('POST /api/v1/real-time'), 'documentation-only pages are not endpoints');
    assert.is(readFileSync(OUT, 'utf8'), render(fresh), 'run: node --import tsx scripts/gen-documented-endpoints.ts');
  });
} else {
  console.log(`skipped: documented-endpoints.json freshness: no copy of the OpenAPI description at ${OPENAPI_DIR} (the upstream copy beside the repository)`);
}

test('the README endpoint table is current with the route table', () => {
  const readme = readFileSync(README, 'utf8');
  assert.is(readme, withTable(readme), 'run: node --import tsx scripts/gen-readme-endpoints.ts');
  assert.match(readme, /\| `POST \/messages` \| yes \|/);
  assert.match(readme, /\| `POST \/messages\/\{message_id\}\/reactions` \| (yes|no: 501) \|/);
});

test('understudy routes lists what is emulated and what answers 501', async () => {
  let out = '';
  const io = { stdout: (s: string) => void (out += s), stderr: () => undefined, env: {} };
  assert.is(await understudy(['routes'], io), 0);
  assert.match(out, /^emulated +POST +\/api\/v1\/messages$/m);
  assert.match(out, /^not \(501\) +GET +\/api\/v1\/bot_storage$/m);
  assert.match(out, /\d+ of \d+ documented endpoints emulated/);
  out = '';
  await understudy(['routes', '--missing', '--json'], io);
  const missing = JSON.parse(out) as Array<{ emulated: boolean }>;
  assert.ok(missing.length > 0 && missing.every((e) => !e.emulated));
  assert.is(await understudy(['routes', '--bogus'], io), 2);
});

test.run();
