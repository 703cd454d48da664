// node --import tsx scripts/emoji-names.ts [CLDR_DIR] writes scripts/emoji-names.json: the
// real server's name for every Unicode emoji (its tools/setup/emoji/emoji_names.py,
// EMOJI_NAME_MAPS), made the way the real server makes that file (generate_emoji_names in
// zulip/zulip), from:
// - the emoji of emoji-datasource-google (the dev dependency), in its file order;
// - the server's curated names, scripts/emoji-names/custom.txt (its custom_emoji_names.py);
// - for the emoji the curation lacks, the Unicode CLDR English annotations, from the npm
//   packages cldr-annotations-modern and cldr-annotations-derived-modern, found in CLDR_DIR
//   (default node_modules): `tts` gives the canonical name, `default` the aliases.
// Then, as upstream: an alias that is some emoji's canonical name is dropped; an alias two
// emoji share is dropped from each one the curation does not name; a name with letters
// outside ASCII gets an ASCII alias. scripts/emoji-data.ts reads the result.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeOf, SOURCE_PACKAGE } from './emoji-data.ts';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const CUSTOM = join(ROOT, 'scripts/emoji-names/custom.txt');
export const NAMES = join(ROOT, 'scripts/emoji-names.json');

const SKIPPED_CLOCKS = new Set(['1f550', '1f551', '1f552', '1f553', '1f554', '1f555', '1f556', '1f558', '1f559', '1f55a', '1f55b', '1f55c', '1f55d', '1f55e', '1f55f', '1f560', '1f561', '1f562', '1f563', '1f564', '1f565', '1f566', '1f567']);
const SKIN_TONES = new Set(['1f3fb', '1f3fc', '1f3fd', '1f3fe', '1f3ff']);
/** Names upstream keeps without an ASCII version (each emoji has an ASCII alias). */
const NO_ASCII_VERSION = new Set(['ココ', 'サ', '指', '空']);

export interface Names {
  canonical_name: string;
  aliases: string[];
}
export interface Annotation {
  default?: string[];
  tts?: string[];
}
export interface EmojiNamesFile {
  source: { custom: string; cldr: string; emoji: string };
  /** [code, canonical_name, ...aliases] in emoji-datasource-google's file order. */
  names: string[][];
}

export function parseCustom(text: string): { commit: string; map: Map<string, Names> } {
  const commit = /at commit ([0-9a-f]{40})/.exec(text)?.[1] ?? 'unknown';
  const map = new Map<string, Names>();
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [code, canonical, ...aliases] = line.trim().split(/\s+/) as [string, string, ...string[]];
    if (map.has(code)) throw new Error(`custom.txt: ${code} twice`);
    map.set(code, { canonical_name: canonical, aliases });
  }
  return { commit, map };
}

export function cleanupName(name: string): string {
  const replacements: [string, string][] = [
    [' ', '_'], ['-', '_'], ['\u2013', '_'], ['\u201c', ''], ['\u201d', ''], [':', ''], ['.', ''], [',', ''],
    ['(', ''], [')', ''], ['&', 'and'], ['\u2018', ''], ['\u2019', ''], ["'", ''],
  ];
  for (const [before, after] of replacements) name = name.split(before).join(after);
  return name.replace(/_{2,}/g, '_').toLowerCase();
}

const ASCII_FOR: [string, string][] = [
  ['è', 'e'], ['ǐ', 'i'], ['ó', 'o'], ['ā', 'a'], ['ō', 'o'], ['ñ', 'n'], ['ô', 'o'], ['ç', 'c'], ['é', 'e'],
  ['ã', 'a'], ['í', 'i'], ['å', 'a'], ['ü', 'u'],
];
const isAscii = (s: string): boolean => /^[\x00-\x7f]*$/.test(s);

export function asciiVersion(name: string): string {
  for (const [before, after] of ASCII_FOR) name = name.split(before).join(after);
  if (!isAscii(name)) throw new Error(`${name}: letters outside ASCII that upstream's table does not convert`);
  return name;
}

function removeFirst(list: string[], x: string): void {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1);
}

