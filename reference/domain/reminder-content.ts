// The text of a reminder (zulip/zulip zerver/lib/reminders.py get_reminder_formatted_content,
// zerver/tests/test_reminders.py): where the message is, the note, and the message
// quoted under a silent mention of its sender, all within the message length limit.
// Computed when the reminder is made and again at delivery (edits show).
import { encodeChannel, encodeHashComponent } from '../render/urls.ts';
import { MAX_MESSAGE_LENGTH } from './limits.ts';
import type { Store } from '../state/store.ts';
import type { Message } from '../state/types.ts';

const TRUNCATED = '\n[message truncated]';

export function reminderContent(store: Store, m: Message, note: string): string {
  const base = store.realm.url;
  let content: string;
  let url: string;
  if (m.stream_id !== null) {
    const name = store.channel(m.stream_id)?.name ?? '';
    url = `${base}/#narrow/channel/${encodeChannel(m.stream_id, name)}/topic/${encodeHashComponent(m.topic)}/near/${m.id}`;
    content = `You requested a reminder for ${messageLinkSyntax(m, name)}.`;
  } else {
    url = `${base}/#narrow/dm/${m.dm_user_ids.join(',')}/near/${m.id}`;
    content = 'You requested a reminder for the following direct message.';
  }
  if (note !== '') content += ` Note:\n > ${note}`;
  const sender = store.user(m.sender_id);
  const mention = `@_**${sender?.full_name ?? ''}|${m.sender_id}**`;
  content += '\n\n';
  if (m.content.startsWith('/poll')) return `${content}${mention} [sent](${url}) a poll.`;
  if (m.content.startsWith('/todo')) return `${content}${mention} [sent](${url}) a todo list.`;
  content += `${mention} [said](${url}):\n`;
  // Upstream chooses the fence from the text so far, not from the quoted message.
  const fence = unusedFence(content);
  const room = MAX_MESSAGE_LENGTH - [...content].length - [...`${fence}quote\n\n${fence}`].length;
  return `${content}${fence}quote\n${truncate(m.content, room)}\n${fence}`;
}

/** zerver/lib/markdown/fenced_code.py get_unused_fence: longer than any fence opening a line. */
export function unusedFence(text: string): string {
  let longest = 3;
  for (const match of text.matchAll(/^ {0,3}(`{3,})/gm)) longest = Math.max(longest, (match[1] as string).length + 1);
  return '`'.repeat(longest);
}

/** zerver/lib/message.py truncate_content, in code points. */
function truncate(text: string, max: number): string {
  const points = [...text];
  if (points.length <= max) return text;
  return points.slice(0, Math.max(0, max - TRUNCATED.length)).join('') + TRUNCATED;
}

/** Characters that break the #**channel>topic@id** syntax (zerver/lib/topic_link_util.py invalid_stream_topic_regex). */
const BREAKS_LINK_SYNTAX = /[`>*&[\]]|\$\$/;
const BREAKS_LINK_SYNTAX_ALL = new RegExp(BREAKS_LINK_SYNTAX.source, 'g');
/** escape_mapping: each of them as an HTML entity in the link text. */
const ESCAPES: Readonly<Record<string, string>> = { '`': '&#96;', '>': '&gt;', '*': '&#42;', '&': '&amp;', $$: '&#36;&#36;', '[': '&#91;', ']': '&#93;' };
/** Message.EMPTY_TOPIC_FALLBACK_NAME: the empty topic's name in a fallback link's text. */
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';

const escapeLinkText = (text: string) => text.replace(BREAKS_LINK_SYNTAX_ALL, (m) => ESCAPES[m] ?? m);

/**
 * zerver/lib/topic_link_util.py get_message_link_syntax: #**channel>topic@id**, or where a
 * name would break that syntax, a plain Markdown link to the message (get_fallback_markdown_link)
 * whose text has the breaking characters escaped.
 */
function messageLinkSyntax(m: Message, channelName: string): string {
  if (!BREAKS_LINK_SYNTAX.test(channelName) && !BREAKS_LINK_SYNTAX.test(m.topic)) return `#**${channelName}>${m.topic}@${m.id}**`;
  const href = `#narrow/channel/${encodeChannel(m.stream_id as number, channelName)}/topic/${encodeHashComponent(m.topic)}/near/${m.id}`;
  const topic = m.topic === '' ? EMPTY_TOPIC_FALLBACK_NAME : m.topic;
  return `[#${escapeLinkText(channelName)} > ${escapeLinkText(topic)} @ 💬](${href})`;
}
