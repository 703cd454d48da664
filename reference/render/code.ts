// Code blocks in the server's codehilite shape (zerver/lib/markdown/fenced_code.py,
// format_code; Python-Markdown's codehilite extension):
//   <div class="codehilite" data-code-language="Python"><pre><span></span><code>…\n</code></pre></div>
import { escapeAttr, escapeCode, escapePygments } from './escape.ts';
import { languageName } from './languages.ts';

/**
 * `text` without surrounding blank lines, plus one final newline, as Pygments emits it.
 * With a language the server re-serializes the block with lxml, which writes quotes
 * back as plain characters; without one, Pygments' `&quot;`/`&#39;` stay.
 *
 * NOTE: approximation: the server highlights with Pygments (`<span class="k">def</span>`
 * …); we emit the same container with the code text unhighlighted, which is exactly
 * what the server's own web client renders locally before the server's version arrives.
 */
export function codeBlockHtml(text: string, lang: string | null): string {
  const body = `${text.replace(/^\n+|\n+$/g, '')}\n`;
  if (!lang) return `<div class="codehilite"><pre><span></span><code>${escapePygments(body)}</code></pre></div>`;
  const language = escapeAttr(languageName(lang));
  return `<div class="codehilite" data-code-language="${language}"><pre><span></span><code>${escapeCode(body)}</code></pre></div>`;
}
