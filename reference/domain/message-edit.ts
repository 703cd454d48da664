// Rules of editing and moving messages shared by the edit action, the history endpoint and
// message formatting: the organization's edit settings, who may move or resolve topics
// (zulip/zulip zerver/lib/streams.py can_edit_topic, can_resolve_topics,
// can_move_messages_out_of_channel), resolved topics (zerver/lib/topic.py,
// zerver/lib/message.py topic_resolve_toggled) and the edit history as clients see it
// (zerver/lib/message.py visible_edit_history_for_message, messages_for_ids;
// zerver/views/message_edit.py fill_edit_history_entries).
import type { Store } from '../state/store.ts';
import { MESSAGE_EDIT_HISTORY, type EditHistoryEntry } from '../state/message-edits.ts';
import type { Channel, Message, Realm, User } from '../state/types.ts';
import { inChannelGroup } from './channels.ts';
import { MAX_TOPIC_LENGTH } from './limits.ts';
import { hasPermission, REALM_SETTINGS } from './permissions.ts';
import { isAdmin } from './users.ts';
import { REALM_PROPERTIES } from './realm-settings.ts';

/** The organization's edit settings, absent ones at a new organization's defaults (zerver/models/realms.py). */
export interface EditSettings {
  allow_message_editing: boolean;
  message_content_edit_limit_seconds: number | null;
  message_edit_history_visibility_policy: 'all' | 'moves' | 'none';
  move_messages_within_stream_limit_seconds: number | null;
  move_messages_between_streams_limit_seconds: number | null;
}

/** The defaults of domain/realm-settings.ts's table. */
const DEFAULTS = Object.fromEntries(
  (['allow_message_editing', 'message_content_edit_limit_seconds', 'message_edit_history_visibility_policy', 'move_messages_within_stream_limit_seconds', 'move_messages_between_streams_limit_seconds'] as const).map(
    (k) => [k, REALM_PROPERTIES[k].default],
  ),
) as unknown as EditSettings;

export function editSettings(realm: Realm): EditSettings {
  const pick = <K extends keyof EditSettings>(key: K): EditSettings[K] => (realm[key] === undefined ? DEFAULTS[key] : (realm[key] as EditSettings[K]));
  return {
    allow_message_editing: pick('allow_message_editing'),
    message_content_edit_limit_seconds: pick('message_content_edit_limit_seconds'),
    message_edit_history_visibility_policy: pick('message_edit_history_visibility_policy'),
    move_messages_within_stream_limit_seconds: pick('move_messages_within_stream_limit_seconds'),
    move_messages_between_streams_limit_seconds: pick('move_messages_between_streams_limit_seconds'),
  };
}

/** RESOLVED_TOPIC_PREFIX. */
export const RESOLVED_PREFIX = '✔ ';
/** TOPIC_TRUNCATION_MESSAGE. */
const TRUNCATION = '...';

/** Does going from `prevTopic` to `topic` only resolve or unresolve it (topic_resolve_toggled)? */
export function topicResolveToggled(topic: string, prevTopic: string): boolean {
  const prefix = RESOLVED_PREFIX.length;
  if (prevTopic.startsWith(RESOLVED_PREFIX) && !topic.startsWith(RESOLVED_PREFIX)) return prevTopic.slice(prefix) === topic;
  if (topic.startsWith(RESOLVED_PREFIX) && !prevTopic.startsWith(RESOLVED_PREFIX)) {
    if ([...prevTopic].length <= MAX_TOPIC_LENGTH - prefix) return topic.slice(prefix) === prevTopic;
    if (topic.endsWith(TRUNCATION)) return prevTopic.startsWith(topic.slice(prefix, -TRUNCATION.length));
  }
  return false;
}

const realmPermission = (store: Store, setting: 'can_move_messages_between_topics_group' | 'can_resolve_topics_group' | 'can_move_messages_between_channels_group', user: User, nowMs: number) =>
  hasPermission(store, REALM_SETTINGS[setting], store.realm[setting], user, nowMs);

