// What Notification Bot says after POST /users/me/subscriptions: a direct message to
// each user someone else subscribed, the "new channels" announcement, and a "channel
// events" message in every channel created. Mirrors zulip/zulip zerver/views/streams.py
// (send_messages_for_new_subscribers, you_were_just_subscribed_message) and
// zerver/lib/topic_link_util.py (get_stream_link_syntax).
import type { World } from '../world.ts';
import type { Channel, User } from '../state/types.ts';
import { internalSend, notificationBot } from './internal-send.ts';
import { MAX_BULK_NEW_SUBSCRIPTION_MESSAGES } from '../domain/limits.ts';
import { realmProperty } from '../domain/realm-settings.ts';

export { MAX_BULK_NEW_SUBSCRIPTION_MESSAGES };
/** Realm.STREAM_EVENTS_NOTIFICATION_TOPIC_NAME. */
const CHANNEL_EVENTS_TOPIC = 'channel events';
const NEW_CHANNELS_TOPIC = 'new channels';

export const silentMention = (u: User) => `@_**${u.full_name}|${u.user_id}**`;

const BROKEN_LINK = /[`>*&[\]]|\$\$/;
const ESCAPES: Record<string, string> = { '`': '&#96;', '>': '&gt;', '*': '&#42;', '&': '&amp;', $$: '&#36;&#36;', '[': '&#91;', ']': '&#93;' };

/** urllib.parse.quote(s, safe="*"), then the narrow-URL replacements (encode_hash_component). */
function encodeHashComponent(s: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(s)) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.\-~*]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  // The real server also maps "(" and ")" (to .28 and .29), but quote() has already escaped them, as above.
  const replacements: Record<string, string> = { '%': '.', '.': '.2E' };
  return [...out].map((c) => replacements[c] ?? c).join('');
}

/** #**name**, or a plain Markdown link when the name would break that syntax. */
export function channelLinkSyntax(channel: Channel): string {
  if (!BROKEN_LINK.test(channel.name)) return `#**${channel.name}**`;
  const text = channel.name.replace(/[`>*&[\]]|\$\$/g, (m) => ESCAPES[m] ?? m);
  return `[#${text}](#narrow/channel/${channel.stream_id}-${encodeHashComponent(channel.name.replaceAll(' ', '-'))})`;
}

function youWereSubscribed(actor: User, names: string[]): string {
  const sorted = [...names].sort();
  if (sorted.length === 1) return `${silentMention(actor)} subscribed you to #**${sorted[0]}**.`;
  return `${silentMention(actor)} subscribed you to the following channels:\n\n${sorted.map((n) => `* #**${n}**\n`).join('')}`;
}

function policyName(c: Channel): string {
  if (c.is_web_public) return 'Web-public';
  if (!c.invite_only) return 'Public';
  return c.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

export interface Notices {
  actor: User;
  /** user id → names of the channels newly subscribed, in the response's order. */
  newlySubscribed: Map<number, string[]>;
  created: Channel[];
  announce: boolean;
  sendDirectMessages: boolean;
}

/** Send them, in the real server's batch order; all are read for the acting user. */
export function sendSubscriptionNotices(world: World, n: Notices): void {
  const store = world.store;
  const bot = notificationBot(world);
  // do_send_messages(mark_as_read=[acting user]).
  const readBy = new Set([n.actor.user_id]);
  const createdNames = new Set(n.created.map((c) => c.name));
  if (n.sendDirectMessages) {
    for (const [userId, names] of n.newlySubscribed) {
      const user = store.user(userId);
      if (!user || userId === n.actor.user_id || user.is_bot) continue;
      const notify = names.filter((name) => !createdNames.has(name));
      if (notify.length === 0) continue;
      internalSend(world, bot, { dm_user_ids: [userId] }, youWereSubscribed(n.actor, [...new Set(notify)]), readBy);
    }
  }
  const announcements = store.realm.new_stream_announcements_stream_id;
  const announceIn = announcements === null ? undefined : store.channel(announcements);
  if (n.announce && n.created.length > 0 && announceIn) {
    const links = n.created.map(channelLinkSyntax).join(', ');
    const content =
      n.created.length > 1
        ? `${silentMention(n.actor)} created the following channels: ${links}.`
        : `${silentMention(n.actor)} created a new channel ${links}.`;
    internalSend(world, bot, { stream_id: announceIn.stream_id, topic: NEW_CHANNELS_TOPIC }, content, readBy);
  }
  // The organization's send_channel_events_messages (zerver/views/streams.py add_subscriptions_backend).
  const channelEvents = realmProperty(store, store.realm, 'send_channel_events_messages') === true;
  for (const c of channelEvents ? n.created : []) {
    const description = c.description === '' ? '*No description.*' : c.description;
    const content = `**${policyName(c)}** channel created by ${silentMention(n.actor)}. **Description:**\n\`\`\`\` quote\n${description}\n\`\`\`\``;
    const topic = c.topics_policy === 'empty_topic_only' ? '' : CHANNEL_EVENTS_TOPIC;
    internalSend(world, bot, { stream_id: c.stream_id, topic }, content, readBy);
  }
}
