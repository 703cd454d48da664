// Personal message flags: zulip/zulip zerver/actions/message_flags.py
// (do_update_message_flags, do_mark_all_as_read, do_mark_stream_messages_as_read) and
// zerver/lib/user_message.py (create_historical_user_messages). Every change goes to the
// acting user's queues only; marking read takes the messages' mobile notifications off
// the user's devices.
// NOTE: approximation: the real server's queues merge update_message_flags events other
// than removing `read` that wait unread in one queue into one (zerver/tornado/event_queue.py
// EventQueue.push, "virtual events"); here each is delivered as sent. A client applying
// them ends in the same state.
import { accessChannelById } from '../domain/channels.ts';
import { hasMessageAccess } from '../domain/messages.ts';
import { unreadMessageDetails } from '../domain/unread.ts';
import { BadRequest } from '../errors.ts';
import type { UpdateMessageFlagsEvent } from '../state/events.ts';
import { FLAG, type Channel, type User } from '../state/types.ts';
import type { World } from '../world.ts';
import { notifyRead } from './push-notify.ts';

/** UserMessage.ALL_FLAGS less NON_API_FLAGS: the flags the API knows. */
const API_FLAGS = new Set([
  'read',
  'starred',
  'collapsed',
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'group_mentioned',
  'force_expand',
  'force_collapse',
  'has_alert_word',
  'historical',
]);
/** The flags a client may change (the rest are UserMessage.NON_EDITABLE_FLAGS). */
const EDITABLE = { read: FLAG.read, starred: FLAG.starred, collapsed: FLAG.collapsed } as const;
type EditableFlag = keyof typeof EDITABLE;

/** DEFAULT_HISTORICAL_FLAGS: what a message the user may see but has no row for counts as. */
const HISTORICAL = FLAG.read | FLAG.historical;

export interface FlagUpdate {
  op: string;
  flag: string;
  messages: readonly number[];
}

export interface FlagPlan {
  adding: boolean;
  flag: EditableFlag;
  bit: number;
  /** The requested ids whose flag changes, in request order (repeats kept, as upstream). */
  changed: number[];
  /** Ids to give a historical row: no row yet, and the flag differs from the historical default. */
  historical: number[];
  ignoredChannels: number[];
}

/** The flag and op checks of do_update_message_flags, in its order. */
export function checkFlagAndOp(flag: string, op: string): { flag: EditableFlag; adding: boolean } {
  if (!API_FLAGS.has(flag)) throw new BadRequest(`Invalid flag: '${flag}'`);
  if (!Object.hasOwn(EDITABLE, flag)) throw new BadRequest(`Flag not editable: '${flag}'`);
  if (op !== 'add' && op !== 'remove') throw new BadRequest(`Invalid message flag operation: '${op}'`);
  return { flag: flag as EditableFlag, adding: op === 'add' };
}

export function checkUpdateMessageFlags(world: World, me: User, req: FlagUpdate): FlagPlan {
  const store = world.store;
  const { flag, adding } = checkFlagAndOp(req.flag, req.op);
  const bit = EDITABLE[flag];
  const target = adding ? bit : 0;
  let ids = [...req.messages];
  const ignored = new Set<number>();
  if (flag === 'read' && !adding) {
    // Unread messages are only ever in channels the user is subscribed to: marking unread
    // skips the others, and says which channels it skipped.
    ids = ids.filter((id) => {
      const m = store.message(id);
      if (!m || m.stream_id === null || store.subscription(me.user_id, m.stream_id)?.active) return true;
      ignored.add(m.stream_id);
      return false;
    });
  }
  const flagsOf = (id: number) => store.userMessageFlags(me.user_id, id);
  // Ids whose flag already has the value asked for drop out; without a row a message counts
  // as read and historical, so marking read a message one has no row for (or one that does
  // not exist) is no change at all, never an error.
  const changed = ids.filter((id) => ((flagsOf(id) ?? HISTORICAL) & bit) !== target);
  const historical: number[] = [];
  if ((HISTORICAL & bit) !== target) {
    const now = world.nowMs();
    for (const id of new Set(changed)) {
      if (flagsOf(id) !== undefined) continue;
      const m = store.message(id);
      if (!m || !hasMessageAccess(store, me, m, now)) throw new BadRequest('Invalid message(s)');
      historical.push(id);
    }
  }
  return { adding, flag, bit, changed, historical, ignoredChannels: [...ignored].sort((a, b) => a - b) };
}

