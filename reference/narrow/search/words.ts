// Splitting text into searchable words, with their offsets so that highlighting can
// wrap them in place. PostgreSQL's default text-search parser (which
// to_tsvector / plainto_tsquery / ts_headline use) skips HTML tags and character
// references; we do the same.
// NOTE: approximation: the parser also has token types for URLs, hosts, emails,
// file paths, versions and hyphenated words; we split all of them into runs of
// letters and digits ("foo-bar" is foo and bar, "a.b@x.org" is a, b, x, org).
export interface Word {
  /** Offsets into the text (UTF-16 code units). */
  start: number;
  end: number;
  /** The word, lower-cased. */
  text: string;
}

/** A tag, a character reference, or a word; only words are kept. */
const HTML_TOKEN = /<[A-Za-z/!?][^>]*>|&(?:#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);|[\p{L}\p{N}\p{M}]+/gu;
const TEXT_TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

function collect(text: string, pattern: RegExp): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(pattern)) {
    const token = match[0];
    if (token.startsWith('<') || token.startsWith('&')) continue;
    words.push({ start: match.index, end: match.index + token.length, text: token.toLowerCase() });
  }
  return words;
}

/** The words of an HTML fragment (rendered content, an HTML-escaped topic). */
export const htmlWords = (html: string): Word[] => collect(html, HTML_TOKEN);

/** The words of plain text (a search query, a raw topic). */
export const textWords = (text: string): Word[] => collect(text, TEXT_TOKEN);
