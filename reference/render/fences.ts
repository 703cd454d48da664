// Fenced blocks, handled line by line before any Markdown parsing, as the real server
// does (zerver/lib/markdown/fenced_code.py, FencedBlockPreprocessor): a stack of
// handlers, one per open fence. Code and math become stashed HTML on a line of their
// own; ```quote becomes "> " lines; ```spoiler becomes stashed <div>s around Markdown.
// Only fences at the very start of a line count, even inside lists and quotes.
import { codeBlockHtml } from './code.ts';
import { escapeCode } from './escape.ts';
import type { Stash } from './stash.ts';

/**
 * ``` or ~~~ (3 or more), an optional language like "py", ".py" or "{py}", then an
 * optional header (spoilers). The language class `+-.` is a range in the server's
 * regex, so it admits a comma too.
 */
export const FENCE = /^(~{3,}|`{3,}) *(?:\{?\.?([a-zA-Z0-9_+,\-./#]+) *([^ ~`][^~`]*)?\}?)?$/;

interface Handler {
  handleLine(line: string): void;
  done(): void;
}

/** Replaces fenced blocks in `lines`; stashed HTML goes into `stash`. */
export function processFences(lines: readonly string[], stash: Stash, defaultLanguage?: string | null): string[] {
  const handlers: Handler[] = [];
  const output: string[] = [];

  const pop = (): void => {
    handlers.pop();
  };

  /** A block's finished lines go to its parent's output, between blank lines. */
  const emit = (out: string[], text: string): void => {
    out.push('', ...text.split('\n'), '');
  };

  const openFence = (out: string[], line: string, useDefault: boolean): void => {
    const m = FENCE.exec(line);
    if (!m) {
      out.push(line);
      return;
    }
    const fence = m[1] as string;
    let lang = m[2]?.toLowerCase();
    if (!lang && useDefault && defaultLanguage) lang = defaultLanguage.toLowerCase();
    if (lang === 'quote' || lang === 'quoted') handlers.push(contentBlock(out, fence, useDefault, quote));
    else if (lang === 'spoiler') handlers.push(contentBlock(out, fence, false, spoiler(m[3])));
    else if (lang === 'math') handlers.push(verbatimBlock(out, fence, tex));
    else handlers.push(verbatimBlock(out, fence, (text) => codeBlockHtml(text, lang ?? null)));
  };

  /** Code and math: lines are kept (trailing whitespace dropped) and stashed as HTML. */
  const verbatimBlock = (out: string[], fence: string, format: (text: string) => string): Handler => {
    const lines: string[] = [];
    return {
      handleLine(line) {
        if (line.trimEnd() === fence) this.done();
        else lines.push(line.trimEnd());
      },
      done() {
        if (lines.length > 0) {
          const html = format(lines.join('\n'));
          emit(out, stash.add({ kind: 'raw', html, block: isBlockLevel(html) }));
        }
        pop();
      },
    };
  };

  /** Quotes and spoilers: their lines are Markdown, and may open fences of their own. */
  const contentBlock = (out: string[], fence: string, useDefault: boolean, format: (text: string) => string): Handler => {
    const lines: string[] = [];
    return {
      handleLine(line) {
        if (line.trimEnd() === fence) this.done();
        else openFence(lines, line, useDefault);
      },
      done() {
        if (lines.length > 0) emit(out, format(lines.join('\n')));
        pop();
      },
    };
  };

  const quote = (text: string): string =>
    text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');

  const spoiler =
    (header: string | undefined) =>
    (text: string): string => {
      const raw = (html: string): string => stash.add({ kind: 'raw', html, block: true });
      const parts = [raw('<div class="spoiler-block"><div class="spoiler-header">')];
      if (header !== undefined) parts.push(header);
      parts.push(raw('</div><div class="spoiler-content" aria-hidden="true">'), text, raw('</div></div>'));
      return parts.join('\n\n');
    };

  handlers.push({
    handleLine: (line) => openFence(output, line, true),
    done: pop,
  });
  for (const line of lines) (handlers[handlers.length - 1] as Handler).handleLine(line);
  while (handlers.length > 0) (handlers[handlers.length - 1] as Handler).done();
  return output;
}

/**
 * NOTE: approximation: the server renders math with KaTeX; without KaTeX we render
 * every ```math paragraph the way the server renders TeX that KaTeX rejects
 * (Django's escape(): & < > " ').
 */
function tex(text: string): string {
  return text
    .split('\n\n')
    .map((p) => `<span class="tex-error">${escapeCode(p).replace(/"/g, '&quot;').replace(/'/g, '&#x27;')}</span>`)
    .join('\n\n');
}

/** Python-Markdown unwraps a paragraph holding only stashed HTML if it is block-level. */
function isBlockLevel(html: string): boolean {
  return /^<\/?(div|p|pre|blockquote|table|ul|ol|h[1-6]|hr)\b/i.test(html);
}
