// Where emitted events go: into the queues of the users they are for (each queue taking
// what it asked for, shaped for its capabilities), and into a short per-user record
// that tests read without a queue (control.events). Which users an event is for is the
// emitting action's decision; this module never widens it.
import { enqueue, EVENT_QUEUES, MAX_QUEUED_EVENTS, queueAccepts, type EventQueue } from './event-queues.ts';
import type { PresenceEvent, RecordedEvent, ServerEvent, StreamEvent, SubscriptionEvent } from './events.ts';
import type { StateData } from './message-store.ts';
import type { Row, Table, TableSpec } from './table.ts';
import type { Message } from './types.ts';

const NONE: readonly string[] = Object.freeze([]);

/** The per-user record's default length (control.events), until the config says otherwise. */
export const DEFAULT_EVENT_RECORD_LIMIT = 100;

/** What the hub needs of the store. */
export interface HubHost {
  readonly data: StateData;
  table<T extends Row>(spec: TableSpec<T>): Table<T>;
  channelName(streamId: number): string | undefined;
  senderEmail(m: Message): string;
}

export class EventHub {
  /** queue_ids that received events since the last drain: their waiting long-polls may answer. */
  readonly #touched = new Set<string>();

  constructor(private readonly host: HubHost) {}

  /** Deliver to the users' queues and records. */
  emit(users: Iterable<number>, event: ServerEvent): void {
    const data = this.host.data;
    const seq = data.ids['event_record'] ?? 0;
    data.ids['event_record'] = seq + 1;
    const queues = this.host.table(EVENT_QUEUES);
    for (const userId of users) {
      this.#record(userId, { seq, event });
      for (const queue of queues.find('user', userId)) this.deliver(queue, event);
    }
  }

  /** One queue, if it takes the event, shaped for it. */
  deliver(queue: EventQueue, event: ServerEvent): void {
    if (!queueAccepts(queue, event, (id) => this.host.channelName(id), (m) => this.host.senderEmail(m))) return;
    const archived = (id: number) => this.host.data.channels.get(id)?.is_archived === true;
    for (const shaped of shapeForQueue(queue, event, this.host.data.realm.empty_topic_display_name, archived)) enqueue(queue, withoutRoutingFields(shaped));
    const queues = this.host.table(EVENT_QUEUES);
    if (queue.events.length > MAX_QUEUED_EVENTS) queues.delete(queue.id);
    else queues.touched(queue);
    this.#touched.add(queue.queue_id);
  }

  /** Put an event straight into a queue, past its filters (heartbeats). */
  pushDirect(queue: EventQueue, event: ServerEvent): void {
    enqueue(queue, event);
    this.host.table(EVENT_QUEUES).touched(queue);
    this.#touched.add(queue.queue_id);
  }

  /** Mark a queue as having news for its waiting long-poll (deleted, expired). */
  touch(queueId: string): void {
    this.#touched.add(queueId);
  }

