// Package check (scripts/package/check.sh): the core as shipped still runs in a browser.
// Follows the static and dynamic imports of dist/index.js, dist/msw.js and dist/fetch.js
// in the installed package, through its own chunks, and fails on any Node built-in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = dirname(fileURLToPath(import.meta.resolve('zulip-understudy')));
const seen = new Set();
const packages = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)) {
    const spec = m[1];
    if (spec.startsWith('.')) visit(join(dirname(file), spec));
    else packages.add(spec);
  }
};
for (const entry of ['index.js', 'msw.js', 'fetch.js']) visit(join(dist, entry));
const node = [...packages].filter((p) => p.startsWith('node:') || builtinModules.includes(p.split('/')[0]));
assert.deepEqual(node, [], `the core imports Node built-ins: ${node.join(', ')}`);
console.log(`ok - dist/index.js, msw.js and fetch.js (${seen.size} files) import no Node built-in; packages: ${[...packages].sort().join(', ')}`);
