// match_content / match_subject. Upstream asks ts_headline (HighlightAll) where the
// query's words occur in rendered_content and in escape_html(topic), then
// zerver/views/message_fetch.py highlight_string wraps each occurrence in
// <span class="highlight">, except when it falls inside an HTML tag (see highlightString).
import type { Highlight, Message } from '../types.ts';
import { escapeHtml } from './escape-html.ts';
import { indexedStem, type SearchQuery } from './search-query.ts';
import { htmlWords } from './words.ts';

const HIGHLIGHT_START = '<span class="highlight">';
const HIGHLIGHT_STOP = '</span>';

/** [offset, length] of each word of the HTML whose stem the query asks for. Phrases add none. */
export function matchLocations(html: string, query: SearchQuery): [number, number][] {
  const locations: [number, number][] = [];
  for (const word of htmlWords(html)) {
    const indexed = indexedStem(word);
    if (indexed !== undefined && query.stems.has(indexed)) locations.push([word.start, word.end - word.start]);
  }
  return locations;
}

/**
 * highlight_string: wrap each location in a highlight span. Upstream also skips a location
 * that falls inside an HTML tag (it tracks "<" and ">" through the text); matchLocations
 * never yields one: htmlWords reads each tag as one token, and the renderer (and
 * escapeHtml for the topic) escapes every other "<" and ">", in text and in attribute
 * values alike, so no word can start inside a tag.
 */
export function highlightString(text: string, locations: readonly [number, number][]): string {
  let position = 0;
  let result = '';
  for (const [offset, length] of locations) {
    result += text.slice(position, offset) + HIGHLIGHT_START + text.slice(offset, offset + length) + HIGHLIGHT_STOP;
    position = offset + length;
  }
  return result + text.slice(position);
}

export function searchHighlight(message: Message, query: SearchQuery): Highlight {
  const escapedTopic = escapeHtml(message.topic);
  return {
    match_content: highlightString(message.rendered_content, matchLocations(message.rendered_content, query)),
    match_subject: highlightString(escapedTopic, matchLocations(escapedTopic, query)),
  };
}

/** matches_narrow without a search term: the plain rendered content and escaped topic. */
export function plainHighlight(message: Message): Highlight {
  return { match_content: message.rendered_content, match_subject: escapeHtml(message.topic) };
}
