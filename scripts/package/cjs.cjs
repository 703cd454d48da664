// Package check (scripts/package/check.sh): the package from CommonJS. It is ESM only:
// where Node can require() an ES module (20.19+, 22.12+) that works; elsewhere Node's
// error must say to use import(), and import() must work.
const assert = require('node:assert/strict');

async function main() {
  if (process.features.require_module) {
    const { createReference } = require('zulip-understudy');
    assert.equal(createReference().dispatch({ method: 'GET', path: '/api/v1/server_settings' }).status, 200);
    console.log(`ok - require("zulip-understudy") on Node ${process.version} (require of ES modules)`);
  } else {
    assert.throws(() => require('zulip-understudy'), (e) => /import\(\)/.test(e.message));
    console.log(`ok - require("zulip-understudy") on Node ${process.version} fails, saying to use import()`);
  }
  const { createReference } = await import('zulip-understudy');
  assert.equal(createReference().dispatch({ method: 'GET', path: '/api/v1/server_settings' }).status, 200);
  console.log('ok - import("zulip-understudy") from CommonJS');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