/** Apply the plan: rows updated or created, the event, the notifications. Returns the count of changes. */
export function doUpdateMessageFlags(world: World, me: User, plan: FlagPlan): number {
  const store = world.store;
  const target = plan.adding ? plan.bit : 0;
  const fresh = new Set(plan.historical);
  store.addUserMessageRows(me.user_id, plan.historical, (HISTORICAL & ~plan.bit) | target);
  const existing = [...new Set(plan.changed)].filter((id) => !fresh.has(id)).sort((a, b) => a - b);
  store.updateUserMessageFlags(me.user_id, existing, plan.bit, plan.adding);
  const op = plan.adding ? 'add' : 'remove';
  const event: UpdateMessageFlagsEvent = { type: 'update_message_flags', op, operation: op, flag: plan.flag, messages: plan.changed, all: false };
  if (plan.flag === 'read' && !plan.adding) event.message_details = unreadMessageDetails(store, me, plan.changed);
  store.emit([me.user_id], event);
  if (plan.flag === 'read' && plan.adding) notifyRead(world, me.user_id, plan.changed);
  return plan.changed.length;
}

/** The size of one batch of mark_all_as_read (do_mark_all_as_read's batch_size). */
export const MARK_ALL_BATCH = 2000;

/**
 * do_mark_all_as_read: the mobile notifications first, then the unread rows in batches of
 * 2,000, newest first. The real server gives up after 50 seconds and answers
 * complete: false without an event (the batches done stay done).
 * NOTE: approximation: time does not pass within a request here; the server
 * configuration's `mark_all_as_read_batch_limit` (control set_config) stands for the
 * timeout, as a number of batches; unset, every request completes.
 */
export function markAllAsRead(world: World, me: User): boolean {
  const store = world.store;
  notifyRead(world, me.user_id);
  const limit = store.config.mark_all_as_read_batch_limit;
  for (let batches = 0; ; batches++) {
    if (limit !== undefined && batches >= limit) return false;
    const unread = store.unreadMessageIds(me.user_id);
    const batch = Array.from(unread.subarray(Math.max(0, unread.length - MARK_ALL_BATCH)));
    store.updateUserMessageFlags(me.user_id, batch, FLAG.read, true);
    if (batch.length < MARK_ALL_BATCH) break;
  }
  store.emit([me.user_id], { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true });
  return true;
}

/** access_stream_by_id for mark_stream_as_read and mark_topic_as_read. */
export function checkMarkChannel(world: World, me: User, streamId: number): Channel {
  return accessChannelById(world.store, me, streamId, world.nowMs()).channel;
}

/**
 * mark_topic_as_read's check: a non-empty topic must be one the user has a message of
 * ("general chat" names the empty topic). Returns the topic to mark, "" for the whole
 * channel: as upstream, a topic that ends up empty marks every message of the channel.
 */
export function checkMarkTopic(world: World, me: User, channel: Channel, topicName: string): string {
  if (topicName === '') return '';
  const topic = topicName === 'general chat' ? '' : topicName;
  const store = world.store;
  const has = store.topicMessageIds(channel.stream_id, topic).some((id) => store.userMessageFlags(me.user_id, id) !== undefined);
  if (!has) throw new BadRequest(`No such topic '${topic}'`);
  return topic;
}

/**
 * do_mark_stream_messages_as_read: the user's unread messages in the channel (or its
 * topic) become read; one event if any did. Walks the shorter of the user's unread ids and
 * the channel's (topic's) message ids.
 */
export function doMarkChannelRead(world: World, me: User, channel: Channel, topic = ''): number {
  const store = world.store;
  const unread = store.unreadMessageIds(me.user_id);
  const pool = topic === '' ? store.channelMessageIds(channel.stream_id) : store.topicMessageIds(channel.stream_id, topic);
  const ids: number[] = [];
  if (unread.length <= pool.length) {
    const inTopic = (id: number) => {
      const m = store.message(id);
      return m !== undefined && m.stream_id === channel.stream_id && (topic === '' || m.topic.toLowerCase() === topic.toLowerCase());
    };
    for (const id of unread) if (inTopic(id)) ids.push(id);
  } else {
    for (const id of pool) {
      const bits = store.userMessageFlags(me.user_id, id);
      if (bits !== undefined && !(bits & FLAG.read)) ids.push(id);
    }
  }
  if (ids.length === 0) return 0;
  store.updateUserMessageFlags(me.user_id, ids, FLAG.read, true);
  store.emit([me.user_id], { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: ids, all: false });
  notifyRead(world, me.user_id, ids);
  return ids.length;
}
