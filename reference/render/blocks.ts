// Block structure with markdown-it, adjusted to the server's Python-Markdown block
// parser (zerver/lib/markdown/__init__.py, build_block_parser):
// - no raw HTML, no reference links, no setext headings; fences are handled earlier
//   (fences.ts), so markdown-it's own fence rule is off;
// - a paragraph keeps its trailing spaces (ParagraphProcessor only lstrips);
// - a blockquote runs to the next blank line, lazily taking every line in between,
//   and a block of nothing but empty ">" lines is text (BlockQuoteProcessor);
// - a heading starts at the line's first column and drops any trailing #s
//   (HashHeaderProcessor); a table needs a blank line before it (TableProcessor
//   tests a whole block);
// - inline content is left for inline.ts: markdown-it's inline rules never run.
// NOTE: approximation: lists stay CommonMark's: an ordered list nests at the marker's
// width (3 spaces for "1. ") where the server nests at 2, a change of bullet character
// starts a new list, continuation lines lose the item's indent, "1)" items are lists,
// and nesting stops at markdown-it's depth limit (100).
import MarkdownIt, { type StateBlock, type Token } from 'markdown-it';

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.block.ruler.disable(['fence', 'reference', 'lheading', 'html_block']);
md.core.ruler.disable(['inline', 'linkify', 'replacements', 'smartquotes', 'text_join']);

/** A line that is ">" with nothing but spaces after it. */
function isEmptyQuoteLine(state: StateBlock, line: number): boolean {
  const pos = state.bMarks[line]! + state.tShift[line]!;
  return state.src.charCodeAt(pos) === 0x3e && state.src.slice(pos + 1, state.eMarks[line]).trim() === '';
}

function startsQuote(state: StateBlock, line: number): boolean {
  if (state.sCount[line]! - state.blkIndent >= 4) return false;
  return state.src.charCodeAt(state.bMarks[line]! + state.tShift[line]!) === 0x3e;
}

function blockquote(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (!startsQuote(state, startLine)) return false;
  let end = startLine + 1;
  while (end < endLine && !state.isEmpty(end) && state.sCount[end]! >= state.blkIndent) end++;
  let allEmpty = true;
  for (let line = startLine; line < end && allEmpty; line++) allEmpty = isEmptyQuoteLine(state, line);
  if (allEmpty) return false;
  if (silent) return true;

  const saved = { b: [] as number[], t: [] as number[], s: [] as number[], bs: [] as number[] };
  for (let line = startLine; line < end; line++) {
    saved.b.push(state.bMarks[line]!);
    saved.t.push(state.tShift[line]!);
    saved.s.push(state.sCount[line]!);
    saved.bs.push(state.bsCount[line]!);
    // Strip "> " (up to 3 spaces, ">", one optional space); lazy lines lose their indent.
    let pos = state.bMarks[line]! + state.tShift[line]!;
    if (state.src.charCodeAt(pos) === 0x3e) {
      pos++;
      if (state.src.charCodeAt(pos) === 0x20) pos++;
    }
    state.bMarks[line] = pos;
    let indent = 0;
    while (pos + indent < state.eMarks[line]! && state.src.charCodeAt(pos + indent) === 0x20) indent++;
    state.tShift[line] = indent;
    state.sCount[line] = indent;
    state.bsCount[line] = 0;
  }
  const [oldIndent, oldMax, oldParent] = [state.blkIndent, state.lineMax, state.parentType];
  state.blkIndent = 0;
  state.lineMax = end;
  state.parentType = 'blockquote';
  state.push('blockquote_open', 'blockquote', 1).map = [startLine, end];
  state.md.block.tokenize(state, startLine, end);
  state.push('blockquote_close', 'blockquote', -1);
  [state.blkIndent, state.lineMax, state.parentType] = [oldIndent, oldMax, oldParent];
  saved.b.forEach((v, i) => {
    state.bMarks[startLine + i] = v;
    state.tShift[startLine + i] = saved.t[i]!;
    state.sCount[startLine + i] = saved.s[i]!;
    state.bsCount[startLine + i] = saved.bs[i]!;
  });
  state.line = end;
  return true;
}

function paragraph(state: StateBlock, startLine: number, endLine: number): boolean {
  const terminators = state.md.block.ruler.getRules('paragraph');
  const oldParent = state.parentType;
  state.parentType = 'paragraph';
  let next = startLine + 1;
  for (; next < endLine && !state.isEmpty(next); next++) {
    if (state.sCount[next]! - state.blkIndent > 3 || state.sCount[next]! < 0) continue;
    if (terminators.some((rule) => rule(state, next, endLine, true))) break;
  }
  const content = state.getLines(startLine, next, state.blkIndent, false).replace(/^\s+/, '');
  state.line = next;
  state.push('paragraph_open', 'p', 1).map = [startLine, next];
  const inline = state.push('inline', '', 0);
  inline.content = content;
  inline.map = [startLine, next];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
  state.parentType = oldParent;
  return true;
}

/** `# Title`: 1-6 #s at the start of the line, whitespace, the title; trailing #s dropped. */
function heading(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] !== state.blkIndent) return false;
  const line = state.src.slice(state.bMarks[startLine]! + state.tShift[startLine]!, state.eMarks[startLine]);
  const m = /^(#{1,6})\s(.*)$/.exec(line);
  if (!m) return false;
  if (silent) return true;
  const tag = `h${(m[1] as string).length}`;
  state.push('heading_open', tag, 1).map = [startLine, startLine + 1];
  const inline = state.push('inline', '', 0);
  inline.content = (m[2] as string).replace(/#*$/, '').trim();
  inline.map = [startLine, startLine + 1];
  inline.children = [];
  state.push('heading_close', tag, -1);
  state.line = startLine + 1;
  return true;
}

md.block.ruler.at('blockquote', blockquote, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
md.block.ruler.at('heading', heading, { alt: ['paragraph', 'reference', 'blockquote'] });
md.block.ruler.at('paragraph', paragraph);
// markdown-it lets a table interrupt a paragraph; the server does not. There is no
// public way to read a rule back, so the table rule is taken from the ruler's list.
const table = md.block.ruler.__rules__.find((rule) => rule.name === 'table');
if (table) md.block.ruler.at('table', table.fn, { alt: ['reference'] });

/** Block tokens; `inline` tokens carry their raw text in `content`. */
export function parseBlocks(source: string): Token[] {
  return md.parse(source, {});
}
