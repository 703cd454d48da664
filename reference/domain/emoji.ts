// Emoji by name and code (zulip/zulip zerver/lib/emoji.py): the Unicode emoji table, the
// organization's custom emoji and the one Zulip emoji, and the checks a reaction's emoji
// must pass.
import { BadRequest } from '../errors.ts';
import type { Store } from '../state/store.ts';
import { REALM_EMOJI, type RealmEmojiRecord } from '../state/realm-emoji.ts';
import DATA from './emoji-data.json' with { type: 'json' };

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';

/**
 * Names of the real server's table that iamcal's short names lack, each one of its
 * curated names (tools/setup/emoji/custom_emoji_names.py) that its tests use
 * (zerver/tests/test_reactions.py, zerver/tests/fixtures/markdown_test_cases.json) or
 * that chat clients often react with.
 * NOTE: approximation: the Unicode emoji's names are iamcal's short_names
 * (reference/domain/emoji-data.json, derived by scripts/emoji-data.ts from
 * emoji-datasource-google) plus these; the real server's curated names
 * (tools/setup/emoji/custom_emoji_names.py and the CLDR annotations) differ for many emoji,
 * so a name only one side knows is accepted by only that side. The codes come from the
 * same package with the same exclusions, so the set of emoji should be the real server's
 * (it also drops any emoji the CLDR annotations lack, which Understudy, without them, keeps).
 */
const REAL_SERVER_NAMES: Readonly<Record<string, string>> = {
  slight_smile: '1f642',
  thumbs_up: '1f44d',
  like: '1f44d',
  thumbs_down: '1f44e',
  working_on_it: '1f6e0',
  holiday_tree: '1f384',
  gold: '1f947',
  poop: '1f4a9',
  up: '2b06',
  division: '2797',
  woman_shrugging: '1f937-200d-2640',
  eye_in_speech_bubble: '1f441-200d-1f5e8',
};

const nameToCode = new Map<string, string>();
const codeToName = new Map<string, string>();
for (const [code, ...names] of DATA.emoji as string[][]) {
  codeToName.set(code as string, names[0] as string);
  for (const name of names) nameToCode.set(name, code as string);
}
for (const [name, code] of Object.entries(REAL_SERVER_NAMES)) if (!nameToCode.has(name) && codeToName.has(code)) nameToCode.set(name, code);

/** Where the Unicode emoji table comes from ("emoji-datasource-google@15.1.2"). */
export const EMOJI_DATA_SOURCE: string = DATA.source;

/** The code of a Unicode emoji name ("1f419" for "octopus"). */
export function unicodeEmojiCode(name: string): string | undefined {
  return nameToCode.get(name);
}

/** Whether a code names a Unicode emoji of the table. */
export function isUnicodeEmojiCode(code: string): boolean {
  return codeToName.has(code);
}

/** The organization's custom emoji, ascending by id. */
export function realmEmoji(store: Store): RealmEmojiRecord[] {
  return store.table(REALM_EMOJI).all();
}

/** The active custom emoji of that name. */
export function activeRealmEmoji(store: Store, name: string): RealmEmojiRecord | undefined {
  return store.table(REALM_EMOJI).find('name', name).find((e) => !e.deactivated);
}

/** A custom emoji as the API shows it (get_all_custom_emoji_for_realm). */
export function formatRealmEmoji(store: Store, e: RealmEmojiRecord): Record<string, unknown> {
  const base = `/user_avatars/${store.realm.id}/emoji/images`;
  return {
    id: String(e.id),
    name: e.name,
    source_url: `${base}/${e.file_name}`,
    deactivated: e.deactivated,
    author_id: e.author_id,
    still_url: e.is_animated ? `${base}/still/${e.file_name.replace(/\.[^.]*$/, '')}.png` : null,
  };
}

/** GET /realm/emoji's `emoji` and /register's realm_emoji: every custom emoji, deactivated ones too, by id. */
export function realmEmojiDict(store: Store): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const e of realmEmoji(store)) out[String(e.id)] = formatRealmEmoji(store, e);
  return out;
}

export interface EmojiData {
  emoji_code: string;
  reaction_type: ReactionType;
}

/** get_emoji_data: a name's code and type; custom emoji first, then "zulip", then Unicode. */
export function emojiDataForName(store: Store, name: string): EmojiData {
  const custom = activeRealmEmoji(store, name);
  if (custom) return { emoji_code: String(custom.id), reaction_type: 'realm_emoji' };
  if (name === 'zulip') return { emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };
  const code = nameToCode.get(name);
  if (code !== undefined) return { emoji_code: code, reaction_type: 'unicode_emoji' };
  throw new BadRequest(`Emoji '${name}' does not exist`);
}

/** check_emoji_request: may a new reaction use this name, code and type? */
export function checkEmojiRequest(store: Store, name: string, code: string, type: string): void {
  if (type === 'realm_emoji') {
    const custom = /^\d+$/.test(code) ? store.table(REALM_EMOJI).get(Number(code)) : undefined;
    // The real server keys its custom emoji by the id's string: "01" is no emoji's code.
    if (custom === undefined || String(custom.id) !== code) throw new BadRequest('Invalid custom emoji.');
    if (custom.name !== name) throw new BadRequest('Invalid custom emoji name.');
    if (custom.deactivated) throw new BadRequest('This custom emoji has been deactivated.');
  } else if (type === 'zulip_extra_emoji') {
    if (code !== 'zulip') throw new BadRequest('Invalid emoji code.');
    if (name !== code) throw new BadRequest('Invalid emoji name.');
  } else if (type === 'unicode_emoji') {
    if (!codeToName.has(code)) throw new BadRequest('Invalid emoji code.');
    if (nameToCode.get(name) !== code) throw new BadRequest('Invalid emoji name.');
  } else {
    throw new BadRequest('Invalid emoji type.');
  }
}
