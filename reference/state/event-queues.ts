// Event queues (POST /register, GET /events): one record per queue, in a keyed table,
// so snapshot, restore and reset cover them like any state. Mirrors zulip/zulip
// zerver/tornado/event_queue.py (ClientDescriptor, EventQueue): a queue belongs to one
// user, accepts the event types it asked for (and, for message events, its narrow),
// numbers its events from 0, keeps them until the client acknowledges them with
// last_event_id, and is garbage-collected after an idle timeout.
//
// Memory is bounded by live data: events live only in queues that exist, a message
// event holds the stored message record (shared, not copied), and a queue that nobody
// reads is dropped at its timeout or when it holds MAX_QUEUED_EVENTS.
import type { ServerEvent } from './events.ts';
import { defineTable } from './table.ts';
import type { Message } from './types.ts';

/** DEFAULT_EVENT_QUEUE_TIMEOUT_SECS: an idle queue is collected after ten minutes. */
export const DEFAULT_QUEUE_TIMEOUT_MS = 600_000;
/** The longest lifespan a client may ask for: seven days. */
export const MAX_QUEUE_TIMEOUT_MS = 7 * 24 * 3600_000;
/** idle_queue_timeout "mobile": the timeout recommended for mobile clients, twelve hours (POST /register, feature level 481). */
export const MOBILE_QUEUE_TIMEOUT_SECS = 12 * 3600;
/**
 * NOTE: approximation: the real server has no such bound; a queue that holds this many
 * unacknowledged events is collected as if it had timed out (its client re-registers on
 * BAD_EVENT_QUEUE_ID), so that a forgotten queue cannot hold memory without end.
 */
export const MAX_QUEUED_EVENTS = 20_000;

/** The capabilities that change what a queue receives (client_capabilities). */
export interface QueueCapabilities {
  bulk_message_deletion: boolean;
  stream_typing_notifications: boolean;
  empty_topic_name: boolean;
  archived_channels: boolean;
  include_deactivated_groups: boolean;
  user_list_incomplete: boolean;
  /** Optional for queues made before it was kept: false. */
  user_settings_object?: boolean;
  /** Presence events in the modern format (client capability). */
  simplified_presence_events?: boolean;
  /** Presence events without email (POST /register's slim_presence, not a capability). */
  slim_presence?: boolean;
  /** Set (false) for old zulip-mobile releases: pronouns fields reach them as short text. */
  pronouns_field_type_supported?: false;
}

export interface QueuedEvent {
  id: number;
  event: ServerEvent;
}

export interface EventQueue {
  /** The row id (internal); clients know the queue by queue_id. */
  id: number;
  queue_id: string;
  user_id: number;
  /** null: every type. */
  event_types: string[] | null;
  /** Operator/operand pairs that message events must match; [] for all. */
  narrow: Array<[string, string]>;
  all_public_streams: boolean;
  apply_markdown: boolean;
  client_gravatar: boolean;
  capabilities: QueueCapabilities;
  /** The client's name (User-Agent or `client`). */
  client: string;
  timeout_ms: number;
  /** When the queue was created or a long-poll last started waiting on it. */
  last_connected_ms: number;
  /** last_connected_ms + timeout_ms: the table's order, so collection finds the oldest first. */
  expires_ms: number;
  /** Unacknowledged events, ascending by id. Appended in place (it is no key of the table). */
  events: QueuedEvent[];
  next_event_id: number;
  /** The id of the last event acknowledged (-1 before any). */
  newest_pruned_id: number;
}

export const EVENT_QUEUES = defineTable<EventQueue>('event_queues', {
  indexes: {
    user: (q) => q.user_id,
    queue_id: (q) => q.queue_id,
    /** 1 for queues that follow public channels beyond their user's subscriptions. */
    watching: (q) => (q.all_public_streams || q.narrow.length > 0 ? 1 : 0),
  },
  orderBy: (q) => q.expires_ms,
});

/** The queue's own id for its next event, and the event appended. */
export function enqueue(queue: EventQueue, event: ServerEvent): void {
  queue.events.push({ id: queue.next_event_id++, event });
}

