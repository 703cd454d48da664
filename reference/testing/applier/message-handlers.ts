// Test support: how a client applies message events to its registration state, after
// the real server's apply_event (zulip/zulip zerver/lib/events.py: message,
// delete_message, update_message_flags; zerver/lib/message.py
// apply_unread_message_event, remove_message_id_from_unread_mgs).
import type { ClientState, Handler, Obj } from './client-state.ts';

/** Set the first_message_id of a channel that had none (the server does it for channel messages). */
function noteFirstMessage(client: ClientState, message: Obj): void {
  for (const key of ['subscriptions', 'streams']) {
    for (const c of (client.state[key] ?? []) as Obj[]) {
      if (c['stream_id'] === message['stream_id'] && c['first_message_id'] === null) c['first_message_id'] = message['id'];
    }
  }
}

function addUnread(client: ClientState, message: Obj, flags: string[]): void {
  const unread = client.unread;
  if (unread === null || flags.includes('read')) return;
  const id = message['id'] as number;
  if (message['type'] === 'stream') {
    // One in a channel the user left (say their own message sent there through the API,
    // which is unread) is held aside till they subscribe again (RawUnread.hidden); the
    // server's applier would list it at once.
    const entry = { kind: 'stream' as const, stream_id: message['stream_id'], topic: message['subject'] };
    if (client.left.has(message['stream_id'])) unread.hidden.set(id, entry);
    else unread.messages.set(id, entry);
  } else {
    const everyone = (message['display_recipient'] as Obj[]).map((r) => r['id'] as number);
    const others = everyone.filter((u) => u !== client.options.userId);
    if (others.length <= 1) unread.messages.set(id, { kind: 'pm', other_user_id: others[0] ?? client.options.userId });
    else unread.messages.set(id, { kind: 'huddle', user_ids_string: [...everyone].sort((a, b) => a - b).join(',') });
  }
  if (flags.includes('mentioned')) unread.mentioned.add(id);
  if (flags.includes('stream_wildcard_mentioned') || flags.includes('topic_wildcard_mentioned')) unread.wildcard.add(id);
}

function removeUnread(client: ClientState, ids: readonly number[]): void {
  const unread = client.unread;
  if (unread === null) return;
  for (const id of ids) {
    unread.messages.delete(id);
    unread.hidden.delete(id);
    unread.mentioned.delete(id);
    unread.wildcard.delete(id);
  }
}

const message: Handler = (client, event) => {
  const m = event['message'] as Obj;
  const state = client.state;
  if ('max_message_id' in state) state['max_message_id'] = Math.max(state['max_message_id'], m['id']);
  addUnread(client, m, event['flags']);
  if (m['type'] !== 'stream') {
    if (client.recent !== null) {
      const others = (m['display_recipient'] as Obj[]).map((r) => r['id'] as number).filter((u) => u !== client.options.userId).sort((a, b) => a - b);
      client.recent.set(String(others), { user_ids: others, max_message_id: m['id'] });
    }
    return;
  }
  noteFirstMessage(client, m);
};

const deleteMessage: Handler = (client, event) => {
  const ids: number[] = 'message_id' in event ? [event['message_id']] : event['message_ids'];
  // The server asks its database for the user's newest remaining message.
  if ('max_message_id' in client.state) client.refetch.add('max_message_id');
  removeUnread(client, ids);
  // The server's applier leaves a deleted message among the starred ones (its tests
  // never delete one); a fresh registration no longer lists it, and a client drops it.
  const starred = client.state['starred_messages'] as number[] | undefined;
  if (starred !== undefined) client.state['starred_messages'] = starred.filter((id) => !ids.includes(id));
  // ... and rebuilds the direct conversations, whose newest message may be gone.
  if (client.recent !== null && event['message_type'] === 'private') client.refetch.add('recent_private_conversations');
};

