// The README's figures that the tree can count are checked against it, so that they cannot
// go stale: the number of scenario files.
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

test.run();
