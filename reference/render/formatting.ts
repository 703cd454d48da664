// Inline formatting patterns, with the server's own regexes (zerver/lib/markdown/
// __init__.py, build_inlinepatterns) rather than CommonMark's delimiter rules:
// `_` never emphasizes, `**` and `*` never span a newline, `~~x~~` is <del>.
import { whole, type InlinePattern } from './inline.ts';

const element = (tag: string, text: string, extra: { innerTag?: string } = {}) =>
  ({ kind: 'element', tag, attrs: {}, text, atomic: false, ...extra }) as const;

/**
 * `code`: any run of backticks closed by the same run. The content is kept as typed
 * (the server does not strip its spaces). Pairs of backslashes right before a backtick
 * stand for one backslash each, so that the backtick can open a span.
 */
export const backtick: InlinePattern = {
  name: 'backtick',
  resumable: true,
  re: /(?<!\\)((?:\\{2})+)(?=`+)|(?<!\\)(`+)([\s\S]+?)(?<!`)\2(?!`)/gu,
  handle(m) {
    if (m[1] !== undefined) return whole(m, { kind: 'text', text: '\\'.repeat(m[1].length / 2) });
    return whole(m, { kind: 'element', tag: 'code', attrs: {}, text: m[3] as string, atomic: true, code: true });
  },
};

/** `***x***` → <strong><em>x</em></strong>. */
export const strongEm: InlinePattern = {
  name: 'strong_em',
  re: /\*\*\*(?!\s)([^*^\n]+)(?<!\s)\*\*\*/gu,
  handle: (m) => whole(m, element('strong', m[1] as string, { innerTag: 'em' })),
};

/** `**x**`, lazily up to the next `**` on the same line. */
export const strong: InlinePattern = {
  name: 'strong',
  re: /\*\*([^\n]+?)\*\*/gu,
  handle: (m) => whole(m, element('strong', m[1] as string)),
};

/** `*x*`: no space just inside the stars, no `*` or `^` inside ("const char *x = (char *)y"). */
export const emphasis: InlinePattern = {
  name: 'emphasis',
  re: /\*(?!\s)([^*^\n]+)(?<!\s)\*/gu,
  handle: (m) => whole(m, element('em', m[1] as string)),
};

/** `~~x~~` → <del>, spaces inside allowed, exactly two tildes each side. */
export const strikethrough: InlinePattern = {
  name: 'del',
  re: /(?<!~)~~([^~\n]+?)~~(?!~)/gu,
  handle: (m) => whole(m, element('del', m[1] as string)),
};

/** Free-standing `*`, `**`, `_`… are text, so no later pattern pairs them up. */
export const notStrong: InlinePattern = {
  name: 'not_strong',
  re: /(?:^|(?<=\s))(\*{1,3}|_{1,3})(?=\s|$)/gu,
  handle: (m) => whole(m, { kind: 'text', text: m[1] as string }),
};

/** `&amp;`, `&#42;`, `&#x2a;` pass through as written. */
export const entity: InlinePattern = {
  name: 'entity',
  resumable: true,
  re: /&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);/gu,
  handle: (m) => whole(m, { kind: 'raw', html: m[0] }),
};

/** Every newline is a line break (the nl2br extension); the server writes `<br>\n`. */
export const nl2br: InlinePattern = {
  name: 'nl2br',
  resumable: true,
  re: /\n/gu,
  handle: (m) => whole(m, { kind: 'raw', html: '<br>\n' }),
};

/**
 * `$$x$$` inline TeX, not next to a word character or another `$`.
 * NOTE: approximation: the server renders TeX with KaTeX; we render it the way the
 * server renders TeX that KaTeX rejects.
 */
export const tex: InlinePattern = {
  name: 'tex',
  re: /(?<![\p{L}\p{N}_])(?<!\$)\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)(?![\p{L}\p{N}_])/gu,
  handle: (m) =>
    whole(m, { kind: 'element', tag: 'span', attrs: { class: 'tex-error' }, text: `$$${m[1]}$$`, atomic: true }),
};
