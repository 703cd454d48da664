// node --import tsx scripts/emoji-data.ts derives reference/domain/emoji-data.json, the Unicode emoji the core
// knows by name, from the iamcal emoji data in Google's set (the dev dependency
// emoji-datasource-google, the package the real server builds its emoji table from; see
// tools/setup/emoji/build_emoji and generate_emoji_names in zulip/zulip). The core imports
// only this small derived file, which the bundle inlines: the 80 MB package of images is
// never a runtime dependency. scripts/emoji-data.test.ts checks that the committed file is
// what this derivation gives.
//
// The derivation follows the real server where its rules are known:
// - an emoji's code is its `unified` code points without the emoji presentation selector
//   FE0F, lower-case, dash-separated (emoji_setup_utils.get_emoji_code);
// - the skin-tone modifiers on their own and the clock faces other than 1f557 (seven
//   o'clock) get no name (generate_emoji_names SKIN_TONE_EMOJI_CODES, SKIPPED_CLOCK_EMOJI_CODES);
// - skin-tone variants are not emoji of their own.
// NOTE: approximation: the names are iamcal's short_names. The real server names emoji
// from its own curation (custom_emoji_names.py) and, for the rest, the Unicode CLDR
// English annotations; where those differ (1f642 is slight_smile there, not
// slightly_smiling_face) Understudy accepts iamcal's name, plus the few names of the real
// server's table that reference/domain/emoji.ts adds from its tests and documentation.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const SOURCE_PACKAGE = join(ROOT, 'node_modules/emoji-datasource-google');
export const OUTPUT = join(ROOT, 'reference/domain/emoji-data.json');

const SKIPPED = new Set([
  // skin-tone modifiers
  '1f3fb', '1f3fc', '1f3fd', '1f3fe', '1f3ff',
  // clock faces, all but seven o'clock
  '1f550', '1f551', '1f552', '1f553', '1f554', '1f555', '1f556', '1f558', '1f559', '1f55a', '1f55b', '1f55c',
  '1f55d', '1f55e', '1f55f', '1f560', '1f561', '1f562', '1f563', '1f564', '1f565', '1f566', '1f567',
]);

interface IamcalEmoji {
  unified: string;
  short_names: string[];
  sort_order: number;
}

export interface EmojiData {
  source: string;
  /** [code, name, ...more names], in iamcal's sort order. */
  emoji: string[][];
}

export function codeOf(unified: string): string {
  return unified
    .toLowerCase()
    .split('-')
    .filter((cp) => cp !== 'fe0f')
    .join('-');
}

export function deriveEmojiData(data: readonly IamcalEmoji[], version: string): EmojiData {
  const emoji = [...data]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((e) => [codeOf(e.unified), ...e.short_names])
    .filter(([code]) => !SKIPPED.has(code as string));
  return { source: `emoji-datasource-google@${version}`, emoji };
}

export function deriveFromPackage(): EmojiData {
  const data = JSON.parse(readFileSync(join(SOURCE_PACKAGE, 'emoji.json'), 'utf8')) as IamcalEmoji[];
  const { version } = JSON.parse(readFileSync(join(SOURCE_PACKAGE, 'package.json'), 'utf8')) as { version: string };
  return deriveEmojiData(data, version);
}

/** One emoji a line: small diffs when the package is updated. */
export function serialize(d: EmojiData): string {
  const lines = d.emoji.map((e) => '    ' + JSON.stringify(e));
  return `{\n  "source": ${JSON.stringify(d.source)},\n  "emoji": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const d = deriveFromPackage();
  writeFileSync(OUTPUT, serialize(d));
  console.log(`emoji-data: ${d.emoji.length} emoji from ${d.source} → reference/domain/emoji-data.json`);
}
