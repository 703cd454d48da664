// The inline engine: Python-Markdown's InlineProcessor, which the real server uses
// (markdown/treeprocessors.py). Patterns run one after another in priority order over
// the whole text; each match is replaced by a placeholder, so later patterns never see
// inside it. The text of a matched element is processed by the patterns *after* the
// one that matched it, unless it is atomic. Placeholders are expanded at the end.
// It is also why `**bold**` inside a link's text stays literal: link text is atomic.
import type { RenderContext, RenderedMentions } from './context.ts';
import { escapeCode, escapeText, openTag } from './escape.ts';
import { PLACEHOLDER, type Stash, type StashNode } from './stash.ts';

/** What a pattern sees besides the text. */
export interface InlineEnv {
  readonly ctx: RenderContext;
  readonly stash: Stash;
  readonly mentions: RenderedMentions;
  /** Inside a blockquote, every mention is silent (BlockQuoteProcessor.clean). */
  readonly quoted: boolean;
}

export interface PatternMatch {
  readonly node: StashNode;
  readonly start: number;
  readonly end: number;
}

export interface InlinePattern {
  readonly name: string;
  /** Must have the `g` flag; it is searched from a position with lastIndex. */
  readonly re: RegExp;
  /** null: not a match after all (e.g. an unknown user); the search goes on after it. */
  handle(m: RegExpExecArray, data: string, env: InlineEnv): PatternMatch | null;
  /**
   * The server searches again from the start after every replacement. For a pattern
   * that can never match a placeholder, nor look past its match, and whose nodes are
   * atomic, no new match can appear before a replaced one, so one pass finds them all:
   * same result, linear time instead of quadratic on messages with thousands of matches.
   */
  readonly resumable?: boolean;
}

/** A match that replaces exactly the text the regex matched. */
export function whole(m: RegExpExecArray, node: StashNode): PatternMatch {
  return { node, start: m.index, end: m.index + m[0].length };
}

export class InlineEngine {
  readonly #patterns: readonly InlinePattern[];

  constructor(patterns: readonly InlinePattern[]) {
    this.#patterns = patterns;
  }

  /** HTML for the text of a paragraph, heading, list item or table cell. */
  render(text: string, env: InlineEnv): string {
    return expand(this.#handle(text, 0, env), env.stash);
  }

  #handle(data: string, first: number, env: InlineEnv): string {
    let index = first;
    while (index < this.#patterns.length) {
      if (this.#patterns[index]?.resumable) {
        data = this.#replaceAll(index, data, env);
        index++;
        continue;
      }
      const next = this.#apply(index, data, env);
      if (next === null) index++;
      else data = next;
    }
    return data;
  }

  /** One match of pattern `index` replaced by a placeholder, or null if none is left. */
  #apply(index: number, data: string, env: InlineEnv): string | null {
    const pattern = this.#patterns[index] as InlinePattern;
    let from = 0;
    for (;;) {
      pattern.re.lastIndex = from;
      const m = pattern.re.exec(data);
      if (!m) return null;
      const match = pattern.handle(m, data, env);
      if (!match) {
        from = m.index + Math.max(m[0].length, 1);
        continue;
      }
      const { node } = match;
      if (node.kind === 'element' && !node.atomic) node.text = this.#handle(node.text, index + 1, env);
      return data.slice(0, match.start) + env.stash.add(node) + data.slice(match.end);
    }
  }

  /** Every match of a resumable pattern, in one pass (its nodes are never processed further). */
  #replaceAll(index: number, data: string, env: InlineEnv): string {
    const pattern = this.#patterns[index] as InlinePattern;
    const parts: string[] = [];
    let done = 0;
    pattern.re.lastIndex = 0;
    for (let m = pattern.re.exec(data); m; m = pattern.re.exec(data)) {
      const match = pattern.handle(m, data, env);
      if (match) {
        parts.push(data.slice(done, match.start), env.stash.add(match.node));
        done = match.end;
      }
      pattern.re.lastIndex = Math.max(match ? match.end : m.index + m[0].length, m.index + 1);
    }
    parts.push(data.slice(done));
    return parts.join('');
  }
}

/** Text with placeholders → HTML. */
export function expand(data: string, stash: Stash): string {
  let out = '';
  let last = 0;
  for (const m of data.matchAll(PLACEHOLDER)) {
    out += escapeText(data.slice(last, m.index)) + nodeHtml(stash.get(m[1] as string), stash);
    last = m.index + m[0].length;
  }
  return out + escapeText(data.slice(last));
}

function nodeHtml(node: StashNode, stash: Stash): string {
  switch (node.kind) {
    case 'raw':
      return node.html;
    case 'text':
      return escapeText(node.text);
    case 'element': {
      const inner = node.code ? escapeCode(node.text) : expand(node.text, stash);
      const body = node.innerTag ? `<${node.innerTag}>${inner}</${node.innerTag}>` : inner;
      return `${openTag(node.tag, node.attrs)}${body}</${node.tag}>`;
    }
  }
}

/** Plain text of placeholders, for the rare href that contains one. */
export function plainText(data: string, stash: Stash): string {
  return data.replace(PLACEHOLDER, (_, digits: string) => {
    const node = stash.get(digits);
    if (node.kind === 'raw') return '';
    return plainText(node.text, stash);
  });
}
