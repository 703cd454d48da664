// Package check (scripts/package/check.sh): every entry point imported as ESM from the
// installed package, in plain Node (no loader, no TypeScript). Prints one line per check;
// exits non-zero on the first that fails. stderr must stay empty (no warnings either).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createReference, realm as buildRealm, signHs256 } from 'zulip-understudy';
import { toApiRequest, toResponse } from 'zulip-understudy/fetch';
import { createHandlers, MOUNTS } from 'zulip-understudy/msw';
import { serve } from 'zulip-understudy/node-http';
import { runConformance, SCENARIOS_DIR } from 'zulip-understudy/conformance';

const IAGO = { authorization: `Basic ${btoa('iago@zulip.com:kTf1UbMHKe0sbkgDym68apgMzeURDOzd')}` };

const ref = createReference({ seed: 'package-check' });
const users = ref.dispatch({ method: 'GET', path: '/api/v1/users', headers: IAGO });
assert.equal(users.status, 200);
assert.ok(users.json.members.some((u) => u.email === 'hamlet@zulip.com'));
assert.equal(typeof signHs256, 'function');
console.log('ok - import "zulip-understudy": dispatch GET /users as Iago → 200');

// The fixture as a URL (the README's import.meta.resolve), and one from the builder.
const fromUrl = createReference({ fixture: import.meta.resolve('zulip-understudy/fixtures/realm.json') });
assert.equal(fromUrl.dispatch({ method: 'GET', path: '/api/v1/users/me', headers: IAGO }).status, 200);
const built = createReference({ fixture: buildRealm().user({ email: 'ann@zulip.com', full_name: 'Ann', password: 'pw' }).build() });
assert.equal(built.dispatch({ method: 'POST', path: '/api/v1/fetch_api_key', body: { username: 'ann@zulip.com', password: 'pw' } }).status, 200);
assert.ok(JSON.parse(readFileSync(new URL(import.meta.resolve('zulip-understudy/fixtures/realm.schema.json')), 'utf8')).properties.users);
console.log('ok - a fixture by URL, by realm() and its JSON Schema');

const res = await ref.handle(new Request('http://zulip.test/api/v1/server_settings'));
assert.equal(res.status, 200);
assert.equal((await res.json()).realm_name, 'Zulip Dev');
assert.equal(toResponse(ref.dispatch(await toApiRequest(new Request('http://zulip.test/api/v1/server_settings')))).status, 200);
console.log('ok - import "zulip-understudy/fetch": Request → Response');

assert.equal(createHandlers(ref, { baseUrl: 'http://zulip.test' }).length, MOUNTS.length);
assert.ok(MOUNTS.includes('/json/register'));
console.log('ok - import "zulip-understudy/msw": createHandlers');

const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
try {
  const over = await fetch(`${serving.url}/api/v1/users/me`, { headers: IAGO });
  assert.equal(over.status, 200);
  assert.equal((await over.json()).email, 'iago@zulip.com');
} finally {
  await serving.close();
}
console.log('ok - import "zulip-understudy/node-http": serve on a free port');

const report = await runConformance({ only: ['users/me', 'auth'] });
assert.ok(report.summary.ok, JSON.stringify(report.summary));
assert.ok(report.results.length > 5);
assert.ok(SCENARIOS_DIR.includes('node_modules'), SCENARIOS_DIR);
console.log(`ok - import "zulip-understudy/conformance": ${report.results.length} scenarios from the installed package pass in-process`);

const realm = JSON.parse(readFileSync(new URL(import.meta.resolve('zulip-understudy/fixtures/realm.json')), 'utf8'));
assert.equal(createReference({ fixture: { ...realm, realm: { ...realm.realm, name: 'Elsinore' } } }).dispatch({ method: 'GET', path: '/api/v1/server_settings' }).json.realm_name, 'Elsinore');
console.log('ok - "zulip-understudy/fixtures/realm.json" resolves, and a changed copy serves');
