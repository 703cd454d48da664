// Markdown → HTML in the real server's flavour (zerver/lib/markdown/__init__.py,
// do_convert), with the mentions it found. The stages follow the server's:
//   hanging lists → whitespace → fenced blocks → block parse → inline patterns.
// Runs in a browser: depends on markdown-it and files in this folder only.
import { parseBlocks } from './blocks.ts';
import { channelLink, messageLink, topicLink } from './channel-links.ts';
import type { RenderContext, RenderedMentions, RenderLinkifier, RenderResult } from './context.ts';
import { emojiName, unicodeEmoji } from './emoji.ts';
import { processFences } from './fences.ts';
import { backtick, emphasis, entity, nl2br, notStrong, strikethrough, strong, strongEm, tex } from './formatting.ts';
import { renderBlocks } from './html.ts';
import { addImagePreviews } from './image-previews.ts';
import { InlineEngine } from './inline.ts';
import { autolink, link } from './links.ts';
import { linkifierPatterns } from './linkifiers.ts';
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
  RenderImage,
  RenderLinkifier,
  RenderResult,
  RenderUser,
} from './context.ts';
export { topicLinks } from './linkifiers.ts';

/**
 * The server's inline patterns, highest priority first.
 * NOTE: approximation: no emoticon translation (a per-user setting, off by default), and
 * of the tree processors that add previews after links only the one for uploaded images
 * (image-previews.ts): no video, external image or website previews (message_embed).
 */
const BEFORE_LINKIFIERS = [
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
];
// The realm's linkifiers come here, at priority 45, in the realm's order.
const AFTER_LINKIFIERS = [
  entity,
  strong,
  emphasis,
  strikethrough,
  notStrong,
  emojiName,
  nl2br,
  unicodeEmoji,
];
const plain = new InlineEngine([...BEFORE_LINKIFIERS, ...AFTER_LINKIFIERS]);

// An engine per set of linkifiers (bounded: cleared when full).
const engines = new Map<string, InlineEngine>();
function engineFor(linkifiers: readonly RenderLinkifier[] | undefined): InlineEngine {
  if (linkifiers === undefined || linkifiers.length === 0) return plain;
  const key = JSON.stringify(linkifiers.map((l) => [l.pattern, l.url_template]));
  let engine = engines.get(key);
  if (engine === undefined) {
    if (engines.size >= 64) engines.clear();
    engine = new InlineEngine([...BEFORE_LINKIFIERS, ...linkifierPatterns(linkifiers), ...AFTER_LINKIFIERS]);
    engines.set(key, engine);
  }
  return engine;
}

export function render(content: string, ctx: RenderContext): RenderResult {
  const mentions: RenderedMentions = { user_ids: new Set(), group_ids: new Set(), stream_wildcard: false, topic_wildcard: false };
  const is_me_message = content.startsWith('/me ');
  if (content.trim() === '') return { html: '', mentions, is_me_message };

  const stash = new Stash();
  const lines = normalizeWhitespace(separateHangingLists(content.split('\n')));
  const source = processFences(lines, stash, ctx.defaultCodeBlockLanguage).join('\n');
  const blocks = renderBlocks(parseBlocks(source), engineFor(ctx.linkifiers), { ctx, stash, mentions, quoted: false });
  const html = addImagePreviews(blocks, ctx);
  return { html: html.replace(/^\n+|\n+$/g, ''), mentions, is_me_message };
}
