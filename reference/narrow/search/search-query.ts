// A `search` operand as zerver/lib/narrow.py _by_search_tsearch reads it:
// plainto_tsquery('zulip.english_us_search', operand) — every word, stemmed, stop
// words dropped, ANDed, no prefix matching — plus, for each double-quoted phrase,
// a case-insensitive substring test (ILIKE %phrase%) on the raw content or the topic.
import { stem } from './stem.ts';
import { STOP_WORDS } from './stop-words.ts';
import { textWords, type Word } from './words.ts';

export interface SearchQuery {
  /** Every stem must occur in the message; empty means the query matches nothing. */
  stems: ReadonlySet<string>;
  /** Lower-cased phrases that must each occur in the content or the topic. */
  phrases: readonly string[];
}

/** The stem a word is indexed under, or undefined for a stop word (never indexed). */
export function indexedStem(word: Word): string | undefined {
  return STOP_WORDS.has(word.text) ? undefined : stem(word.text);
}

export function parseSearchQuery(operand: string): SearchQuery {
  const stems = new Set<string>();
  for (const word of textWords(operand)) {
    const indexed = indexedStem(word);
    if (indexed !== undefined) stems.add(indexed);
  }
  // re.findall('"[^"]+"|\S+', operand): a lone '"' is a phrase of "" (matches anything).
  const phrases: string[] = [];
  for (const [token] of operand.matchAll(/"[^"]+"|\S+/g)) {
    if (token.startsWith('"') && token.endsWith('"')) phrases.push(token.slice(1, -1).toLowerCase());
  }
  return { stems, phrases };
}
