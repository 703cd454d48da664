// unread_msgs (zulip/zulip zerver/lib/message.py get_raw_unread_data,
// extract_unread_data_from_um_rows, aggregate_unread_data): the user's newest unread
// messages, at most 50000, outside channels they left, grouped by conversation.
// Muted channels and topics are listed but not counted; a wildcard mention counts as a
// mention only where it is not muted.
import { displayTopic } from '../messages.ts';
import { countsAsMention, isRowMuted, leftChannel } from '../unread.ts';
import type { StateContext } from './view.ts';

/** MAX_UNREAD_MESSAGES. */
export const MAX_UNREAD_MESSAGES = 50000;
interface Bucket {
  unread_message_ids: number[];
}

export function unreadMsgs(ctx: StateContext): Record<string, unknown> {
  const { store, user, view } = ctx;
  // The user's unread index, newest first, up to the cap, then ascending as the real query returns them.
  const ids = store.unreadMessageIds(user.user_id);
  const rows: Array<[number, number]> = [];
  for (let i = ids.length - 1; i >= 0 && rows.length < MAX_UNREAD_MESSAGES; i--) {
    const id = ids[i] as number;
    const m = store.message(id);
    if (!m || (m.stream_id !== null && leftChannel(store, user, m.stream_id))) continue;
    rows.push([id, store.userMessageFlags(user.user_id, id) as number]);
  }
  rows.reverse();

  const pms = new Map<number, Bucket & { other_user_id: number; sender_id: number }>();
  const streams = new Map<string, Bucket & { stream_id: number; topic: string }>();
  const huddles = new Map<string, Bucket & { user_ids_string: string }>();
  const mentions: number[] = [];
  let count = 0;
  for (const [id, bits] of rows) {
    const m = store.message(id)!;
    let muted = false;
    if (m.stream_id !== null) {
      muted = isRowMuted(store, user, m.stream_id, m.topic);
      if (!muted) count++;
      const topic = displayTopic(store, m.topic, view.capabilities.empty_topic_name);
      const key = `${String(m.stream_id).padStart(12, '0')}\u0000${topic.toLowerCase()}`;
      let bucket = streams.get(key);
      if (!bucket) streams.set(key, (bucket = { stream_id: m.stream_id, topic, unread_message_ids: [] }));
      bucket.unread_message_ids.push(id);
    } else if (m.dm_user_ids.length <= 2) {
      count++;
      const other = m.dm_user_ids.find((u) => u !== user.user_id) ?? user.user_id;
      let bucket = pms.get(other);
      if (!bucket) pms.set(other, (bucket = { other_user_id: other, sender_id: other, unread_message_ids: [] }));
      bucket.unread_message_ids.push(id);
    } else {
      count++;
      const key = m.dm_user_ids.join(',');
      let bucket = huddles.get(key);
      if (!bucket) huddles.set(key, (bucket = { user_ids_string: key, unread_message_ids: [] }));
      bucket.unread_message_ids.push(id);
    }
    if (countsAsMention(bits, muted)) mentions.push(id);
  }
  const sorted = <T>(map: Map<string | number, T>, cmp: (a: string | number, b: string | number) => number) =>
    [...map.keys()].sort(cmp).map((k) => map.get(k) as T);
  const byText = (a: string | number, b: string | number) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
  return {
    unread_msgs: {
      pms: sorted(pms as Map<string | number, unknown>, (a, b) => (a as number) - (b as number)),
      streams: sorted(streams as Map<string | number, unknown>, byText),
      huddles: sorted(huddles as Map<string | number, unknown>, byText),
      mentions,
      count,
      old_unreads_missing: rows.length === MAX_UNREAD_MESSAGES,
    },
  };
}
