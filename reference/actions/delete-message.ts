// Deleting a message (zulip/zulip zerver/actions/message_delete.py,
// zerver/lib/message.py validate_can_delete_message): check, then do, then emit.
import type { DeleteMessageEvent } from '../state/events.ts';
import { hasPermission, CHANNEL_SETTINGS, REALM_SETTINGS } from '../domain/permissions.ts';
import { hasMessageAccess } from '../domain/messages.ts';
import { firstMessageId } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest } from '../errors.ts';
import type { Message, User } from '../state/types.ts';
import { notifyRemoval } from './push-notify.ts';
import { MESSAGE_EDIT_HISTORY } from '../state/message-edits.ts';

/** The message the user may modify, or "Invalid message(s)" for missing and forbidden alike. */
export function accessMessageForModify(world: World, actor: User, id: number): Message {
  const m = world.store.message(id);
  if (!m || !hasMessageAccess(world.store, actor, m, world.nowMs(), true)) throw new BadRequest('Invalid message(s)');
  return m;
}

export function checkCanDeleteMessage(world: World, user: User, m: Message): void {
  const store = world.store;
  const now = world.nowMs();
  const realm = store.realm;
  const channel = m.stream_id === null ? undefined : store.channel(m.stream_id);
  const denied = new BadRequest("You don't have permission to delete this message");
  // Before feature level 281 only organization administrators could delete (zulip.com/api/delete-message).
  if (!atLeast(store, 'delete_message_groups')) {
    if (isAdmin(user)) return;
    throw denied;
  }
  if (hasPermission(store, REALM_SETTINGS.can_delete_any_message_group, realm.can_delete_any_message_group, user, now)) return;
  if (channel && hasPermission(store, CHANNEL_SETTINGS.can_delete_any_message_group, channel.can_delete_any_message_group, user, now)) return;
  const sender = store.user(m.sender_id);
  if (m.sender_id !== user.user_id && sender?.bot_owner_id !== user.user_id) throw denied;
  const realmOwn = hasPermission(store, REALM_SETTINGS.can_delete_own_message_group, realm.can_delete_own_message_group, user, now);
  const channelOwn =
    channel !== undefined &&
    hasPermission(store, CHANNEL_SETTINGS.can_delete_own_message_group, channel.can_delete_own_message_group, user, now);
  if (!realmOwn && !channelOwn) throw denied;
  const limit = realm.message_content_delete_limit_seconds;
  if (limit !== null && world.nowSeconds() - m.timestamp > limit) {
    throw new BadRequest('The time limit for deleting this message has passed');
  }
}

/**
 * Who hears of the deletion (event_recipient_ids_for_action_on_messages), plus the actor. In
 * no particular order: each user's queues get the one event whatever the order.
 */
function deletionAudience(world: World, m: Message, actor: User): Set<number> {
  const store = world.store;
  const withRows = store.usersWithRow(m.id);
  const audience = new Set<number>();
  if (m.stream_id === null) for (const id of withRows) audience.add(id);
  else {
    const channel = store.channel(m.stream_id);
    const subscribers = store.subscribers(m.stream_id);
    if (channel && !channel.invite_only) {
      for (const id of subscribers) audience.add(id);
      for (const id of withRows) if (!isGuest(store.user(id) as User)) audience.add(id);
    } else if (channel?.history_public_to_subscribers) {
      for (const id of subscribers) audience.add(id);
    } else {
      const rows = new Set(withRows);
      for (const id of subscribers) if (rows.has(id)) audience.add(id);
    }
  }
  audience.add(actor.user_id);
  return audience;
}

export function doDeleteMessage(world: World, actor: User, m: Message): void {
  const store = world.store;
  const audience = deletionAudience(world, m, actor);
  const channel = m.stream_id === null ? undefined : store.channel(m.stream_id);
  const firstBefore = channel ? firstMessageId(store, channel) : null;
  store.removeMessage(m.id);
  store.table(MESSAGE_EDIT_HISTORY).delete(m.id);
  const event: DeleteMessageEvent = { type: 'delete_message', message_ids: [m.id], message_type: m.type };
  if (m.stream_id !== null) {
    event.stream_id = m.stream_id;
    event.topic = m.topic.toLowerCase();
  }
  store.emit(audience, event);
  notifyRemoval(world, [m.id]);
  if (channel && firstBefore === m.id) {
    store.emit(store.subscribers(channel.stream_id), {
      type: 'stream',
      op: 'update',
      property: 'first_message_id',
      value: firstMessageId(store, channel),
      stream_id: channel.stream_id,
      name: channel.name,
    });
  }
}
