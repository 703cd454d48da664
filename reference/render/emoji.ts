// Emoji (zerver/lib/markdown/__init__.py: Emoji, UnicodeEmoji, make_emoji,
// make_realm_emoji). Both `:name:` and a typed Unicode emoji become
//   <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>
// and custom emoji become <img alt=":name:" class="emoji" src="…" title="name">.
import type { RenderEmoji } from './context.ts';
import { openTag } from './escape.ts';
import { codepointForName, nameForCodepoint } from './emoji-table.ts';
import { whole, type InlineEnv, type InlinePattern } from './inline.ts';
import type { StashNode } from './stash.ts';

/** The built-in custom emoji, at a path the server writes without a static prefix. */
const ZULIP_EMOJI: RenderEmoji = {
  reaction_type: 'zulip_extra_emoji',
  code: 'zulip',
  url: '/static/generated/emoji/images/emoji/unicode/zulip.png',
};

function lookup(env: InlineEnv, name: string): RenderEmoji | undefined {
  const custom = env.ctx.emoji?.(name);
  if (custom) return custom;
  if (name === 'zulip') return ZULIP_EMOJI;
  const code = codepointForName(name);
  return code === undefined ? undefined : { reaction_type: 'unicode_emoji', code };
}

/** `syntax` is ":name:"; the title shows the name with spaces for underscores. */
function emojiNode(emoji: RenderEmoji, syntax: string): StashNode {
  const title = syntax.slice(1, -1).replace(/_/g, ' ');
  if (emoji.reaction_type !== 'unicode_emoji') {
    const attrs = { alt: syntax, class: 'emoji', src: emoji.url ?? '', title };
    return { kind: 'raw', html: openTag('img', attrs) };
  }
  const attrs = { 'aria-label': title, class: `emoji emoji-${emoji.code}`, role: 'img', title };
  return { kind: 'element', tag: 'span', attrs, text: syntax, atomic: true };
}

/** `:name:`; an unknown name is kept as text, colons and all, so they pair with nothing else. */
export const emojiName: InlinePattern = {
  name: 'emoji',
  resumable: true,
  re: /:[\p{L}\p{N}_+\-]+:/gu,
  handle(m, _data, env) {
    const found = lookup(env, m[0].slice(1, -1));
    return whole(m, found ? emojiNode(found, m[0]) : { kind: 'text', text: m[0] });
  },
};

/** One emoji: a flag (two regional indicators) or a base with modifiers, ZWJ-joined. */
const ONE = String.raw`(?:\p{Regional_Indicator}\p{Regional_Indicator}|\p{Emoji}(?:\p{Emoji_Modifier}|\uFE0F\u20E3?|[\u{E0020}-\u{E007E}]+\u{E007F})?)`;

/** A typed Unicode emoji the table knows; digits, arrows and the like stay text. */
export const unicodeEmoji: InlinePattern = {
  name: 'unicodeemoji',
  resumable: true,
  re: new RegExp(String.raw`${ONE}(?:\u200D${ONE})*`, 'gu'),
  handle(m) {
    if (/^\P{Emoji_Presentation}\u20E3?$/u.test(m[0])) return null;
    const code = [...m[0].replace(/\uFE0F/g, '')].map((ch) => (ch.codePointAt(0) as number).toString(16).padStart(4, '0')).join('-');
    const name = nameForCodepoint(code);
    if (name === undefined) return null;
    return whole(m, emojiNode({ reaction_type: 'unicode_emoji', code }, `:${name}:`));
  },
};
