// The JSON a device decrypts (zulip.com/api/mobile-notifications; zulip/zulip
// zerver/lib/push_notifications.py): every payload has realm_name, realm_url, user_id
// (the recipient) and type. Keys in alphabetical order, as the documentation shows them.
import type { Store } from '../state/store.ts';
import type { Message, User } from '../state/types.ts';
import { recursiveMembers } from './groups.ts';
import { mentionedIds, pushContent } from './push-content.ts';
import type { PushTrigger } from './push.ts';
import { avatarUrl } from './users.ts';

export type PushPayload = Record<string, unknown>;

/** A new message: channel messages name the channel and topic, direct ones every participant. */
export function messagePayload(store: Store, recipient: User, message: Message, trigger: PushTrigger, nowMs: number): PushPayload {
  const sender = store.user(message.sender_id) as User;
  const out: PushPayload = {};
  if (message.stream_id !== null) {
    out['channel_id'] = message.stream_id;
    out['channel_name'] = store.channel(message.stream_id)?.name ?? '';
  }
  out['content'] = pushContent(message.rendered_content, new URL(store.realm.url).hostname);
  const group = trigger === 'mentioned' ? mentionedGroup(store, recipient, message, nowMs) : null;
  if (group !== null) {
    out['mentioned_user_group_id'] = group.id;
    out['mentioned_user_group_name'] = group.name;
  }
  out['message_id'] = message.id;
  Object.assign(out, realmFields(store));
  out['recipient_type'] = message.stream_id === null ? 'direct' : 'channel';
  if (message.stream_id === null) out['recipient_user_ids'] = [...message.dm_user_ids];
  out['sender_avatar_url'] = avatarUrl(store, recipient, sender, false);
  out['sender_full_name'] = sender.full_name;
  out['sender_id'] = sender.user_id;
  out['time'] = message.timestamp;
  if (message.stream_id !== null) out['topic'] = message.topic;
  out['type'] = 'message';
  out['user_id'] = recipient.user_id;
  return out;
}

/** Messages that should leave the device's notification shade. */
export function removalPayload(store: Store, recipientId: number, messageIds: number[]): PushPayload {
  return { message_ids: [...messageIds], ...realmFields(store), type: 'remove', user_id: recipientId };
}

function realmFields(store: Store): PushPayload {
  return { realm_name: store.realm.name, realm_url: store.realm.url };
}

/**
 * A user mentioned only through groups is told which group: the smallest one holding
 * them (get_user_group_mentions_data); a mention by name wins and names no group.
 */
function mentionedGroup(store: Store, recipient: User, message: Message, nowMs: number): { id: number; name: string } | null {
  const mentions = mentionedIds(message.rendered_content);
  if (mentions.users.has(recipient.user_id)) return null;
  let best: { id: number; name: string; size: number } | null = null;
  for (const id of [...mentions.groups].sort((a, b) => a - b)) {
    const group = store.group(id);
    if (!group) continue;
    const members = recursiveMembers(store, id, nowMs);
    if (!members.has(recipient.user_id)) continue;
    if (best === null || members.size < best.size) best = { id, name: group.name, size: members.size };
  }
  return best && { id: best.id, name: best.name };
}
