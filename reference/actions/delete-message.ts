// Deleting a message (zulip/zulip zerver/actions/message_delete.py,
// zerver/lib/message.py validate_can_delete_message): check, then do, then emit.
import { unclaimAttachments } from './uploads.ts';
import type { DeleteMessageEvent } from '../state/events.ts';
import { hasPermission, CHANNEL_SETTINGS, REALM_SETTINGS } from '../domain/permissions.ts';
import { accessMessage } from '../domain/message-access.ts';
import { firstMessageId } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest } from '../errors.ts';
import type { Message, User } from '../state/types.ts';
import { notifyRemoval } from './push-notify.ts';
import { MESSAGE_EDIT_HISTORY } from '../state/message-edits.ts';

/** The message the user may modify (access_message, is_modifying_message), or "Invalid message(s)" for missing and forbidden alike. */
export function accessMessageForModify(world: World, actor: User, id: number): Message {
  return accessMessage(world.store, actor, id, world.nowMs(), true).message;
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
 * Who hears of the deletion of these messages of one conversation
 * (event_recipient_ids_for_action_on_messages), plus the actor. In no particular order:
 * each user's queues get the one event whatever the order.
 */
function deletionAudience(world: World, messages: readonly Message[], actor: User): Set<number> {
  const store = world.store;
  const first = messages[0] as Message;
  const withRows = new Set<number>();
  for (const m of messages) for (const id of store.usersWithRow(m.id)) withRows.add(id);
  const audience = new Set<number>();
  if (first.stream_id === null) for (const id of withRows) audience.add(id);
  else {
    const channel = store.channel(first.stream_id);
    const subscribers = store.subscribers(first.stream_id);
    if (channel && !channel.invite_only) {
      for (const id of subscribers) audience.add(id);
      for (const id of withRows) if (!isGuest(store.user(id) as User)) audience.add(id);
    } else if (channel?.history_public_to_subscribers) {
      for (const id of subscribers) audience.add(id);
    } else {
      for (const id of subscribers) if (withRows.has(id)) audience.add(id);
    }
  }
  audience.add(actor.user_id);
  return audience;
}

export function doDeleteMessage(world: World, actor: User, m: Message): void {
  doDeleteMessages(world, actor, [m]);
}

/**
 * Delete messages of one conversation (one channel topic, or one direct conversation) as
 * one batch of do_delete_messages: one delete_message event with the ids ascending, to
 * everyone who could see them and the actor; the channel's new first_message_id, when the
 * batch held it, to the same users first; their push notifications withdrawn.
 */
export function doDeleteMessages(world: World, actor: User, batch: readonly Message[]): void {
  if (batch.length === 0) return;
  const store = world.store;
  const first = batch[0] as Message;
  const ids = batch.map((m) => m.id).sort((a, b) => a - b);
  const audience = deletionAudience(world, batch, actor);
  const channel = first.stream_id === null ? undefined : store.channel(first.stream_id);
  const firstBefore = channel ? firstMessageId(store, channel) : null;
  for (const m of batch) unclaimAttachments(world, m.id, m.content);
  for (const id of ids) {
    store.removeMessage(id);
    store.table(MESSAGE_EDIT_HISTORY).delete(id);
  }
  notifyRemoval(world, ids);
  if (channel && firstBefore !== null && ids.includes(firstBefore)) {
    store.emit(audience, {
      type: 'stream',
      op: 'update',
      property: 'first_message_id',
      value: firstMessageId(store, channel),
      stream_id: channel.stream_id,
      name: channel.name,
    });
  }
  const event: DeleteMessageEvent = { type: 'delete_message', message_ids: ids, message_type: first.type };
  if (first.stream_id !== null) {
    event.stream_id = first.stream_id;
    event.topic = first.topic.toLowerCase();
  }
  store.emit(audience, event);
}
