// The push scenarios on disk are exactly what scripts/push-scenarios.ts makes: edit the
// script and rerun it (npx tsx scripts/push-scenarios.ts), never the files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AREAS, pushScenarioFiles } from './push-scenarios.ts';

const ROOT = fileURLToPath(new URL('../scenarios/', import.meta.url));

test('the generated scenarios are up to date, and their areas hold nothing else', () => {
  const files = pushScenarioFiles();
  assert.ok(files.length >= 32 + 30);
  for (const { id, text } of files) assert.is(readFileSync(join(ROOT, `${id}.json`), 'utf8'), text, `${id} differs from the script's`);
  const onDisk = AREAS.flatMap((area) => readdirSync(join(ROOT, area)).map((f) => `${area}/${f.replace(/\.json$/, '')}`)).sort();
  assert.equal(onDisk, files.map((f) => f.id).sort());
});

test('the registration table has the 32 combinations', () => {
  assert.is(pushScenarioFiles().filter((f) => f.id.startsWith('push-matrix/')).length, 32);
});

test.run();
