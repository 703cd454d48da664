// Markdown → HTML in the real server's flavour (zerver/lib/markdown/__init__.py,
// do_convert), with the mentions it found. The stages follow the server's:
//   hanging lists → whitespace → fenced blocks → block parse → inline patterns.
// Runs in a browser: depends on markdown-it and files in this folder only.
import { parseBlocks } from './blocks.ts';
import { channelLink, messageLink, topicLink } from './channel-links.ts';
import type { RenderContext, RenderedMentions, RenderResult } from './context.ts';
import { emojiName, unicodeEmoji } from './emoji.ts';
import { processFences } from './fences.ts';
import { backtick, emphasis, entity, nl2br, notStrong, strikethrough, strong, strongEm, tex } from './formatting.ts';
import { renderBlocks } from './html.ts';
import { InlineEngine } from './inline.ts';
import { autolink, link } from './links.ts';
import { groupMention, userMention } from './mentions.ts';
import { normalizeWhitespace, separateHangingLists } from './preprocess.ts';
import { Stash } from './stash.ts';
import { timestamp } from './timestamp.ts';

export type {
  RenderChannel,
  RenderContext,
  RenderedMentions,
  RenderEmoji,
  RenderGroup,
  RenderResult,
  RenderUser,
} from './context.ts';

/**
 * The server's inline patterns, highest priority first.
 * NOTE: approximation: no realm linkifiers (priority 45), no emoticon translation (a
 * per-user setting, off by default), and none of the tree processors that add image,
 * video and website previews (message_inline_image, message_embed) after links.
 */
const engine = new InlineEngine([
  backtick,
  strongEm,
  userMention,
  tex,
  messageLink,
  topicLink,
  channelLink,
  timestamp,
  groupMention,
  link,
  autolink,
  entity,
  strong,
  emphasis,
  strikethrough,
  notStrong,
  emojiName,
  nl2br,
  unicodeEmoji,
]);

export function render(content: string, ctx: RenderContext): RenderResult {
  const mentions: RenderedMentions = { user_ids: new Set(), group_ids: new Set(), stream_wildcard: false, topic_wildcard: false };
  const is_me_message = content.startsWith('/me ');
  if (content.trim() === '') return { html: '', mentions, is_me_message };

  const stash = new Stash();
  const lines = normalizeWhitespace(separateHangingLists(content.split('\n')));
  const source = processFences(lines, stash, ctx.defaultCodeBlockLanguage).join('\n');
  const html = renderBlocks(parseBlocks(source), engine, { ctx, stash, mentions, quoted: false });
  return { html: html.replace(/^\n+|\n+$/g, ''), mentions, is_me_message };
}
