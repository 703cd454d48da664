// Links: `[text](url "title")` and bare URLs (zerver/lib/markdown/__init__.py:
// LinkInlineProcessor, get_web_link_regex, url_to_a). The server writes plain
// <a href="…">…</a>: no target or rel attribute (its web client adds those itself).
import { plainText, whole, type InlineEnv, type InlinePattern, type PatternMatch } from './inline.ts';
import { TLDS } from './tlds.ts';
import { relativeToRealm, sanitizeUrl } from './urls.ts';

/** Python's `\w`: letters, digits and underscore of any script. */
const W = String.raw`\p{L}\p{N}_`;

/** Up to six levels of balanced parentheses in a path, as the server's regex allows. */
function nestedParens(): string {
  const group = String.raw`[^\s()"]*?(?:\(%s\)[^\s()"]*?)*`;
  let chunk = group;
  for (let i = 0; i < 6; i++) chunk = chunk.replace('%s', group);
  return chunk.replace('%s', String.raw`[^\s()"]*`);
}

/**
 * A URL starts after whitespace or one of ' " ( , : < and ends before optional
 * punctuation followed by whitespace or the end. With a scheme anything goes in the
 * host; without one the host must end in a known TLD. Emails and bitcoin addresses too.
 */
const WEB_LINK = new RegExp(
  String.raw`(?<![^\s'"(,:<])` +
    String.raw`((?:(?:https?://[${W}.:@\-]+?|(?:[${W}\-]+\.)+(?:${TLDS.join('|')}))(?:/${nestedParens()})?)` +
    String.raw`|(?:[${W}.\-]+@[${W}.\-]+\.[${W}]+)` +
    String.raw`|(?:bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34}))` +
    String.raw`(?=[!:;?),.'">]*(?:$|\s))`,
  'gu',
);

const WEB_LINK_AT_START = new RegExp(WEB_LINK.source, 'uy');

/** The URL a text starts with, as topic_links finds raw URLs (re.match of the web link regex), or null. */
export function autolinkAt(text: string): string | null {
  WEB_LINK_AT_START.lastIndex = 0;
  const m = WEB_LINK_AT_START.exec(text);
  return m ? (m[1] as string) : null;
}

function anchor(href: string, text: string, title?: string) {
  const attrs: Record<string, string> = { href };
  if (title !== undefined) attrs['title'] = title;
  return { kind: 'element', tag: 'a', attrs, text, atomic: true } as const;
}

/** A bare URL; one the sanitizer refuses stays text (and no later pattern touches it). */
export const autolink: InlinePattern = {
  name: 'autolink',
  re: WEB_LINK,
  handle(m, _data, env) {
    const url = m[1] as string;
    const href = sanitizeUrl(url);
    if (href === null) return whole(m, { kind: 'text', text: url });
    return whole(m, anchor(relativeToRealm(env.ctx.realmUrl, href), url));
  },
};

/** `[text](href)`; images (`![…](…)`) are not links and stay text. */
export const link: InlinePattern = {
  name: 'link',
  re: /(?<!!)\[/gu,
  handle: (m, data, env) => parseLink(data, m.index, env),
};

function parseLink(data: string, start: number, env: InlineEnv): PatternMatch | null {
  // The text runs to the matching "]", counting nested brackets.
  let depth = 1;
  let i = start + 1;
  for (; i < data.length && depth > 0; i++) {
    if (data[i] === '[') depth++;
    else if (data[i] === ']') depth--;
  }
  if (depth > 0) return null;
  const text = data.slice(start + 1, i - 1);
  const target = parseTarget(data, i);
  if (!target) return null;
  const href = sanitizeUrl(plainText(target.href, env.stash).trim());
  if (href === null) return null;
  const local = relativeToRealm(env.ctx.realmUrl, href);
  // An empty text shows the URL; the text is atomic: no formatting or autolinks inside.
  const shown = text.trim() === '' ? local : text;
  return { node: anchor(local, shown, target.title), start, end: target.end };
}

interface Target {
  href: string;
  title?: string;
  end: number;
}

/**
 * `(href)`, `(href "title")`, `(<href> 'title')`, with balanced parentheses in href.
 * NOTE: approximation: Python-Markdown tracks unbalanced quotes and parentheses inside
 * titles with a small state machine; we accept only a well-formed trailing title.
 */
function parseTarget(data: string, at: number): Target | null {
  if (data[at] !== '(') return null;
  const angled = /^\(\s*<([^<>]*)>\s*(?:("[^"]*"|'[^']*')\s*)?\)/.exec(data.slice(at));
  if (angled) {
    const title = angled[2]?.slice(1, -1);
    return { href: (angled[1] as string).trim(), end: at + angled[0].length, ...(title === undefined ? {} : { title }) };
  }
  let depth = 1;
  let i = at + 1;
  for (; i < data.length && depth > 0; i++) {
    if (data[i] === '(') depth++;
    else if (data[i] === ')') depth--;
  }
  if (depth > 0) return null;
  const inside = data.slice(at + 1, i - 1);
  const titled = /^([\s\S]*?)\s+("[^"]*"|'[^']*')\s*$/.exec(inside);
  if (titled) {
    const title = (titled[2] as string).slice(1, -1).trim().replace(/\s/g, ' ');
    return { href: (titled[1] as string).trim(), title, end: i };
  }
  return { href: inside.trim(), end: i };
}
