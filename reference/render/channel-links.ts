// Links to channels, topics and messages (zerver/lib/markdown/__init__.py:
// StreamPattern, StreamTopicPattern, StreamTopicMessagePattern;
// api_docs/message-formatting.md). The channel must exist under exactly that name.
import { whole, type InlineEnv, type InlinePattern } from './inline.ts';
import type { RenderChannel } from './context.ts';
import { encodeChannel, encodeHashComponent } from './urls.ts';

const BEFORE = String.raw`(?<![^\s'"({[/<])`;

/** What an empty topic is shown as (Message.EMPTY_TOPIC_FALLBACK_NAME). */
const EMPTY_TOPIC_NAME = 'general chat';

function channel(env: InlineEnv, name: string): RenderChannel | undefined {
  const found = env.ctx.channelByName(name);
  return found && found.name === name ? found : undefined;
}

/** "#channel > topic", with an empty topic shown as <em>general chat</em>. */
function linkText(env: InlineEnv, channelName: string, topic: string, suffix = ''): string {
  if (topic !== '') return `#${channelName} > ${topic}${suffix}`;
  const em = env.stash.add({ kind: 'element', tag: 'em', attrs: {}, text: EMPTY_TOPIC_NAME, atomic: true });
  return `#${channelName} > ${em}${suffix}`;
}

/** `#**channel>topic@123**` → a link to that message. */
export const messageLink: InlinePattern = {
  name: 'stream_topic_message',
  re: new RegExp(String.raw`${BEFORE}#\*\*([^*>]+)>([^*]*)@(\d+)\*\*`, 'gu'),
  handle(m, _data, env) {
    const [, name, topic, messageId] = m as unknown as [string, string, string, string];
    const found = channel(env, name);
    if (!found) return null;
    const href = `/#narrow/channel/${encodeChannel(found.stream_id, name)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
    const text = linkText(env, name, topic, ' @ 💬');
    return whole(m, { kind: 'element', tag: 'a', attrs: { class: 'message-link', href }, text, atomic: true });
  },
};

/** `#**channel>topic**` → a topic link, narrowing `with` the topic's latest message if known. */
export const topicLink: InlinePattern = {
  name: 'topic',
  re: new RegExp(String.raw`${BEFORE}#\*\*([^*>]+)>([^*]*)\*\*`, 'gu'),
  handle(m, _data, env) {
    const [, name, topic] = m as unknown as [string, string, string];
    const found = channel(env, name);
    if (!found) return null;
    let href = `/#narrow/channel/${encodeChannel(found.stream_id, name)}/topic/${encodeHashComponent(topic)}`;
    const withId = env.ctx.topicWithId?.(found.stream_id, topic);
    if (withId !== undefined) href += `/with/${withId}`;
    const attrs = { class: 'stream-topic', 'data-stream-id': String(found.stream_id), href };
    return whole(m, { kind: 'element', tag: 'a', attrs, text: linkText(env, name, topic), atomic: true });
  },
};

/** `#**channel**` → a channel link. */
export const channelLink: InlinePattern = {
  name: 'stream',
  re: new RegExp(String.raw`${BEFORE}#\*\*([^*]+)\*\*`, 'gu'),
  handle(m, _data, env) {
    const name = m[1] as string;
    const found = channel(env, name);
    if (!found) return null;
    const href = `/#narrow/channel/${encodeChannel(found.stream_id, name)}`;
    const attrs = { class: 'stream', 'data-stream-id': String(found.stream_id), href };
    return whole(m, { kind: 'element', tag: 'a', attrs, text: `#${name}`, atomic: true });
  },
};
