// Block tokens → HTML, laid out the way Python-Markdown serializes its tree: every
// block element is followed by "\n"; an <li> whose first child is a block starts with
// "\n"; a tight list item holds its text directly (`<li>One<ul>\n…`).
import type { Token } from 'markdown-it';
import { codeBlockHtml } from './code.ts';
import { openTag } from './escape.ts';
import type { InlineEngine, InlineEnv } from './inline.ts';

/** Python-Markdown's table alignment style. */
function alignStyle(token: Token): Record<string, string> {
  const style = token.attrGet('style');
  const align = String(style ?? '').match(/text-align:(\w+)/)?.[1];
  return align ? { style: `text-align: ${align};` } : {};
}

export function renderBlocks(tokens: readonly Token[], engine: InlineEngine, env: InlineEnv): string {
  let out = '';
  let quoteDepth = 0;
  const inlineEnv = (): InlineEnv => ({ ...env, quoted: env.quoted || quoteDepth > 0 });

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    switch (token.type) {
      case 'paragraph_open': {
        const inline = tokens[i + 1] as Token;
        i += 2; // inline, paragraph_close
        const text = engine.render(inline.content, inlineEnv());
        if (token.hidden) {
          out += text;
          break;
        }
        const alone = env.stash.only(inline.content.trim());
        out += alone?.kind === 'raw' && alone.block ? `${alone.html}\n` : `<p>${text}</p>\n`;
        break;
      }
      case 'heading_open':
      case 'th_open':
      case 'td_open': {
        const inline = tokens[i + 1] as Token;
        i += 2;
        const attrs = token.type === 'heading_open' ? {} : alignStyle(token);
        out += `${openTag(token.tag, attrs)}${engine.render(inline.content, inlineEnv())}</${token.tag}>\n`;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const start = Number(token.attrGet('start') ?? 1);
        out += `${openTag(token.tag, start !== 1 ? { start: String(start) } : {})}\n`;
        break;
      }
      case 'list_item_open': {
        const next = tokens[i + 1];
        out += next && !(next.type === 'paragraph_open' && next.hidden) && next.type !== 'list_item_close' ? '<li>\n' : '<li>';
        break;
      }
      case 'blockquote_open':
        quoteDepth++;
        out += '<blockquote>\n';
        break;
      case 'blockquote_close':
        quoteDepth--;
        out += '</blockquote>\n';
        break;
      case 'code_block':
        out += `${codeBlockHtml(token.content, null)}\n`;
        break;
      case 'hr':
        out += '<hr>\n';
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
      case 'table_close':
      case 'thead_close':
      case 'tbody_close':
      case 'tr_close':
        out += `</${token.tag}>\n`;
        break;
      case 'table_open':
      case 'thead_open':
      case 'tbody_open':
      case 'tr_open':
        out += `<${token.tag}>\n`;
        break;
      default:
        throw new Error(`render: unexpected block token ${token.type}`);
    }
  }
  return out;
}