/** Does the queue take this event (event_types, narrow, capabilities)? */
export function queueAccepts(queue: EventQueue, event: ServerEvent, channelName: (streamId: number) => string | undefined, senderEmail: (m: Message) => string): boolean {
  if (queue.event_types !== null && !queue.event_types.includes(event.type)) return false;
  if (event.type === 'typing' && event.message_type === 'stream' && !queue.capabilities.stream_typing_notifications) return false;
  // muted_topics is a duplicate for clients that did not ask for its replacement, user_topic.
  if (event.type === 'muted_topics' && queue.event_types !== null && queue.event_types.includes('user_topic')) return false;
  // The legacy settings events are for clients without user_settings_object.
  if ((event.type === 'update_display_settings' || event.type === 'update_global_notifications') && queue.capabilities.user_settings_object === true) return false;
  // A client that lists archived channels keeps an archived one: it learns of the archiving
  // from `stream update is_archived`, and the `stream delete` is for the others.
  if (event.type === 'stream' && event.op === 'delete' && event.for_archiving && queue.capabilities.archived_channels) return false;
  // Unarchiving likewise: `stream update is_archived` to those clients, `stream create` (for_unarchiving) to the others.
  if (event.type === 'stream' && event.op === 'create' && event.for_unarchiving && queue.capabilities.archived_channels) return false;
  if (event.type === 'stream' && event.op === 'update' && event.property === 'is_archived' && !queue.capabilities.archived_channels) return false;
  if (event.type === 'user_group') {
    // zerver/tornado/event_queue.py (ClientDescriptor.accepts_event, process_user_group_creation_event,
    // process_user_group_name_update_event): clients that list deactivated groups hear of
    // (de|re)activation as `update {deactivated}`; the others as `remove` and `add`, and nothing
    // of a deactivated group's new name.
    const listsDeactivated = queue.capabilities.include_deactivated_groups;
    if (event.op === 'remove') return !listsDeactivated;
    if (event.op === 'update' && 'deactivated' in event.data) return listsDeactivated;
    if (event.op === 'update' && event.deactivated === true && !listsDeactivated) return false;
    if (event.op === 'add' && event.for_reactivation === true && listsDeactivated) return false;
  }
  if (event.type === 'message' && queue.narrow.length > 0) return matchesEventNarrow(queue.narrow, event.message, event.flags, channelName, senderEmail);
  return true;
}

/**
 * The narrow of an event queue, which only a few operators may form
 * (zerver/lib/narrow_predicate.py build_narrow_predicate): channel/stream and topic
 * (case-insensitive), sender (email), is: (private/dm, starred, mentioned, alerted, unread).
 */
function matchesEventNarrow(
  narrow: ReadonlyArray<readonly [string, string]>,
  m: Message,
  flags: readonly string[],
  channelName: (streamId: number) => string | undefined,
  senderEmail: (m: Message) => string,
): boolean {
  return narrow.every(([operator, operand]) => {
    const o = operand.toLowerCase();
    switch (operator) {
      case 'stream':
      case 'channel':
        return m.stream_id !== null && (channelName(m.stream_id) ?? '').toLowerCase() === o;
      case 'topic':
        return m.stream_id !== null && m.topic.toLowerCase() === o;
      case 'sender':
        return senderEmail(m).toLowerCase() === o;
      case 'is':
        if (o === 'private' || o === 'dm') return m.stream_id === null;
        if (o === 'starred') return flags.includes('starred');
        if (o === 'mentioned') return flags.includes('mentioned') || flags.includes('wildcard_mentioned');
        if (o === 'alerted') return flags.includes('has_alert_word');
        if (o === 'unread') return !flags.includes('read');
        return false;
      default:
        return false;
    }
  });
}

/** The operators and `is:` operands an event queue's narrow may use (check_narrow_for_events). */
export const EVENT_NARROW_OPERATORS = new Set(['stream', 'channel', 'topic', 'sender', 'is']);
