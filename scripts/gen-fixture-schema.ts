// Writes fixtures/realm.schema.json: the JSON Schema of the fixture format, generated from
// its zod schema (reference/fixture/schema.ts), for editors (`"$schema":
// "./node_modules/zulip-understudy/fixtures/realm.schema.json"` in a fixture file).
// scripts/fixture-schema.test.ts checks that it is current.
//   node --import tsx scripts/gen-fixture-schema.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { fixtureSchema } from '../reference/fixture/schema.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../fixtures/realm.schema.json', import.meta.url));

export function fixtureJsonSchema(): string {
  const schema = z.toJSONSchema(fixtureSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  const out = {
    $schema: schema['$schema'],
    title: 'Understudy fixture (a Zulip realm)',
    description: 'The format of fixtures/realm.json, generated from reference/fixture/schema.ts by scripts/gen-fixture-schema.ts',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, fixtureJsonSchema());
  console.log(`${SCHEMA_FILE} written`);
}
