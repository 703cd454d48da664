// The README's figures that the tree can count are checked against it, so that they cannot
// go stale (the number of scenario files), and the READMEs the package ships link only to
// what it ships.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(REPO, 'README.md'), 'utf8');

function countJson(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countJson(join(dir, e.name)) : e.name.endsWith('.json') ? 1 : 0), 0);
}

test('the README says how many scenarios there are, and it is right', () => {
  const m = /\(`scenarios\/<area>\/\*\.json`, ([\d,]+) of them\)/.exec(readme);
  assert.ok(m, 'the README names the number of scenarios in its conformance section');
  assert.is(Number(m[1]?.replace(/,/g, '')), countJson(join(REPO, 'scenarios')), 'README.md: update the number of scenarios');
});

test('every relative link of the READMEs the package ships points at a file the package ships', () => {
  const files = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { files: string[] }).files;
  const shipped = (path: string) => ['README.md', 'LICENSE', 'package.json'].includes(path) || files.some((f) => (f.endsWith('/') ? path.startsWith(f) : path === f));
  for (const doc of ['README.md', 'fixtures/README.md', 'scenarios/README.md']) {
    const text = readFileSync(join(REPO, doc), 'utf8');
    const base = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/') + 1) : '';
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target as string)) continue;
      const path = join(base, target as string).replace(/\\/g, '/');
      assert.ok(shipped(path), `${doc} links to ${target}, which the package does not ship`);
    }
  }
});

test.run();