/** can_move_messages_within_channel: administrators, the channel's administrators, or its group. */
function canMoveWithinChannel(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (isAdmin(user) || inChannelGroup(store, user, channel, 'can_administer_channel_group', nowMs)) return true;
  return inChannelGroup(store, user, channel, 'can_move_messages_within_channel_group', nowMs);
}

/** can_edit_topic: the realm's group, or the move-within group of the original or the target channel. */
export function canEditTopic(store: Store, user: User, orig: Channel, target: Channel, nowMs: number): boolean {
  if (realmPermission(store, 'can_move_messages_between_topics_group', user, nowMs)) return true;
  if (canMoveWithinChannel(store, user, orig, nowMs)) return true;
  return orig.stream_id !== target.stream_id && canMoveWithinChannel(store, user, target, nowMs);
}

/** can_resolve_topics: the realm's group, or the resolve group of the original or the target channel. */
export function canResolveTopics(store: Store, user: User, orig: Channel, target: Channel, nowMs: number): boolean {
  if (realmPermission(store, 'can_resolve_topics_group', user, nowMs)) return true;
  if (inChannelGroup(store, user, orig, 'can_resolve_topics_group', nowMs)) return true;
  return orig.stream_id !== target.stream_id && inChannelGroup(store, user, target, 'can_resolve_topics_group', nowMs);
}

/** can_move_messages_out_of_channel. */
export function canMoveOutOfChannel(store: Store, user: User, channel: Channel, nowMs: number): boolean {
  if (isAdmin(user) || realmPermission(store, 'can_move_messages_between_channels_group', user, nowMs)) return true;
  if (inChannelGroup(store, user, channel, 'can_administer_channel_group', nowMs)) return true;
  return inChannelGroup(store, user, channel, 'can_move_messages_out_of_channel_group', nowMs);
}

/** The message's edits, newest first (none for a message never edited). */
export function editHistoryOf(store: Store, messageId: number): readonly EditHistoryEntry[] {
  return store.table(MESSAGE_EDIT_HISTORY).get(messageId)?.entries ?? [];
}

/**
 * last_edit_timestamp and last_moved_timestamp as messages_for_ids computes them from the
 * history: content edits, and moves that are more than resolving or unresolving.
 */
export function editTimestamps(entries: readonly EditHistoryEntry[]): { edited: number | null; moved: number | null } {
  let edited = 0;
  let moved = 0;
  for (const e of entries) {
    if (e.prev_stream !== undefined) moved = Math.max(moved, e.timestamp);
    else if (e.prev_topic !== undefined && !topicResolveToggled(e.topic as string, e.prev_topic)) moved = Math.max(moved, e.timestamp);
    if (e.prev_content !== undefined) edited = Math.max(edited, e.timestamp);
  }
  return { edited: edited || null, moved: moved || null };
}

/**
 * The edit_history of a fetched message under the organization's policy (visible_edit_history_for_message
 * on the raw entries): all of it; for 'moves' the moves only, a content edit that also
 * moved keeping its move; null for 'none' (the key is left out).
 */
export function visibleRawHistory(store: Store, m: Message, allowEmptyTopicName: boolean): Record<string, unknown>[] | null {
  const policy = editSettings(store.realm).message_edit_history_visibility_policy;
  if (policy === 'none') return null;
  const shown = (t: string) => (t === '' && !allowEmptyTopicName ? EMPTY_TOPIC_FALLBACK_NAME : t);
  const out: Record<string, unknown>[] = [];
  for (const e of editHistoryOf(store, m.id)) {
    const entry: Record<string, unknown> = { ...e };
    if (e.prev_topic !== undefined) entry['prev_topic'] = shown(e.prev_topic);
    if (e.topic !== undefined) entry['topic'] = shown(e.topic);
    if (policy === 'moves' && e.prev_content !== undefined) {
      if (e.prev_topic === undefined) continue;
      delete entry['prev_content'];
      delete entry['prev_rendered_content'];
    }
    out.push(entry);
  }
  return out;
}

/** Message.EMPTY_TOPIC_FALLBACK_NAME. */
export const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';