const updateMessageFlags: Handler = (client, event) => {
  const ids = event['messages'] as number[];
  if (event['all'] === true && event['flag'] === 'read' && event['op'] === 'add' && client.unread !== null) {
    // mark_all_as_read names no message ("the client reloads anyway"; the server's own
    // applier leaves the state as it is): a client that reloads finds nothing unread.
    removeUnread(client, [...client.unread.messages.keys(), ...client.unread.hidden.keys()]);
  }
  if (event['flag'] === 'read' && event['op'] === 'add') removeUnread(client, ids);
  // Starring, collapsing or marking unread a message one never received gives one a
  // historical UserMessage row, which can raise max_message_id (the newest row's id); no
  // event says so, on the real server either: a client asks again.
  const mayAddRows = event['op'] === 'add' ? event['flag'] !== 'read' : event['flag'] === 'read';
  if (mayAddRows && ids.length > 0 && 'max_message_id' in client.state) client.refetch.add('max_message_id');
  if (event['flag'] === 'read' && event['op'] === 'remove' && client.unread !== null) {
    for (const [id, details] of Object.entries(event['message_details'] as Record<string, Obj>)) {
      const entry =
        details['type'] === 'stream'
          ? { kind: 'stream' as const, stream_id: details['stream_id'], topic: details['topic'] }
          : (details['user_ids'] as number[]).length <= 1
            ? { kind: 'pm' as const, other_user_id: (details['user_ids'] as number[])[0] ?? client.options.userId }
            : { kind: 'huddle' as const, user_ids_string: [...details['user_ids'], client.options.userId].sort((a, b) => a - b).join(',') };
      if (entry.kind === 'stream' && client.left.has(entry.stream_id)) client.unread.hidden.set(Number(id), entry);
      else client.unread.messages.set(Number(id), entry);
      if (details['mentioned']) client.unread.mentioned.add(Number(id));
    }
  }
  const starred = client.state['starred_messages'] as number[] | undefined;
  if (event['flag'] === 'starred' && starred !== undefined) {
    if (event['op'] === 'add') client.state['starred_messages'] = [...starred, ...ids];
    else client.state['starred_messages'] = starred.filter((id) => !ids.includes(id));
  }
};

/**
 * update_message (apply_event): unread messages follow a move to their new channel and
 * topic. A client also keeps the edited message's mention state from the event's flags (the
 * user's flags after the edit), which the server's own applier leaves alone.
 */
const updateMessage: Handler = (client, event) => {
  const unread = client.unread;
  if (unread === null) return;
  const ids = event['message_ids'] as number[];
  for (const id of ids) {
    for (const map of [unread.messages, unread.hidden]) {
      const entry = map.get(id);
      if (entry === undefined || entry.kind !== 'stream') continue;
      if ('new_stream_id' in event) entry.stream_id = event['new_stream_id'];
      if ('subject' in event) entry.topic = event['subject'];
    }
  }
  if ('new_stream_id' in event) {
    // A message moved into a channel the user left is held aside, one moved out of it shown again.
    for (const id of ids) {
      const shown = unread.messages.get(id);
      if (shown?.kind === 'stream' && client.left.has(event['new_stream_id'])) (unread.messages.delete(id), unread.hidden.set(id, shown));
      const hidden = unread.hidden.get(id);
      if (hidden !== undefined && !client.left.has(event['new_stream_id'])) (unread.hidden.delete(id), unread.messages.set(id, hidden));
    }
  }
  const id = event['message_id'] as number;
  if (event['rendering_only'] === false && 'content' in event && (unread.messages.has(id) || unread.hidden.has(id))) {
    const flags = event['flags'] as string[];
    if (flags.includes('mentioned')) unread.mentioned.add(id);
    else unread.mentioned.delete(id);
    if (flags.includes('stream_wildcard_mentioned') || flags.includes('topic_wildcard_mentioned')) unread.wildcard.add(id);
    else unread.wildcard.delete(id);
  }
};

export const MESSAGE_HANDLERS: Readonly<Record<string, Handler>> = {
  message,
  update_message: updateMessage,
  delete_message: deleteMessage,
  update_message_flags: updateMessageFlags,
};
