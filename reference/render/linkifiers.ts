// Realm linkifiers in messages and topics (zerver/lib/markdown/__init__.py:
// prepare_linkifier_pattern, LinkifierPattern, topic_links). A linkifier's pattern is
// wrapped so it matches only after the start, whitespace or one of ' " ( , : < and
// never runs into a letter or digit; the link's text is exactly what the pattern
// matched, and its URL the template expanded with the named groups.
import { whole, type InlinePattern } from './inline.ts';
import { autolinkAt } from './links.ts';
import { translateRe2 } from './re2.ts';
import { expandUriTemplate, parseUriTemplate, type UriTemplate } from './uri-template.ts';
import { relativeToRealm, sanitizeUrl } from './urls.ts';

import type { RenderLinkifier } from './context.ts';

interface Compiled {
  readonly re: RegExp;
  readonly template: UriTemplate;
}

const BEFORE = 'linkifier_before_match';
const ACTUAL = 'linkifier_actual_match';
const AFTER = 'linkifier_after_match';

// Compiled linkifiers by pattern and template; bounded (cleared when full).
const cache = new Map<string, Compiled | null>();

function compile(l: RenderLinkifier): Compiled | null {
  const key = `${l.pattern}\u0000${l.url_template}`;
  if (cache.has(key)) return cache.get(key) as Compiled | null;
  if (cache.size >= 512) cache.clear();
  let compiled: Compiled | null = null;
  const t = translateRe2(l.pattern);
  const template = parseUriTemplate(l.url_template);
  if (t.ok && !t.risky && template !== null) {
    try {
      const re = new RegExp(String.raw`(?<${BEFORE}>^|[\t\n\f\r ]|\u0085|\p{Z}|['"(,:<])(?<${ACTUAL}>${t.source})(?<${AFTER}>$|[^\p{L}\p{N}])`, `gu${t.flags}`);
      compiled = { re, template };
    } catch {
      compiled = null; // an invalid pattern never renders (the server skips it too)
    }
  }
  cache.set(key, compiled);
  return compiled;
}

function expand(c: Compiled, m: RegExpExecArray): string {
  return expandUriTemplate(c.template, (m.groups ?? {}) as Record<string, string | undefined>);
}

/** The inline patterns for the realm's linkifiers, in the realm's order (priority 45). */
export function linkifierPatterns(linkifiers: readonly RenderLinkifier[]): InlinePattern[] {
  const out: InlinePattern[] = [];
  for (const l of linkifiers) {
    const c = compile(l);
    if (c === null) continue;
    out.push({
      name: `linkifiers/${l.pattern}`,
      re: c.re,
      handle(m, _data, env) {
        const href = sanitizeUrl(expand(c, m));
        if (href === null) return null;
        const text = m.groups?.[ACTUAL] as string;
        const start = m.index + (m.groups?.[BEFORE] as string).length;
        const node = { kind: 'element', tag: 'a', attrs: { href: relativeToRealm(env.ctx.realmUrl, href) }, text, atomic: true } as const;
        return { ...whole(m, node), start, end: start + text.length };
      },
    });
  }
  return out;
}

interface TopicLinkMatch {
  url: string;
  text: string;
  index: number;
  precedence: number | null;
}

/** Characters that split a topic into candidate raw URLs (basic_link_splitter). */
const SPLITTER = /[ !;),'"]/g;

/** topic_links: linkifier matches by priority, then raw URLs, overlaps dropped, by position. */
export function topicLinks(linkifiers: readonly RenderLinkifier[], topic: string): Array<{ url: string; text: string }> {
  const matches: TopicLinkMatch[] = [];
  linkifiers.forEach((l, precedence) => {
    const c = compile(l);
    if (c === null) return;
    let pos = 0;
    while (pos < topic.length) {
      c.re.lastIndex = pos;
      const m = c.re.exec(topic);
      if (m === null) break;
      const after = m.groups?.[AFTER] as string;
      // Rewind the delimiter after the match, so the next match may start with it.
      const next = m.index + m[0].length - after.length;
      pos = next > m.index ? next : m.index + 1;
      matches.push({ url: expand(c, m), text: m.groups?.[ACTUAL] as string, index: m.index, precedence });
    }
  });
  matches.sort((a, b) => (a.precedence as number) - (b.precedence as number) || a.index - b.index);
  let pos = 0;
  while (pos < topic.length) {
    SPLITTER.lastIndex = pos;
    const split = SPLITTER.exec(topic);
    const end = split === null ? topic.length : split.index;
    const url = autolinkAt(topic.slice(pos, end));
    if (url !== null) {
      let href = url;
      const scheme = /^[a-zA-Z][a-zA-Z0-9+\-.]*:/.test(url);
      if (!scheme) href = `https://${url}`;
      matches.push({ url: href, text: url, index: pos, precedence: null });
    }
    pos = end + 1;
  }
  const overlaps = (a: TopicLinkMatch, b: TopicLinkMatch) =>
    (b.index <= a.index && a.index < b.index + b.text.length) || (a.index <= b.index && b.index < a.index + a.text.length);
  const applied: TopicLinkMatch[] = [];
  for (const m of matches) if (applied.every((old) => !overlaps(old, m))) applied.push(m);
  applied.sort((a, b) => a.index - b.index);
  return applied.map((m) => ({ url: m.url, text: m.text }));
}
