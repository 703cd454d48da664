// The text of a message in a mobile notification (zulip/zulip zerver/lib/push_notifications.py
// get_mobile_push_content, then truncate_content): the rendered HTML read as a tree, its
// text in document order with entities decoded, except that an emoji span is its Unicode
// character, an image its alt text, an ordered list numbered lines, a spoiler its header
// and "(…)", a quote its lines prefixed "> ", and KaTeX its source between $$; at the top
// level, quotes (and "@user said:" paragraphs) next to other content collapse to "[…]".
// Then at most 200 characters and "…".

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** An element as lxml has it: text before the first child, tail after the element. */
interface El {
  tag: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
  tail: string;
  parent: El | null;
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // Digits only: never negative, so the code point's one bound is the top of Unicode.
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const element = (tag: string, parent: El | null, attrs: Record<string, string> = {}): El => ({ tag, attrs, children: [], text: '', tail: '', parent });

/** fragment_fromstring(html, create_parent=True): the fragment under a <div>. */
function parseFragment(html: string): El {
  const root = element('div', null);
  const stack: El[] = [root];
  const token = /<!--[\s\S]*?(?:-->|$)|<\/([a-zA-Z][a-zA-Z0-9]*)\s*>|<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'=<>\/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|[^<]+|</g;
  const addText = (text: string) => {
    const top = stack[stack.length - 1] as El;
    const last = top.children[top.children.length - 1];
    if (last) last.tail += text;
    else top.text += text;
  };
  for (const m of html.matchAll(token)) {
    const [whole, closing, opening, attrText] = m;
    if (whole.startsWith('<!--')) continue;
    if (closing !== undefined) {
      const tag = closing.toLowerCase();
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    if (opening === undefined) {
      addText(decode(whole));
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([^\s"'=<>\/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      const name = (a[1] as string).toLowerCase();
      if (!(name in attrs)) attrs[name] = decode(a[2] ?? a[3] ?? a[4] ?? '');
    }
    const top = stack[stack.length - 1] as El;
    const el = element(opening.toLowerCase(), top, attrs);
    top.children.push(el);
    if (!VOID.has(el.tag)) stack.push(el);
  }
  return root;
}

/** descendant-or-self elements, in document order. */
function* walk(el: El): Generator<El> {
  yield el;
  for (const child of el.children) yield* walk(child);
}
const classes = (el: El) => (el.attrs['class'] ?? '').split(/\s+/).filter(Boolean);
const findClass = (el: El, name: string) => [...walk(el)].filter((e) => classes(e).includes(name));
/** lxml's text_content(): all the text inside, without the element's own tail. */
const textContent = (el: El): string => el.text + el.children.map((c) => textContent(c) + c.tail).join('');
/** str.splitlines() separators. */
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/** change_katex_to_raw_latex: each span of class exactly "katex" becomes its TeX source. */
function katexToLatex(root: El): void {
  for (const el of [...walk(root)]) {
    if (el.tag !== 'span' || el.attrs['class'] !== 'katex') continue;
    const annotation = [...walk(el)].find((e) => e.tag === 'annotation' && e.attrs['encoding'] === 'application/x-tex');
    Object.assign(el, { attrs: {}, children: [], text: `$$${annotation?.text ?? ''}$$` });
  }
}

/** url_decoding.py is_same_server_message_link. */
function isSameServerMessageLink(href: string, host: string | null): boolean {
  const hash = href.indexOf('#');
  const before = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? '' : href.slice(hash + 1);
  const authority = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(before);
  if (authority) {
    const hostname = (authority[1] as string).replace(/^[^@]*@/, '').replace(/:\d*$/, '').toLowerCase();
    if (hostname !== '' && hostname !== host) return false;
  }
  const parts = fragment.split('/');
  if (parts.length < 5) return false;
  return parts[0] === 'narrow' && (parts[1] === 'channel' || parts[1] === 'dm') && parts[parts.length - 2] === 'near' && /^\p{Nd}+$/u.test(parts[parts.length - 1] as string);
}

function isUserSaidParagraph(el: El, host: string | null): boolean {
  const mentions = findClass(el, 'user-mention');
  if (mentions.length !== 1) return false;
  const links = [...walk(el)].filter((e) => e.tag === 'a' && 'href' in e.attrs && isSameServerMessageLink(e.attrs['href'] as string, host));
  if (links.length !== 1) return false;
  const rest = textContent(el).split(textContent(mentions[0] as El)).join('').split(textContent(links[0] as El)).join('');
  return rest.trim() === ':';
}

/** potentially_collapse_quotes: one "[…]" paragraph (a single element, so it moves to the last run). */
function collapseQuotes(root: El, host: string | null): void {
  const children = [...root.children];
  const collapsible = children.map((c) => c.tag === 'blockquote' || isUserSaidParagraph(c, host));
  if (collapsible.every(Boolean) || !collapsible.some(Boolean)) return;
  const collapse = element('p', root);
  collapse.text = '[…]';
  children.forEach((child, i) => {
    if (!collapsible[i]) return;
    const at = root.children.indexOf(child);
    if (i > 0 && collapsible[i - 1]) {
      // drop_tree: the tail joins the previous sibling's tail (or the parent's text).
      const prev = root.children[at - 1];
      if (prev) prev.tail += child.tail;
      else root.text += child.tail;
      root.children.splice(at, 1);
    } else {
      // replace(): the element goes with its tail; the paragraph moves here.
      const old = root.children.indexOf(collapse);
      root.children.splice(at, 1, collapse);
      if (old !== -1) root.children.splice(old, 1);
    }
  });
}

function getText(el: El): string {
  const cls = el.attrs['class'] ?? '';
  if (cls.includes('emoji')) {
    const m = /emoji-(\S+)/.exec(cls);
    if (m) return (m[1] as string).split('-').map((h) => String.fromCodePoint(parseInt(h, 16))).join('');
  }
  if (el.tag === 'img') return el.attrs['alt'] ?? '';
  if (el.tag === 'blockquote') return '';
  return el.text;
}

function renderOlist(ol: El): string {
  let counter = ol.attrs['start'] ? parseInt(ol.attrs['start'], 10) : 1;
  let levels = 0;
  for (let p = ol.parent; p; p = p.parent) if (p.tag === 'ol') levels++;
  const indent = levels ? `\n${'  '.repeat(levels)}` : '';
  return ol.children.map((li) => `${indent}${counter++}. ${textOf(li).trim()}`).join('\n');
}

function renderSpoiler(el: El): string {
  const header = findClass(el, 'spoiler-header')[0];
  const text = header ? textOf(header).trim() : '';
  return text.length === 0 ? '(…)\n' : `${text} (…)\n`;
}

function textOf(el: El): string {
  if (el.tag === 'ol') return renderOlist(el);
  if ((el.attrs['class'] ?? '').includes('spoiler-block')) return renderSpoiler(el);
  let sub = el.children.map(textOf).join('');
  if (el.tag === 'blockquote') {
    sub = sub
      .split(LINE_BREAK)
      .filter((line) => line !== '')
      .map((line) => `> ${line}\n`)
      .join('');
  }
  return getText(el) + sub + el.tail;
}

/** get_mobile_push_content. `host` is the server's host name, for "@user said:" links. */
export function mobilePushContent(html: string, host: string | null = null): string {
  const root = parseFragment(html);
  katexToLatex(root);
  collapseQuotes(root, host);
  return textOf(root);
}

/** truncate_content: at most 200 characters (code points), else 200 and "…". */
export function truncateContent(text: string): string {
  const points = [...text];
  return points.length <= 200 ? text : `${points.slice(0, 200).join('')}…`;
}

/** The notification's `content`. */
export function pushContent(html: string, host: string | null = null): string {
  return truncateContent(mobilePushContent(html, host));
}

export interface MentionedIds {
  /** Users mentioned by name, not silently. */
  users: Set<number>;
  /** Groups mentioned, not silently. */
  groups: Set<number>;
}

/** The non-silent user and group mentions in rendered HTML (render/mentions.ts writes them). */
export function mentionedIds(html: string): MentionedIds {
  const users = new Set<number>();
  const groups = new Set<number>();
  for (const m of html.matchAll(/<span class="user-mention" data-user-id="(\d+)">/g)) users.add(Number(m[1]));
  for (const m of html.matchAll(/<span class="user-group-mention" data-user-group-id="(\d+)">/g)) groups.add(Number(m[1]));
  return { users, groups };
}
