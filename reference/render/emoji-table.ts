// The Unicode emoji table, the real server's (static/generated/emoji/emoji_codes.json:
// name_to_codepoint, codepoint_to_name): reference/render/emoji-data.json, derived by
// scripts/emoji-data.ts from emoji-datasource-google and the real server's name map
// (scripts/emoji-names.json). The renderer, reactions and user statuses all use it.
// NOTE: approximation: the names of the emoji upstream's curation (custom_emoji_names.py)
// leaves out come from the CLDR annotations of cldr-annotations-modern@45.0.0; the real
// server's build may use another CLDR release, whose names for those emoji can differ.
import DATA from './emoji-data.json' with { type: 'json' };

const byName = new Map<string, string>();
const byCode = new Map<string, string>();
for (const [code, canonical, ...aliases] of DATA.emoji as string[][]) {
  byCode.set(code as string, canonical as string);
  // As generate_name_to_codepoint_map: canonical name, then aliases; a later emoji wins.
  for (const name of [canonical as string, ...aliases]) byName.set(name, code as string);
}

/** Where the table comes from (the package and the name map, with versions). */
export const EMOJI_DATA_SOURCE: string = DATA.source;

/** "1f642" for "slight_smile". */
export function codepointForName(name: string): string | undefined {
  return byName.get(name);
}

/** "slight_smile" for "1f642": the emoji's canonical name. */
export function nameForCodepoint(code: string): string | undefined {
  return byCode.get(code);
}
