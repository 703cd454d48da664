// Reporting a message to the moderators (zulip/zulip zerver/lib/message_report.py,
// zerver/views/message_report.py): Notification Bot posts the report into the
// realm's moderation-request channel.
import { hasMessageAccess } from '../domain/messages.ts';
import { isoDate } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest } from '../errors.ts';
import type { Message, User } from '../state/types.ts';
import { internalSend, notificationBot } from './internal-send.ts';
import { REPORT_TYPES } from '../domain/limits.ts';
import { unusedFence } from '../domain/reminder-content.ts';

/** server_report_message_types (feature level 435). */
export { REPORT_TYPES };

/** The reported message is quoted up to 10000 − 1000 − 500 characters. */
const MAX_QUOTED = 8500;

export function checkReport(world: World, actor: User, messageId: number, reportType: string, description: string): Message {
  if (reportType === 'other' && description === '') throw new BadRequest('An explanation is required.');
  if (world.store.realm.moderation_request_channel_id === null) {
    throw new BadRequest('Message reporting is not enabled in this organization.');
  }
  const m = world.store.message(messageId);
  if (!m || !hasMessageAccess(world.store, actor, m, world.nowMs())) throw new BadRequest('Invalid message(s)');
  return m;
}

const mention = (u: User | undefined) => (u ? `@_**${u.full_name}|${u.user_id}**` : 'an unknown user');

function header(world: World, reporter: User, m: Message): string {
  const store = world.store;
  const sender = store.user(m.sender_id);
  const at = `<time:${isoDate(m.timestamp * 1000)}>`;
  if (m.stream_id !== null) return `${mention(reporter)} reported a message sent by ${mention(sender)} at ${at}.`;
  const others = m.dm_user_ids.filter((id) => id !== m.sender_id);
  if (m.dm_user_ids.length <= 2) {
    if (reporter.user_id !== m.sender_id) return `${mention(reporter)} reported a direct message sent by ${mention(sender)} at ${at}.`;
    const to = store.user(others[0] ?? reporter.user_id);
    return `${mention(reporter)} reported a direct message sent by ${mention(sender)} to ${mention(to)} at ${at}.`;
  }
  const names = others.map((id) => mention(store.user(id))).sort();
  const last = names.pop() as string;
  const rest = names.length > 1 ? `${names.join(', ')},` : names.join(', ');
  return `${mention(reporter)} reported a direct message sent by ${mention(sender)} to ${rest} and ${last} at ${at}.`;
}

function originalLink(world: World, m: Message): string {
  if (m.stream_id !== null) {
    const channel = world.store.channel(m.stream_id);
    return `Original message at #**${channel?.name ?? ''}>${m.topic}@${m.id}**`;
  }
  // pm_message_url: every participant's id ascending, "-group" from three on, no names.
  const slug = m.dm_user_ids.join(',') + (m.dm_user_ids.length >= 3 ? '-group' : '');
  return `[Original message](${world.store.realm.url}/#narrow/dm/${slug}/near/${m.id})`;
}

export function doReport(world: World, reporter: User, m: Message, reportType: string, description: string): void {
  const store = world.store;
  const channelId = store.realm.moderation_request_channel_id as number;
  const channel = store.channel(channelId);
  const reason = REPORT_TYPES.find((t) => t.key === reportType)?.name ?? reportType;
  const points = [...m.content];
  const quoted = points.length > MAX_QUOTED ? points.slice(0, MAX_QUOTED - 20).join('') + '\n[message truncated]' : m.content;
  const fence = unusedFence(quoted);
  const body =
    `${header(world, reporter, m)}\n\`\`\`quote\n**${reason}**. ${description}\n\`\`\`\n\n` +
    `${fence} spoiler ${originalLink(world, m)}\n${quoted}\n${fence}\n`;
  const reported = store.user(m.sender_id);
  const topic = channel?.topics_policy === 'empty_topic_only' ? '' : `${reported?.full_name ?? 'Unknown user'} moderation`;
  internalSend(world, notificationBot(world), { stream_id: channelId, topic }, body);
}
