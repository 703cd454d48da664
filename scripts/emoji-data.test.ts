// The committed Unicode emoji table is what scripts/emoji-data.ts derives from the
// installed emoji-datasource-google: nobody edits it by hand.
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeOf, deriveEmojiData, deriveFromPackage, OUTPUT, serialize, SOURCE_PACKAGE } from './emoji-data.ts';

test('reference/domain/emoji-data.json is the derivation of the installed package', () => {
  if (!existsSync(SOURCE_PACKAGE)) {
    console.log('skipped: node_modules/emoji-datasource-google is not installed (a dev dependency)');
    return;
  }
  assert.equal(readFileSync(OUTPUT, 'utf8'), serialize(deriveFromPackage()), 'run: node --import tsx scripts/emoji-data.ts');
});

test('codes drop the presentation selector and are lower case', () => {
  assert.is(codeOf('2764-FE0F'), '2764');
  assert.is(codeOf('1F937-200D-2640-FE0F'), '1f937-200d-2640');
  assert.is(codeOf('0023-FE0F-20E3'), '0023-20e3');
});

test('skin tones and the clock faces but seven o\'clock get no entry; the rest keep iamcal\'s order', () => {
  const e = (unified: string, name: string, sort_order: number) => ({ unified, short_names: [name], sort_order });
  const d = deriveEmojiData([e('1F3FB', 'skin-tone-2', 3), e('1F557', 'clock7', 2), e('1F550', 'clock1', 1), e('1F600', 'grinning', 0)], '1.0.0');
  assert.equal(d.emoji, [['1f600', 'grinning'], ['1f557', 'clock7']]);
  assert.is(d.source, 'emoji-datasource-google@1.0.0');
});

test.run();
