// Event queues: allocating one (POST /register, or GET /events without a queue),
// acknowledging and reading its events, deleting it, collecting idle ones. Mirrors
// zulip/zulip zerver/tornado/event_queue.py (allocate_client_descriptor, fetch_events,
// EventQueue.prune, garbage_collect_queues) and zerver/lib/narrow_predicate.py
// (check_narrow_for_events).
import { hasContentAccess } from '../domain/channels.ts';
import { isGuest } from '../domain/users.ts';
import { BadEventQueueId, BadRequest } from '../errors.ts';
import { DEFAULT_QUEUE_TIMEOUT_MS, EVENT_NARROW_OPERATORS, EVENT_QUEUES, MAX_QUEUE_TIMEOUT_MS, type EventQueue } from '../state/event-queues.ts';
import type { Message, User } from '../state/types.ts';
import type { World } from '../world.ts';

/** What a client asks of a new queue: the queue's own settings, and how long it may idle. */
export type QueueSpec = Pick<EventQueue, 'event_types' | 'narrow' | 'all_public_streams' | 'apply_markdown' | 'client_gravatar' | 'capabilities' | 'client'> & {
  /** 0: the default (ten minutes). */
  lifespan_secs: number;
};

/** request_event_queue's checks: guests cannot follow all public channels; the narrow's operators. */
export function checkQueueSpec(user: User, spec: QueueSpec): void {
  if (spec.all_public_streams && isGuest(user)) throw new BadRequest('User not authorized for this query');
  for (const [operator, operand] of spec.narrow) {
    if (!EVENT_NARROW_OPERATORS.has(operator)) throw new BadRequest(`Operator ${operator} not supported.`);
    if (operator === 'is' && operand === 'followed') throw new BadRequest(`Operand ${operand} not supported.`);
  }
}

export function allocateQueue(world: World, user: User, spec: QueueSpec): EventQueue {
  const queues = world.store.table(EVENT_QUEUES);
  const now = world.nowMs();
  const timeout = spec.lifespan_secs > 0 ? Math.min(spec.lifespan_secs * 1000, MAX_QUEUE_TIMEOUT_MS) : DEFAULT_QUEUE_TIMEOUT_MS;
  const queue: EventQueue = {
    id: queues.nextId(),
    queue_id: uuid4(world.random.bytes(16)),
    user_id: user.user_id,
    event_types: spec.event_types,
    narrow: spec.narrow,
    all_public_streams: spec.all_public_streams,
    apply_markdown: spec.apply_markdown,
    client_gravatar: spec.client_gravatar,
    capabilities: spec.capabilities,
    client: spec.client,
    timeout_ms: timeout,
    last_connected_ms: now,
    expires_ms: now + timeout,
    events: [],
    next_event_id: 0,
    newest_pruned_id: -1,
  };
  queues.put(queue);
  return queue;
}

/** The caller's queue; an unknown, collected or another user's queue look alike. */
export function accessQueue(world: World, user: User, queueId: string): EventQueue {
  const queue = world.store.table(EVENT_QUEUES).find('queue_id', queueId)[0];
  if (queue === undefined || queue.user_id !== user.user_id) throw new BadEventQueueId(queueId);
  return queue;
}

/** EventQueue.prune with fetch_events' checks, all before anything is dropped. */
export function acknowledge(world: World, queue: EventQueue, lastEventId: number): void {
  if (lastEventId < queue.newest_pruned_id) throw new BadRequest(`An event newer than ${lastEventId} has already been pruned!`);
  const dropped = queue.events.filter((e) => e.id <= lastEventId);
  const newest = dropped.length > 0 ? (dropped.at(-1) as { id: number }).id : queue.newest_pruned_id;
  if (newest !== lastEventId) throw new BadRequest(`Event ${lastEventId} was not in this queue`);
  if (dropped.length === 0) return;
  world.store.table(EVENT_QUEUES).put({ ...queue, events: queue.events.slice(dropped.length), newest_pruned_id: newest });
}

/** A long-poll starts waiting on the queue: it counts as a connection (last_connection_time). */
export function markConnected(world: World, queue: EventQueue): void {
  const now = world.nowMs();
  world.store.table(EVENT_QUEUES).put({ ...queue, last_connected_ms: now, expires_ms: now + queue.timeout_ms });
}

export function deleteQueue(world: World, queue: EventQueue): void {
  world.store.table(EVENT_QUEUES).delete(queue.id);
  world.store.events.touch(queue.queue_id);
}

/** garbage_collect_queues: every queue idle for its timeout, oldest first; a waiting poll then learns it is gone. */
export function expireQueues(world: World): void {
  const queues = world.store.table(EVENT_QUEUES);
  const now = world.nowMs();
  for (let q = queues.first(); q !== undefined && q.expires_ms <= now; q = queues.first()) deleteQueue(world, q);
}

/**
 * process_message_event's second audience: a message to a public channel also reaches
 * every queue that follows all public channels or has a narrow, with flags [] for users
 * it was not sent to. NOTE: approximation: the real server does not check that such a
 * queue's user may read the channel; here a guest's narrow queue gets only what the
 * guest may read.
 */
export function deliverToWatchers(world: World, message: Message, recipients: ReadonlyMap<number, number>): void {
  if (message.stream_id === null) return;
  const store = world.store;
  const channel = store.channel(message.stream_id);
  if (!channel || channel.invite_only) return;
  for (const queue of store.table(EVENT_QUEUES).find('watching', 1)) {
    if (recipients.has(queue.user_id)) continue;
    const user = store.user(queue.user_id);
    if (!user || !hasContentAccess(store, user, channel, world.nowMs())) continue;
    store.events.deliver(queue, { type: 'message', message, flags: [] });
  }
}

/** A version-4 UUID from 16 random bytes, as str(uuid.uuid4()) spells it. */
function uuid4(bytes: Uint8Array): string {
  const b = Uint8Array.from(bytes);
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
