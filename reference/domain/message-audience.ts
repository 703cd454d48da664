// Who hears of an action on a message — a reaction, a submessage (zulip/zulip
// zerver/lib/message.py event_recipient_ids_for_action_on_messages): only users who may
// see the message, and of those only the ones who have it (a UserMessage row) or are
// subscribed to its channel.
// NOTE: approximation: the real server also leaves out long-term idle users; Understudy has none.
import type { Store } from '../state/store.ts';
import { ROLE, type Message } from '../state/types.ts';

/** In ascending id order. */
export function messageActionAudience(store: Store, m: Message): number[] {
  const withRows = store.usersWithRow(m.id);
  if (m.stream_id === null) return withRows;
  const channel = store.channel(m.stream_id);
  if (!channel) return [];
  const subscribers = store.subscribers(m.stream_id);
  const out = new Set<number>();
  if (!channel.history_public_to_subscribers) {
    // Protected history: subscribers who received the message.
    const rows = new Set(withRows);
    for (const id of subscribers) if (rows.has(id)) out.add(id);
  } else if (channel.invite_only) {
    // A private channel with shared history: exactly its subscribers.
    for (const id of subscribers) out.add(id);
  } else {
    // A public channel: its subscribers, and anyone else with a row who is not a guest
    // (guests reach public channels only through a subscription).
    for (const id of subscribers) out.add(id);
    for (const id of withRows) if (store.user(id)?.role !== ROLE.guest) out.add(id);
  }
  return [...out].sort((a, b) => a - b);
}
