// search:<text> (zerver/lib/narrow.py add_narrow_conditions, _by_search_tsearch).
// Upstream gathers every search term, joins their operands with spaces and builds
// ONE new term from them, whose `negated` is the default False: a negated search
// term therefore searches positively. Mirrored, with this note, because that is
// what a client of the real server gets.
// The tsvector covers the topic and rendered_content (zerver_message.search_tsvector),
// the phrase test the raw Markdown content and the topic.
import type { Highlight, Message } from '../types.ts';
import type { Predicate } from '../predicate.ts';
import { searchHighlight } from './highlight.ts';
import { indexedStem, parseSearchQuery } from './search-query.ts';
import { htmlWords, textWords } from './words.ts';

export interface CompiledSearch {
  predicate: Predicate;
  stems: ReadonlySet<string>;
  highlight: (message: Message) => Highlight;
}

/** The stems a message is found under: its topic's and its rendered content's words. */
export function indexedStems(message: Message): Set<string> {
  const stems = new Set<string>();
  for (const word of [...textWords(message.topic), ...htmlWords(message.rendered_content)]) {
    const indexed = indexedStem(word);
    if (indexed !== undefined) stems.add(indexed);
  }
  return stems;
}

export function compileSearch(operands: readonly string[]): CompiledSearch {
  const query = parseSearchQuery(operands.join(' '));
  // One compiled narrow serves one request: remembering a message's stems is safe here.
  const cache = new WeakMap<Message, Set<string>>();
  const stemsOf = (message: Message): Set<string> => {
    let stems = cache.get(message);
    if (stems === undefined) cache.set(message, (stems = indexedStems(message)));
    return stems;
  };
  const predicate: Predicate = (message) => {
    if (query.stems.size === 0) return false;
    const stems = stemsOf(message);
    for (const wanted of query.stems) if (!stems.has(wanted)) return false;
    // NOTE: approximation: ILIKE lower-cases with the database's locale; we use toLowerCase.
    const content = message.content.toLowerCase();
    const topic = message.topic.toLowerCase();
    return query.phrases.every((phrase) => content.includes(phrase) || topic.includes(phrase));
  };
  return { predicate, stems: query.stems, highlight: (message) => searchHighlight(message, query) };
}
