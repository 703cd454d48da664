// Alert words (zulip/zulip zerver/lib/alert_words.py, and the alert-word preprocessor of
// zerver/lib/markdown/__init__.py AlertWordNotificationProcessor): a user's list, and
// which users' words a message's content matches.
import { ALERT_WORDS, type AlertWordRecord } from '../state/alert-words.ts';
import type { Store } from '../state/store.ts';

/** user_alert_words: as typed, in the order they were added. */
export function alertWordsOf(store: Store, userId: number): string[] {
  return store.table(ALERT_WORDS).find('owner', userId).map((w) => w.word);
}

/** The characters that may come right before and right after a match. */
const BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const AFTER = new Set([' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/**
 * Every word in the realm, lowercased, with the users who listed it: derived from the
 * rows (get_alert_word_automaton), rebuilt after a change or a restore.
 */
interface WordIndex {
  rows: ReadonlyMap<number, unknown>;
  byWord: Map<string, Set<number>>;
}
const INDEXES = new WeakMap<object, WordIndex>();

export function alertWordsChanged(store: Store): void {
  INDEXES.delete(store);
}

function wordIndex(store: Store): WordIndex | null {
  const rows = store.rowsOf(ALERT_WORDS.name, false) as Map<number, AlertWordRecord> | undefined;
  if (rows === undefined || rows.size === 0) return null;
  let index = INDEXES.get(store);
  if (index === undefined || index.rows !== rows) {
    const byWord = new Map<string, Set<number>>();
    for (const row of rows.values()) {
      const word = row.word.toLowerCase();
      let users = byWord.get(word);
      if (users === undefined) byWord.set(word, (users = new Set()));
      users.add(row.user_id);
    }
    INDEXES.set(store, (index = { rows, byWord }));
  }
  return index;
}

/**
 * The active users one of whose words the content holds: the content and the words
 * lowercased, every occurrence tried (overlapping ones too, as the automaton reports
 * them); an occurrence counts when the character before it is one of BEFORE or it starts
 * the content or right after its first character (the real server's start check accepts
 * any index up to 0, which is the character before a match at position 1), and the
 * character after it is one of AFTER or it ends the content.
 * NOTE: approximation: the real server matches after the fenced-code preprocessor has set
 * code blocks aside, so a word inside a ``` block does not count there; here the whole
 * content is searched.
 */
export function usersAlertedBy(store: Store, content: string): Set<number> {
  const out = new Set<number>();
  const index = wordIndex(store);
  if (index === null) return out;
  const text = content.toLowerCase();
  for (const [word, users] of index.byWord) {
    if (word === '') continue;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      const before = at - 1;
      const after = at + word.length;
      const startOk = before <= 0 || BEFORE.has(text[before] as string);
      const endOk = after >= text.length || AFTER.has(text[after] as string);
      if (startOk && endOk) {
        for (const id of users) if (store.user(id)?.is_active) out.add(id);
        break;
      }
    }
  }
  return out;
}
