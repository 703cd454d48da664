// The two line preprocessors that run before fenced blocks, in the server's order:
// hanging lists (zerver/lib/markdown/__init__.py, MarkdownListPreprocessor), then
// Python-Markdown's NormalizeWhitespace.
import { FENCE } from './fences.ts';
import { DELIMITERS } from './stash.ts';

/** A list item line: any indent, a bullet or a one-digit number, spaces, text. */
const LIST_ITEM = /^ *([*+-]|\d\.) +/;

/**
 * A list that hangs off a line of text gets a blank line inserted before it, so that
 * "Some text:\n* one" is a paragraph and a list; so does a list of the other kind
 * (bullets after numbers). Lines inside code fences are left alone.
 */
export function separateHangingLists(lines: readonly string[]): string[] {
  const out: string[] = [];
  const open: { fence: string; isCode: boolean }[] = [];
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    out.push(line);
    const fence = FENCE.exec(line);
    if (fence) {
      const fenceStr = fence[1] as string;
      const lang = fence[2];
      const closesLast = !lang && open.length > 0 && open[open.length - 1]?.fence === fenceStr;
      if (closesLast) open.pop();
      else open.push({ fence: fenceStr, isCode: lang !== 'quote' && lang !== 'quoted' });
      inCode = open.some((f) => f.isCode);
    }
    if (i + 1 >= lines.length || inCode || line === '') continue;
    const li1 = LIST_ITEM.exec(line);
    const li2 = LIST_ITEM.exec(lines[i + 1] as string);
    if (!li2) continue;
    const bullet = (m: RegExpExecArray): boolean => (m[1] as string).length === 1;
    if (!li1 || bullet(li1) !== bullet(li2)) out.push('');
  }
  return out;
}

/** Python's str.expandtabs(4), line by line. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) {
    if (ch === '\t') out += ' '.repeat(4 - (out.length % 4));
    else out += ch;
  }
  return out;
}

/**
 * Placeholder delimiters are removed, line endings unified, tabs expanded to 4
 * columns, and lines holding only spaces emptied.
 */
export function normalizeWhitespace(lines: readonly string[]): string[] {
  const source = lines.join('\n').replace(DELIMITERS, '').replace(/\r\n?/g, '\n');
  return source
    .split('\n')
    .map(expandTabs)
    .map((line) => (/^ +$/.test(line) ? '' : line));
}
