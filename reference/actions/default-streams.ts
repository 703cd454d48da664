// The organization's default channels: POST and DELETE /default_streams. Mirrors
// zulip/zulip zerver/views/streams.py (add_default_stream, remove_default_stream;
// check_if_user_can_manage_default_streams) and zerver/actions/default_streams.py
// (do_add_default_stream tells every member the new list when it changed;
// do_remove_default_stream tells them always).
import { accessChannelById } from '../domain/channels.ts';
import { isAdmin } from '../domain/users.ts';
import { BadRequest, RoleRequired } from '../errors.ts';
import type { Channel, User } from '../state/types.ts';
import type { World } from '../world.ts';
import { emitDefaultStreams } from './channel-events.ts';

/** check_if_user_can_manage_default_streams runs before any parameter is read. */
export function checkCanManageDefaultStreams(actor: User): void {
  if (!isAdmin(actor)) throw new RoleRequired('Must be an organization administrator');
}

export function checkAddDefaultStream(world: World, actor: User, streamId: number): Channel {
  const { channel } = accessChannelById(world.store, actor, streamId, world.nowMs());
  if (channel.invite_only) throw new BadRequest('Private channels cannot be made default.');
  return channel;
}

export function checkRemoveDefaultStream(world: World, actor: User, streamId: number): Channel {
  return accessChannelById(world.store, actor, streamId, world.nowMs(), { requireContent: false }).channel;
}

/** do_add_default_stream (an event when the list changed) / do_remove_default_stream (an event always). */
export function doSetDefaultStream(world: World, channel: Channel, isDefault: boolean): void {
  const changed = channel.is_default !== isDefault;
  if (changed) world.store.putChannel({ ...channel, is_default: isDefault });
  if (changed || !isDefault) emitDefaultStreams(world.store);
}
