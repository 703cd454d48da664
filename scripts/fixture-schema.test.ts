// fixtures/realm.schema.json is what scripts/gen-fixture-schema.ts makes of the zod schema,
// and it accepts the default realm and a built one, and refuses a broken one.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { realm } from '../reference/index.ts';
import { fixtureJsonSchema, SCHEMA_FILE } from './gen-fixture-schema.ts';

test('realm.schema.json is current', () => {
  assert.is(readFileSync(SCHEMA_FILE, 'utf8'), fixtureJsonSchema(), 'run: node --import tsx scripts/gen-fixture-schema.ts');
});

test('the JSON Schema accepts the default realm and a built fixture, and refuses a broken one', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  const realmJson = JSON.parse(readFileSync(new URL('../fixtures/realm.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  assert.ok(validate(realmJson), JSON.stringify(validate.errors));
  assert.ok(validate({ $schema: './realm.schema.json', ...realm().user({ email: 'a@b.c', role: 200 }).build() }), JSON.stringify(validate.errors));
  assert.not.ok(validate({ ...realmJson, users: [{ user_id: 1 }] }));
  assert.not.ok(validate({ ...realmJson, surprise: true }));
});

test.run();
