// Adding and removing alert words (zulip/zulip zerver/views/alert_words.py,
// zerver/actions/alert_words.py, zerver/lib/alert_words.py add_user_alert_words,
// remove_user_alert_words). The whole new list goes to the user alone, also when
// nothing changed.
import { alertWordsChanged, alertWordsOf } from '../domain/alert-words.ts';
import { ALERT_WORDS } from '../state/alert-words.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

/** clean_alert_words: stripped, empty ones dropped. */
export function cleanAlertWords(words: readonly string[]): string[] {
  return words.map((w) => w.trim()).filter((w) => w !== '');
}

/**
 * add_user_alert_words: words the user already has (case-insensitively) are skipped; of
 * new words equal but for case, the last given is kept.
 */
export function doAddAlertWords(world: World, actor: User, words: readonly string[]): string[] {
  const table = world.store.table(ALERT_WORDS);
  const existing = new Set(alertWordsOf(world.store, actor.user_id).map((w) => w.toLowerCase()));
  const fresh = new Map<string, string>();
  for (const word of words) if (!existing.has(word.toLowerCase())) fresh.set(word.toLowerCase(), word);
  for (const word of fresh.values()) table.put({ id: table.nextId(), user_id: actor.user_id, word });
  return notify(world, actor);
}

/** remove_user_alert_words: each given word removes the user's word equal to it but for case. */
export function doRemoveAlertWords(world: World, actor: User, words: readonly string[]): string[] {
  const table = world.store.table(ALERT_WORDS);
  const gone = new Set(words.map((w) => w.toLowerCase()));
  for (const row of table.find('owner', actor.user_id)) if (gone.has(row.word.toLowerCase())) table.delete(row.id);
  return notify(world, actor);
}

function notify(world: World, actor: User): string[] {
  alertWordsChanged(world.store);
  const words = alertWordsOf(world.store, actor.user_id);
  world.store.emit([actor.user_id], { type: 'alert_words', alert_words: words });
  return words;
}
