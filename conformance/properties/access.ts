// Who may see what, from the API's rules (zulip/zulip zerver/lib/streams.py:
// has_metadata_access_to_channel, check_basic_stream_access; zerver/lib/message_access.py:
// has_message_access), for channels with their default permission settings:
//   metadata (the channel's name, id, subscribers): web-public, subscribed, or, for a
//     non-guest, public, or private but the user is an administrator or in its
//     can_administer_channel_group (the creator by default; channel-admin changes it);
//   content (its messages): web-public, subscribed, or public and the user no guest;
//   a message: a direct message to its recipients (and sender); in a channel with shared
//     history, to whoever has content access; with protected history, to those who
//     received it and are still subscribed. A deleted message, to nobody;
//   the message feed (GET /messages): besides those, every message the user received and
//     still holds a UserMessage row for, subscribed or not (zerver/lib/narrow.py searches the
//     user's rows, and adds the channel's history only where ok_to_include_history).
import type { Actor, MChannel, MMessage } from './records.ts';

export const isGuest = (u: Actor): boolean => u.role >= 600;
export const isAdmin = (u: Actor): boolean => u.role <= 200;

export function metadata(u: Actor, c: MChannel): boolean {
  if (c.webPublic || c.subscribers.has(u.id)) return true;
  if (isGuest(u)) return false;
  return !c.invite || isAdmin(u) || channelAdministrators(c).has(u.id);
}

/** can_administer_channel_group: the creator, unless the run changed it. */
export const channelAdministrators = (c: MChannel): Set<number> => c.administrators ?? new Set([c.creator]);

export function content(u: Actor, c: MChannel): boolean {
  if (c.webPublic || c.subscribers.has(u.id)) return true;
  return !isGuest(u) && !c.invite;
}

/** May GET /messages show `m` to `u`: a row (received it), or access to it. */
export function inFeed(u: Actor, m: MMessage): boolean {
  return !m.deleted && (m.receivers.has(u.id) || maySee(u, m));
}

/** Is `m` in `u`'s feed for a narrow to its channel: their rows, and the channel's history where they may read it. */
export function inChannelFeed(u: Actor, m: MMessage): boolean {
  if (m.deleted) return false;
  if (m.receivers.has(u.id)) return true;
  return m.channel !== null && m.channel.shared && content(u, m.channel);
}

export function maySee(u: Actor, m: MMessage): boolean {
  if (m.deleted) return false;
  const c = m.channel;
  if (c === null) return m.receivers.has(u.id);
  if (c.shared) return content(u, c);
  return m.receivers.has(u.id) && c.subscribers.has(u.id);
}

/**
 * Must a post (or typing) to the channel be refused? When the sender cannot even see it —
 * unless a bot whose owner is subscribed (zerver/lib/streams.py:
 * access_stream_for_send_message lets bots post where their owner may).
 */
export function cannotPost(u: Actor, c: MChannel): boolean {
  if (u.botOwner !== null && c.subscribers.has(u.botOwner)) return false;
  return !metadata(u, c);
}
