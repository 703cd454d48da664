// May a user send to a channel? zulip/zulip zerver/lib/streams.py
// access_stream_for_send_message: the channel's can_send_message_group (a bot also
// through its owner), then archived channels, then access. Used by sending messages and
// by channel typing notifications, which check the same rules.
import type { Store } from '../state/store.ts';
import type { Channel, GroupSettingValue, User } from '../state/types.ts';
import { BadRequest } from '../errors.ts';
import { hasContentAccess, isSubscribed } from './channels.ts';
import { isUserInSetting } from './groups.ts';
import { isGuest } from './users.ts';

/** Is the user (or, for a bot, its owner) in the group setting? */
export function inSendSetting(store: Store, value: GroupSettingValue, user: User, nowMs: number): boolean {
  return (
    isUserInSetting(store, value, user.user_id, nowMs) ||
    (user.is_bot && user.bot_owner_id !== null && isUserInSetting(store, value, user.bot_owner_id, nowMs))
  );
}

/** access_stream_for_send_message; system bots may send anywhere. */
export function checkCanSendToChannel(store: Store, sender: User, channel: Channel, nowMs: number): void {
  if (!sender.is_system_bot && !inSendSetting(store, channel.can_send_message_group, sender, nowMs)) {
    throw new BadRequest('You do not have permission to post in this channel.');
  }
  // Made only when thrown: an Error captures a stack, which costs more than the rest of the check.
  const denied = () => new BadRequest(`Not authorized to send to channel '${channel.name}'`);
  if (channel.is_archived) throw denied();
  if (!sender.is_system_bot && !canAccessForSend(store, sender, channel, nowMs)) throw denied();
}

function canAccessForSend(store: Store, sender: User, channel: Channel, nowMs: number): boolean {
  if (channel.is_web_public) return true;
  if (!channel.invite_only && !isGuest(sender)) return true;
  if (isSubscribed(store, sender.user_id, channel.stream_id)) return true;
  if (sender.is_bot && sender.bot_owner_id !== null && isSubscribed(store, sender.bot_owner_id, channel.stream_id)) return true;
  return channel.history_public_to_subscribers && !isGuest(sender) && hasContentAccess(store, sender, channel, nowMs);
}
