// HTML escaping, in the four flavours the real server's output shows.
// Source of truth: Python-Markdown's serializer (text keeps entity references; attributes
// escape & < > "), Pygments' HtmlFormatter (& < > " '), and markdown.util.code_escape.

/** An `&` that starts an entity-like reference is left alone, as Python-Markdown does. */
const BARE_AMP = /&(?!(?:#[0-9]+|#x[0-9a-f]+|[0-9a-z]+);)/gi;

/** Element text: `&` (unless it starts `&name;`, `&#1;`, `&#x1;`), `<`, `>`. Quotes stay. */
export function escapeText(s: string): string {
  return s.replace(BARE_AMP, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Inline code and code blocks with a language: every `&`, `<`, `>`. */
export function escapeCode(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Code blocks without a language keep Pygments' escaping, quotes included. */
export function escapePygments(s: string): string {
  return escapeCode(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Attribute values (always written in double quotes).
 * NOTE: approximation: the server leaves entity-like `&name;` unescaped in attributes
 * too; we escape every `&` so that no attribute can carry an entity we did not write.
 */
export function escapeAttr(s: string): string {
  return escapeCode(s).replace(/"/g, '&quot;');
}

/** `<tag a="1" b="2">`, attributes sorted by name as Python-Markdown's serializer does. */
export function openTag(tag: string, attrs: Readonly<Record<string, string>> = {}): string {
  const names = Object.keys(attrs).sort();
  let out = `<${tag}`;
  for (const name of names) out += ` ${name}="${escapeAttr(attrs[name] as string)}"`;
  return `${out}>`;
}
