// Emoji by name and code (zulip/zulip zerver/lib/emoji.py): the Unicode emoji table, the
// organization's custom emoji and the one Zulip emoji, and the checks a reaction's emoji
// must pass.
import { BadRequest } from '../errors.ts';
import type { Store } from '../state/store.ts';
import { REALM_EMOJI, type RealmEmojiRecord } from '../state/realm-emoji.ts';
import { codepointForName, EMOJI_DATA_SOURCE, nameForCodepoint } from '../render/emoji-table.ts';

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';

/** Where the Unicode emoji table comes from (emoji-datasource-google and the real server's name map). */
export { EMOJI_DATA_SOURCE };

/** The code of a Unicode emoji name ("1f419" for "octopus"). */
export function unicodeEmojiCode(name: string): string | undefined {
  return codepointForName(name);
}

/** Whether a code names a Unicode emoji of the table. */
export function isUnicodeEmojiCode(code: string): boolean {
  return nameForCodepoint(code) !== undefined;
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
  const code = codepointForName(name);
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
    if (nameForCodepoint(code) === undefined) throw new BadRequest('Invalid emoji code.');
    if (codepointForName(name) !== code) throw new BadRequest('Invalid emoji name.');
  } else {
    throw new BadRequest('Invalid emoji type.');
  }
}
