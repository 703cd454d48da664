// Archiving a channel: DELETE /streams/{stream_id} (endpoints/channel-admin.ts, after its
// access check) and the test-control surface's shortcut. Mirrors
// zulip/zulip zerver/actions/streams.py (do_deactivate_stream): it stops being a default
// channel and the realm stops pointing at it (each with its event), everyone who could
// see it hears `stream update is_archived` and `stream delete`, and Notification Bot
// says so in the channel.
import { realmProperty } from '../domain/realm-settings.ts';
import type { World } from '../world.ts';
import { BadRequest } from '../errors.ts';
import type { StreamEvent } from '../state/events.ts';
import type { Channel } from '../state/types.ts';
import { activeUserIds, emitDefaultStreams, emitStreamDelete, metadataAccessUserIds } from './channel-events.ts';
import { internalSend, notificationBot } from './internal-send.ts';

export function checkArchiveChannel(world: World, streamId: number): Channel {
  const channel = world.store.channel(streamId);
  if (!channel) throw new BadRequest('Invalid channel ID');
  if (channel.is_archived) throw new BadRequest('Channel is already deactivated');
  return channel;
}

export function doArchiveChannel(world: World, channel: Channel): void {
  const store = world.store;
  const affected = metadataAccessUserIds(store, channel, world.nowMs());
  store.putChannel({ ...channel, is_archived: true, is_default: false });
  // do_remove_default_stream, then the realm settings that named the channel (-1: none).
  if (channel.is_default) emitDefaultStreams(store);
  const realm = { ...store.realm };
  const cleared = (['moderation_request_channel_id', 'new_stream_announcements_stream_id'] as const).filter((key) => realm[key] === channel.stream_id);
  for (const key of cleared) realm[key] = null;
  if (cleared.length > 0) store.setRealm(realm);
  for (const key of cleared) store.emit(activeUserIds(store), { type: 'realm', op: 'update', property: key, value: -1 });
  const update: StreamEvent = { type: 'stream', op: 'update', stream_id: channel.stream_id, name: channel.name, property: 'is_archived', value: true };
  if (affected.length > 0) store.emit(affected, update);
  emitStreamDelete(store, [channel], affected, true);
  // maybe_send_channel_events_notice: only where the organization sends channel events messages.
  if (realmProperty(store, store.realm, 'send_channel_events_messages') !== true) return;
  const topic = channel.topics_policy === 'empty_topic_only' ? '' : 'channel events';
  // limit_unread_user_ids=set(): the notice is read for everyone from the start.
  const readBy = new Set(store.subscribers(channel.stream_id));
  internalSend(world, notificationBot(world), { stream_id: channel.stream_id, topic }, `Channel #**${channel.name}** has been archived.`, readBy);
}
