// Language aliases → Pygments lexer names, for the data-code-language attribute
// (zerver/lib/markdown/fenced_code.py: find_lexer_class_by_name(lang).name; a
// language Pygments does not know keeps the user's spelling, lowercased).
// NOTE: approximation: the table is one Pygments release's (pygments-lexers.ts); the server
// pins its own release in its requirements (not in the server code at hand), whose lexers
// may differ by a few aliases.
import { PYGMENTS_LEXERS } from './pygments-lexers.ts';

const BY_ALIAS: ReadonlyMap<string, string> = new Map(
  PYGMENTS_LEXERS.flatMap(([name, aliases]) => aliases.map((alias) => [alias, name] as const)),
);

/** The canonical name for a (lowercased) fence language. */
export function languageName(lang: string): string {
  return BY_ALIAS.get(lang) ?? lang;
}
