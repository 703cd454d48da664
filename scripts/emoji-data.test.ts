// The committed Unicode emoji table is what scripts/emoji-data.ts derives from the installed
// emoji-datasource-google and the name map scripts/emoji-names.json, and that map follows
// upstream's rules (scripts/emoji-names.ts): nobody edits either by hand.
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeOf, deriveEmojiData, deriveFromPackage, OUTPUT, serialize, SOURCE_PACKAGE } from './emoji-data.ts';
import { buildNamesFile, CUSTOM, generateNames, NAMES, parseCustom, cleanupName, serializeNames } from './emoji-names.ts';

test('reference/render/emoji-data.json is the derivation of the installed package and the name map', () => {
  if (!existsSync(SOURCE_PACKAGE)) {
    console.log('skipped: node_modules/emoji-datasource-google is not installed (a dev dependency)');
    return;
  }
  assert.equal(readFileSync(OUTPUT, 'utf8'), serialize(deriveFromPackage()), 'run: node --import tsx scripts/emoji-data.ts');
});

test('scripts/emoji-names.json is what the curated map, the CLDR packages and the emoji data give (node --import tsx scripts/emoji-names.ts)', () => {
  assert.is(readFileSync(NAMES, 'utf8'), serializeNames(buildNamesFile()));
});

test('codes drop the presentation selector and are lower case', () => {
  assert.is(codeOf('2764-FE0F'), '2764');
  assert.is(codeOf('1F937-200D-2640-FE0F'), '1f937-200d-2640');
  assert.is(codeOf('0023-FE0F-20E3'), '0023-20e3');
});

test('skin tones, the clock faces but seven o\'clock and unnamed emoji get no entry; the rest keep iamcal\'s order', () => {
  const e = (unified: string, sort_order: number) => ({ unified, sort_order });
  const names = [['1f600', 'grinning', 'happy'], ['1f557', 'time', 'clock'], ['1f550', 'x'], ['1f3fb', 'y']];
  const d = deriveEmojiData([e('1F3FB', 4), e('1F557', 2), e('1F550', 1), e('1F600', 0), e('1F9FF', 3)], '1.0.0', names, 'test');
  assert.equal(d.emoji, [['1f600', 'grinning', 'happy'], ['1f557', 'time', 'clock']]);
  assert.is(d.source, 'emoji-datasource-google@1.0.0; names: test');
});

test('every curated name of upstream is in the name map as upstream gives it', () => {
  const { map } = parseCustom(readFileSync(CUSTOM, 'utf8'));
  const rows = new Map((JSON.parse(readFileSync(NAMES, 'utf8')) as { names: string[][] }).names.map((r) => [r[0] as string, r.slice(1)]));
  for (const [code, n] of map) {
    const row = rows.get(code);
    if (row === undefined) continue; // a curated code the package lacks
    assert.is(row[0], n.canonical_name, code);
  }
  assert.equal(rows.get('1f44d'), ['+1', 'thumbs_up', 'like']);
  assert.equal(rows.get('1f604'), ['smile']);
  assert.equal(rows.get('1f642'), ['slight_smile']);
});

test('generation: CLDR names the uncurated, aliases that are canonical or shared are dropped, ASCII aliases added', () => {
  const custom = new Map([['1f600', { canonical_name: 'grinning', aliases: ['happy', 'shared'] }]]);
  const cldr = {
    '😀': { tts: ['ignored'], default: [] },
    '😃': { tts: ['grinning face with big eyes'], default: ['grinning', 'shared', 'smile-y', 'face'] },
    '😄': { tts: ['piñata face'], default: ['face'] },
  };
  const all = generateNames(['1F600', '1F603', '1F604', '1F605'], custom, cldr);
  assert.equal([...all.keys()], ['1f600', '1f603', '1f604']); // 1f605 has no name anywhere: skipped
  assert.equal(all.get('1f600'), { canonical_name: 'grinning', aliases: ['happy', 'shared'] });
  assert.equal(all.get('1f603'), { canonical_name: 'grinning_face_with_big_eyes', aliases: ['smile_y'] });
  assert.equal(all.get('1f604'), { canonical_name: 'piñata_face', aliases: ['pinata_face'] });
  assert.is(cleanupName('flag: Côte d’Ivoire'), 'flag_côte_divoire');
});

test.run();