  /** The queues touched since the last drain. */
  drain(): readonly string[] {
    if (this.#touched.size === 0) return NONE;
    const out = [...this.#touched];
    this.#touched.clear();
    return out;
  }

  /** The user's record, oldest first. */
  recordOf(userId: number): readonly RecordedEvent[] {
    return this.host.data.eventRecord.get(userId) ?? [];
  }

  #record(userId: number, entry: RecordedEvent): void {
    const data = this.host.data;
    let list = data.eventRecord.get(userId);
    if (list === undefined) data.eventRecord.set(userId, (list = []));
    list.push(entry);
    const limit = data.config.event_record_limit ?? DEFAULT_EVENT_RECORD_LIMIT;
    if (list.length > limit) list.splice(0, list.length - limit);
  }
}

/**
 * What a queue receives for an event, by its capabilities: without
 * bulk_message_deletion one delete_message event per message; without empty_topic_name
 * the empty topic under the realm's display name; without archived_channels nothing
 * about archived channels but their `stream delete` (the API documentation of the
 * capability: such clients get no channel or subscription data about them).
 */
function shapeForQueue(queue: EventQueue, event: ServerEvent, emptyTopicName: string, archived: (streamId: number) => boolean): ServerEvent[] {
  const caps = queue.capabilities;
  const topic = (t: string) => (t === '' && !caps.empty_topic_name ? emptyTopicName : t);
  if (!caps.archived_channels && (event.type === 'stream' || event.type === 'subscription')) {
    const shown = withoutArchived(event, archived);
    return shown === null ? [] : [shown];
  }
  switch (event.type) {
    case 'delete_message': {
      const renamed = event.topic === undefined ? event : { ...event, topic: topic(event.topic) };
      if (caps.bulk_message_deletion || renamed.message_ids === undefined) return [renamed];
      const { message_ids: ids, ...rest } = renamed;
      return ids.map((id) => ({ ...rest, message_id: id }));
    }
    case 'custom_profile_fields':
      // process_custom_profile_fields_event: pronouns fields as short text (type 8 → 1).
      if (caps.pronouns_field_type_supported !== false) return [event];
      return [{ ...event, fields: event.fields.map((f) => (f['type'] === 8 ? { ...f, type: 1 } : f)) }];
    case 'typing':
      return [event.message_type === 'stream' && event.topic === '' ? { ...event, topic: topic('') } : event];
    case 'user_topic':
      return [event.topic_name === '' ? { ...event, topic_name: topic('') } : event];
    case 'message': {
      // local_message_id goes to the queue the send named, not to the sender's other queues.
      if (event.sender_queue_id === undefined || event.sender_queue_id === queue.queue_id) return [event];
      const { local_message_id: _local, ...rest } = event;
      return [rest];
    }
    case 'update_message':
      // process_message_update_event: the empty topic by its fallback name, unless empty_topic_name.
      if (event.orig_subject !== '' && event.subject !== '') return [event];
      return [{ ...event, ...(event.orig_subject === '' ? { orig_subject: topic('') } : {}), ...(event.subject === '' ? { subject: topic('') } : {}) }];
    case 'presence':
      return [presenceForQueue(caps, event)];
    default:
      return [event];
  }
}

/**
 * The event without the fields the server reads to route it and takes off before any
 * client sees it (zerver/tornado/event_queue.py: process_stream_creation_event,
 * process_stream_deletion_event, process_user_group_creation_event,
 * process_user_group_name_update_event).
 */
function withoutRoutingFields(event: ServerEvent): ServerEvent {
  if (event.type === 'stream' && event.op === 'create' && 'for_unarchiving' in event) {
    const { for_unarchiving: _, ...rest } = event;
    return rest;
  }
  if (event.type === 'stream' && event.op === 'delete' && 'for_archiving' in event) {
    const { for_archiving: _, ...rest } = event;
    return rest;
  }
  if (event.type === 'user_group' && event.op === 'add' && 'for_reactivation' in event) {
    const { for_reactivation: _, ...rest } = event;
    return rest;
  }
  if (event.type === 'user_group' && event.op === 'update' && 'deactivated' in event) {
    const { deactivated: _, ...rest } = event;
    return rest;
  }
  return event;
}

/** zerver/tornado/event_queue.py process_presence_event: one of three shapes, by what the queue asked for. */
function presenceForQueue(caps: EventQueue['capabilities'], event: PresenceEvent): ServerEvent {
  const shaped: Record<string, unknown> = caps.simplified_presence_events
    ? { type: 'presence', presences: { [String(event.user_id)]: event.modern_presence } }
    : caps.slim_presence
      ? { type: 'presence', user_id: event.user_id, server_timestamp: event.server_timestamp, presence: event.legacy_presence }
      : { type: 'presence', user_id: event.user_id, email: event.email, server_timestamp: event.server_timestamp, presence: event.legacy_presence };
  // The queue holds the wire shape; the union names the emitted one.
  return shaped as unknown as ServerEvent;
}

/** A channel or subscription event with its archived channels left out; null when nothing is left. */
function withoutArchived(event: StreamEvent | SubscriptionEvent, archived: (streamId: number) => boolean): ServerEvent | null {
  const live = (id: unknown) => typeof id !== 'number' || !archived(id);
  if (event.type === 'stream') {
    if (event.op === 'delete') return event;
    if (event.op === 'update') return live(event.stream_id) ? event : null;
    const streams = event.streams.filter((c) => live(c['stream_id']));
    return streams.length === 0 ? null : streams.length === event.streams.length ? event : { ...event, streams };
  }
  switch (event.op) {
    case 'update':
      return live(event.stream_id) ? event : null;
    case 'add': {
      const subscriptions = event.subscriptions.filter((s) => live(s['stream_id']));
      return subscriptions.length === 0 ? null : subscriptions.length === event.subscriptions.length ? event : { ...event, subscriptions };
    }
    case 'remove': {
      const subscriptions = event.subscriptions.filter((s) => live(s.stream_id));
      return subscriptions.length === 0 ? null : subscriptions.length === event.subscriptions.length ? event : { ...event, subscriptions };
    }
    default: {
      const ids = event.stream_ids.filter(live);
      return ids.length === 0 ? null : ids.length === event.stream_ids.length ? event : { ...event, stream_ids: ids };
    }
  }
}
