// Unread bookkeeping shared by /register's unread_msgs (initial-state/unread.ts) and the
// update_message_flags events (actions/message-flags.ts): zulip/zulip zerver/lib/message.py
// extract_unread_data_from_um_rows (is_row_muted, mentions) and
// format_unread_message_details.
import type { Store } from '../state/store.ts';
import { FLAG, type Message, type User } from '../state/types.ts';

const VISIBILITY = { muted: 1, unmuted: 2, followed: 3 } as const;

/**
 * is_row_muted: a muted channel unless the topic is unmuted or followed; a muted topic in
 * an unmuted channel. (Messages of muted users are never unread: Understudy has no
 * muted users.)
 */
export function isRowMuted(store: Store, user: User, streamId: number, topic: string): boolean {
  const policy = store.topicPolicy(user.user_id, streamId, topic);
  if (store.subscription(user.user_id, streamId)?.is_muted) return policy !== VISIBILITY.unmuted && policy !== VISIBILITY.followed;
  return policy === VISIBILITY.muted;
}

/** Does an unread row count in `mentions`: a personal or group mention, or a wildcard one outside muted conversations. */
export function countsAsMention(bits: number, muted: boolean): boolean {
  const wildcard = bits & (FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned);
  return (bits & FLAG.mentioned) !== 0 || (wildcard !== 0 && !muted);
}

/** Has the user left this channel (a subscription row that is no longer active)? get_inactive_recipient_ids. */
export function leftChannel(store: Store, user: User, streamId: number): boolean {
  const row = store.subscriptionRow(user.user_id, streamId);
  return row !== undefined && !row.active;
}

/**
 * format_unread_message_details: for each message now unread (ids the user has a row
 * for), what a client needs to put it back in its unread_msgs; messages of channels the
 * user left are left out, as get_raw_unread_data leaves them out. Keys are message ids.
 */
export function unreadMessageDetails(store: Store, user: User, ids: readonly number[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const m = store.message(id);
    const bits = store.userMessageFlags(user.user_id, id);
    if (!m || bits === undefined) continue;
    if (m.stream_id !== null && leftChannel(store, user, m.stream_id)) continue;
    out[String(id)] = detailOf(store, user, m, bits);
  }
  return out;
}

function detailOf(store: Store, user: User, m: Message, bits: number): Record<string, unknown> {
  if (m.stream_id !== null) {
    const muted = isRowMuted(store, user, m.stream_id, m.topic);
    const detail: Record<string, unknown> = { type: 'stream', stream_id: m.stream_id, topic: m.topic, unmuted_stream_msg: !muted };
    if (countsAsMention(bits, muted)) detail['mentioned'] = true;
    return detail;
  }
  const detail: Record<string, unknown> = { type: 'private', user_ids: m.dm_user_ids.filter((id) => id !== user.user_id) };
  if (countsAsMention(bits, false)) detail['mentioned'] = true;
  return detail;
}