/** The name map, as generate_emoji_names makes it. `unified` is each emoji's unified code points. */
export function generateNames(unified: readonly string[], custom: Map<string, Names>, cldr: Record<string, Annotation>): Map<string, Names> {
  const all = new Map<string, Names>();
  const canonical = new Set<string>();
  for (const u of unified) {
    const code = codeOf(u);
    if (SKIPPED_CLOCKS.has(code) || SKIN_TONES.has(code)) continue;
    const curated = custom.get(code);
    let names: Names;
    let key: string;
    if (curated) {
      key = cleanupName(curated.canonical_name);
      names = { canonical_name: curated.canonical_name, aliases: [...curated.aliases] };
    } else {
      const emoji = String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
      const a = cldr[emoji];
      if (a === undefined) continue; // neither curated nor annotated: upstream skips it
      if (a.tts?.length !== 1) throw new Error(`${code}: CLDR has no single tts name`);
      key = cleanupName((a.tts[0] as string).trim());
      names = { canonical_name: key, aliases: (a.default ?? []).map((x) => cleanupName(x.trim())) };
    }
    if (canonical.has(key)) throw new Error(`${key} names two emoji (${code})`);
    canonical.add(key);
    all.set(code, names);
  }
  const aliasCodes = new Map<string, string[]>();
  const codesOf = (alias: string): string[] => {
    let l = aliasCodes.get(alias);
    if (!l) aliasCodes.set(alias, (l = []));
    return l;
  };
  for (const [code, names] of all) {
    for (const alias of [...names.aliases]) {
      if (canonical.has(alias)) removeFirst(names.aliases, alias);
      else codesOf(alias).push(code);
    }
  }
  for (const [alias, codes] of aliasCodes) {
    if (codes.length > 1) for (const code of codes) if (!custom.has(code)) removeFirst((all.get(code) as Names).aliases, alias);
  }
  for (const [, names] of all) {
    for (const name of [names.canonical_name, ...names.aliases]) {
      if (NO_ASCII_VERSION.has(name) || isAscii(name)) continue;
      const ascii = asciiVersion(name);
      for (const code of codesOf(ascii)) removeFirst((all.get(code) as Names).aliases, ascii);
      names.aliases.push(ascii);
    }
  }
  return all;
}

export function serializeNames(f: EmojiNamesFile): string {
  const lines = f.names.map((e) => '    ' + JSON.stringify(e));
  return `{\n  "source": ${JSON.stringify(f.source)},\n  "names": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** The names file as the sources give it: the curated map, CLDR in `cldrDir`, the emoji data. */
export function buildNamesFile(cldrDir = join(ROOT, 'node_modules')): EmojiNamesFile {
  const base = join(cldrDir, 'cldr-annotations-modern');
  const derived = join(cldrDir, 'cldr-annotations-derived-modern');
  if (!existsSync(base) || !existsSync(derived)) throw new Error(`emoji-names: needs cldr-annotations-modern and cldr-annotations-derived-modern in ${cldrDir}`);
  const read = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
  const cldr: Record<string, Annotation> = {
    ...read(join(base, 'annotations/en/annotations.json')).annotations.annotations,
    ...read(join(derived, 'annotationsDerived/en/annotations.json')).annotationsDerived.annotations,
  };
  const cldrVersion = (read(join(base, 'package.json')) as { version: string }).version;
  const emojiVersion = (read(join(SOURCE_PACKAGE, 'package.json')) as { version: string }).version;
  const data = read(join(SOURCE_PACKAGE, 'emoji.json')) as { unified: string }[];
  const { commit, map } = parseCustom(readFileSync(CUSTOM, 'utf8'));
  const all = generateNames(data.map((e) => e.unified), map, cldr);
  return {
    source: {
      custom: `zulip/zulip tools/setup/emoji/custom_emoji_names.py@${commit}`,
      cldr: `cldr-annotations-modern@${cldrVersion} + cldr-annotations-derived-modern@${cldrVersion} (en)`,
      emoji: `emoji-datasource-google@${emojiVersion}`,
    },
    names: [...all].map(([code, n]) => [code, n.canonical_name, ...n.aliases]),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const file = buildNamesFile(process.argv[2]);
    writeFileSync(NAMES, serializeNames(file));
    console.log(`emoji-names: ${file.names.length} emoji → scripts/emoji-names.json`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
}
