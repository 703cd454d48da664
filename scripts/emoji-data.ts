// node --import tsx scripts/emoji-data.ts derives reference/render/emoji-data.json, the Unicode
// emoji the core knows by name, as the real server builds its table (static/generated/emoji/
// emoji_codes.json: name_to_codepoint, codepoint_to_name; tools/setup/emoji/build_emoji in
// zulip/zulip): the emoji and their codes from the iamcal data in Google's set (the dev
// dependency emoji-datasource-google), each named as upstream's name map names it
// (scripts/emoji-names.json, made by scripts/emoji-names.ts the way upstream makes
// emoji_names.py): its canonical name first, then its aliases. An emoji the map does not
// name is not in the table. The core imports only this small derived file, which the bundle
// inlines: the 80 MB package of images is never a runtime dependency.
// scripts/emoji-data.test.ts checks that the committed file is what this derivation gives.
//
// An emoji's code is its `unified` code points without the emoji presentation selector FE0F,
// lower-case, dash-separated (emoji_setup_utils.get_emoji_code); skin-tone variants are not
// emoji of their own; the skin-tone modifiers alone and the clock faces but 1f557 have no name
// (generate_emoji_names).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const SOURCE_PACKAGE = join(ROOT, 'node_modules/emoji-datasource-google');
export const OUTPUT = join(ROOT, 'reference/render/emoji-data.json');
export const NAMES_FILE = join(ROOT, 'scripts/emoji-names.json');

const SKIPPED = new Set([
  // skin-tone modifiers
  '1f3fb', '1f3fc', '1f3fd', '1f3fe', '1f3ff',
  // clock faces, all but seven o'clock
  '1f550', '1f551', '1f552', '1f553', '1f554', '1f555', '1f556', '1f558', '1f559', '1f55a', '1f55b', '1f55c',
  '1f55d', '1f55e', '1f55f', '1f560', '1f561', '1f562', '1f563', '1f564', '1f565', '1f566', '1f567',
]);

interface IamcalEmoji {
  unified: string;
  sort_order: number;
}

export interface EmojiData {
  source: string;
  /** [code, canonical_name, ...aliases], in iamcal's sort order. */
  emoji: string[][];
}

export function codeOf(unified: string): string {
  return unified
    .toLowerCase()
    .split('-')
    .filter((cp) => cp !== 'fe0f')
    .join('-');
}

/** `names`: [code, canonical_name, ...aliases] rows of scripts/emoji-names.json. */
export function deriveEmojiData(data: readonly IamcalEmoji[], version: string, names: readonly string[][], namesSource: string): EmojiData {
  const byCode = new Map(names.map((row) => [row[0] as string, row.slice(1)]));
  const emoji = [...data]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((e) => codeOf(e.unified))
    .filter((code) => !SKIPPED.has(code) && byCode.has(code))
    .map((code) => [code, ...(byCode.get(code) as string[])]);
  return { source: `emoji-datasource-google@${version}; names: ${namesSource}`, emoji };
}

export function deriveFromPackage(): EmojiData {
  const data = JSON.parse(readFileSync(join(SOURCE_PACKAGE, 'emoji.json'), 'utf8')) as IamcalEmoji[];
  const { version } = JSON.parse(readFileSync(join(SOURCE_PACKAGE, 'package.json'), 'utf8')) as { version: string };
  const names = JSON.parse(readFileSync(NAMES_FILE, 'utf8')) as { source: { custom: string; cldr: string }; names: string[][] };
  return deriveEmojiData(data, version, names.names, `${names.source.custom}, ${names.source.cldr}`);
}

/** One emoji a line: small diffs when the package is updated. */
export function serialize(d: EmojiData): string {
  const lines = d.emoji.map((e) => '    ' + JSON.stringify(e));
  return `{\n  "source": ${JSON.stringify(d.source)},\n  "emoji": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const d = deriveFromPackage();
  writeFileSync(OUTPUT, serialize(d));
  console.log(`emoji-data: ${d.emoji.length} emoji from ${d.source} → reference/render/emoji-data.json`);
}
