// The registration response's message bookkeeping (zulip/zulip zerver/lib/users.py
// max_message_id_for_user; zerver/lib/message.py get_recent_private_conversations,
// get_starred_message_ids): all read from the user's own UserMessage rows.
import { FLAG } from '../../state/types.ts';
import type { StateContext } from './view.ts';

/** RECENT_CONVERSATIONS_LIMIT: how many of the newest direct-message rows are looked at. */
const RECENT_CONVERSATIONS_LIMIT = 1000;
/** get_starred_message_ids returns at most this many. */
const MAX_STARRED = 10000;

export function maxMessageIdState(ctx: StateContext): Record<string, unknown> {
  const { ids } = ctx.store.userMessageRows(ctx.user.user_id);
  return { max_message_id: ids.length > 0 ? (ids[ids.length - 1] as number) : -1 };
}

/**
 * recent_private_conversations: the conversations of the user's newest 1000 direct
 * messages, newest first, each with the other participants (none for oneself).
 */
export function recentConversationsState(ctx: StateContext): Record<string, unknown> {
  const { store, user } = ctx;
  const { ids } = store.userMessageRows(user.user_id);
  const conversations = new Map<string, { max_message_id: number; user_ids: number[] }>();
  let seen = 0;
  for (let i = ids.length - 1; i >= 0 && seen < RECENT_CONVERSATIONS_LIMIT; i--) {
    const m = store.message(ids[i] as number);
    if (!m || m.stream_id !== null) continue;
    seen++;
    const key = m.dm_user_ids.join(',');
    // Rows come newest first: the first one seen is the conversation's newest.
    if (!conversations.has(key)) {
      conversations.set(key, { max_message_id: m.id, user_ids: m.dm_user_ids.filter((id) => id !== user.user_id) });
    }
  }
  return { recent_private_conversations: [...conversations.values()] };
}

export function starredMessagesState(ctx: StateContext): Record<string, unknown> {
  const { ids, flags } = ctx.store.userMessageRows(ctx.user.user_id);
  const starred: number[] = [];
  for (let i = 0; i < ids.length && starred.length < MAX_STARRED; i++) if ((flags[i] as number) & FLAG.starred) starred.push(ids[i] as number);
  return { starred_messages: starred };
}
