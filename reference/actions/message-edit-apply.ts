// Carrying out a checked edit (actions/message-edit.ts): zulip/zulip
// zerver/actions/message_edit.py do_update_message, update_message_content,
// update_user_message_flags. The new content and its flags, the moved messages with
// their UserMessage rows, the edit history, then the events to exactly the users the
// real server tells; topic visibility and the Notification Bot's notices live in
// actions/message-move-notices.ts.
import { reclaimAfterEdit } from './uploads.ts';
import { firstMessageId } from '../domain/channels.ts';
import { editTimestamps } from '../domain/message-edit.ts';
import { flagNames } from '../domain/messages.ts';
import type { UpdateMessageEvent } from '../state/events.ts';
import { MESSAGE_EDIT_HISTORY, type EditHistoryEntry } from '../state/message-edits.ts';
import { FLAG, ROLE, type Channel, type Message } from '../state/types.ts';
import type { World } from '../world.ts';
import type { EditPlan } from './message-edit.ts';
import { migrateTopicVisibility, sendMoveNotices, type MoveFacts } from './message-move-notices.ts';
import { notifyEdit } from './push-notify.ts';
import { topicLinksFor } from '../domain/linkifiers.ts';

const MENTION_FLAGS = FLAG.mentioned | FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned;

export interface UpdateResult {
  changedCount: number;
}

export function doUpdateMessage(world: World, plan: EditPlan): UpdateResult {
  const store = world.store;
  const now = world.nowSeconds();
  const { actor, message: m } = plan;
  const history = store.table(MESSAGE_EDIT_HISTORY);
  const base: UpdateMessageEvent = {
    type: 'update_message',
    user_id: actor.user_id,
    edit_timestamp: now,
    message_id: m.id,
    rendering_only: false,
    message_ids: [],
    flags: [],
  };
  const event: Partial<UpdateMessageEvent> & Record<string, unknown> = { ...base };
  delete event.message_ids;
  delete event.flags;
  const entry: EditHistoryEntry = { user_id: actor.user_id, timestamp: now };
  let edited: Message = m;
  const priorMentioned = new Set<number>();

  if (plan.content !== null) {
    const c = plan.content;
    entry.prev_content = m.content;
    entry.prev_rendered_content = m.rendered_content;
    Object.assign(event, {
      orig_content: m.content,
      orig_rendered_content: m.rendered_content,
      content: c.content,
      rendered_content: c.rendered.html,
      is_me_message: c.rendered.is_me_message,
    });
    edited = { ...m, content: c.content, rendered_content: c.rendered.html, is_me_message: c.rendered.is_me_message };
    // update_user_message_flags: every row of the message follows the new mentions.
    for (const userId of store.usersWithRow(m.id)) {
      const old = store.userMessageFlags(userId, m.id) as number;
      if (old & MENTION_FLAGS && !(old & FLAG.historical)) priorMentioned.add(userId);
      let bits = old & ~MENTION_FLAGS;
      if (c.mentioned.has(userId)) bits |= FLAG.mentioned;
      if (c.rendered.stream_wildcard) bits |= FLAG.stream_wildcard_mentioned;
      if (c.topicParticipants.has(userId)) bits |= FLAG.topic_wildcard_mentioned;
      if (bits !== old) store.setUserMessageFlags(userId, m.id, bits);
    }
    reclaimAfterEdit(world, m, edited);
  }

  if (plan.orig === null || plan.target === null) {
    // A direct message: its content only, told to everyone with a row.
    const entries = [entry, ...(history.get(m.id)?.entries ?? [])];
    const stamps = editTimestamps(entries);
    store.replaceMessage({ ...edited, last_edit_timestamp: stamps.edited, last_moved_timestamp: stamps.moved });
    history.put({ id: m.id, entries });
    const message_ids = [m.id];
    for (const userId of store.usersWithRow(m.id)) {
      store.emit([userId], { ...event, message_ids, flags: flagNames(store.userMessageFlags(userId, m.id) as number) } as UpdateMessageEvent);
    }
    return { changedCount: 1 };
  }

  const orig = plan.orig;
  const target = plan.target;
  const moved = plan.topicEdited || plan.streamEdited;
  event.stream_name = orig.name;
  event.stream_id = orig.stream_id;
  if (moved) event.propagate_mode = plan.propagateMode;

  // Who loses their rows and who loses access, when the channel changes.
  let losingRows = new Set<number>();
  let losingAccess = new Set<number>();
  let newCurrent = new Set<number>();
  if (plan.streamEdited) {
    entry.prev_stream = orig.stream_id;
    entry.stream = target.stream_id;
    event.orig_subject = plan.origTopic;
    event.new_stream_id = target.stream_id;
    event.propagate_mode = plan.propagateMode;
    const oldAll = [...(store.data.subscriptions.get(orig.stream_id)?.keys() ?? [])];
    newCurrent = activeSubscriberIds(world, target);
    losingRows = new Set(oldAll.filter((id) => !newCurrent.has(id)));
    losingAccess = target.invite_only ? new Set(losingRows) : new Set([...losingRows].filter((id) => store.user(id)?.role === ROLE.guest));
  }
  if (plan.topicEdited) {
    event.orig_subject = plan.origTopic;
    event.subject = plan.targetTopic;
    event.topic_links = topicLinksFor(store, plan.targetTopic);
    entry.prev_topic = plan.origTopic;
    entry.topic = plan.targetTopic;
  }
  const targetTopicHadMessages = moved && store.topicMessageIds(target.stream_id, plan.targetTopic).length > 0;
  const rowUsers = store.usersWithRow(m.id).filter((id) => !losingRows.has(id));

  // The records: the edited message with the whole entry, the others with the move alone.
  const movedIds = moved ? plan.movedIds : [m.id];
  const others: EditHistoryEntry = { user_id: entry.user_id, timestamp: entry.timestamp };
  if (plan.topicEdited) Object.assign(others, { prev_topic: entry.prev_topic, topic: entry.topic });
  if (plan.streamEdited) Object.assign(others, { prev_stream: entry.prev_stream, stream: entry.stream });
  const records: Message[] = [];
  for (const id of movedIds) {
    const current = id === m.id ? edited : (store.message(id) as Message);
    const entries = [id === m.id ? entry : others, ...(history.get(id)?.entries ?? [])];
    history.put({ id, entries });
    const stamps = editTimestamps(entries);
    records.push({ ...current, stream_id: target.stream_id, topic: plan.targetTopic, last_edit_timestamp: stamps.edited, last_moved_timestamp: stamps.moved });
  }
  const firstBefore = plan.streamEdited ? [firstMessageId(store, orig), firstMessageId(store, target)] : [];
  if (edited !== m) store.replaceMessage({ ...edited });
  if (moved) store.moveMessages(records);
  else store.replaceMessage(records[0] as Message);

  const readLater: Array<[number, number[]]> = [];
  if (plan.streamEdited) {
    // Current subscribers of a channel with protected history get rows (read), since being
    // subscribed when a message arrives is what gives access there.
    if (!target.history_public_to_subscribers) for (const id of newCurrent) store.addUserMessageRows(id, movedIds, FLAG.read);
    for (const userId of losingRows) {
      if (losingAccess.has(userId)) {
        store.removeRows(userId, movedIds);
        continue;
      }
      // NOTE: approximation: a user who keeps access to messages moved to a channel they are not
      // subscribed to has them marked as read (the API documentation of update_message_flags,
      // feature level 496), at once rather than a little later as the real server may.
      const unread: number[] = [];
      for (const id of movedIds) {
        const bits = store.userMessageFlags(userId, id);
        if (bits !== undefined && !(bits & FLAG.read)) {
          store.setUserMessageFlags(userId, id, bits | FLAG.read);
          unread.push(id);
        }
      }
      if (unread.length > 0) readLater.push([userId, unread]);
    }
    if (losingAccess.size > 0) {
      store.emit([...losingAccess].sort((a, b) => a - b), {
        type: 'delete_message',
        message_ids: movedIds,
        message_type: 'stream',
        stream_id: orig.stream_id,
        topic: plan.origTopic,
      });
    }
  }

  // Who hears of it: everyone with a row, and (shared history) the target's subscribers.
  const notify = new Map<number, readonly string[]>();
  for (const userId of rowUsers) notify.set(userId, flagNames(store.userMessageFlags(userId, m.id) as number));
  if (orig.history_public_to_subscribers) {
    const fresh = (id: number) => !notify.has(id) && !losingAccess.has(id);
    const newSubs = store.subscribers(target.stream_id).filter(fresh);
    const extra = new Set<number>();
    if (plan.streamEdited) {
      const oldSubs = new Set(store.subscribers(orig.stream_id));
      for (const id of oldSubs) if (fresh(id) && !newSubs.includes(id)) extra.add(id);
      // Guests who were not in the old channel are not told (their clients do not have the topic).
      for (const id of newSubs) if (!(store.user(id)?.role === ROLE.guest && !oldSubs.has(id))) extra.add(id);
    } else for (const id of newSubs) extra.add(id);
    for (const id of [...extra].sort((a, b) => a - b)) notify.set(id, READ);
  }

  // NOTE: approximation: the real server stores first_message_id and leaves it alone on a move
  // (only sending and deleting update it); here it is the channel's oldest message, so a move
  // that changes it says so, as a deletion does.
  if (plan.streamEdited) {
    for (const [i, channel] of [orig, target].entries()) {
      const now = firstMessageId(store, channel);
      if (now === firstBefore[i]) continue;
      store.emit(store.subscribers(channel.stream_id), { type: 'stream', op: 'update', property: 'first_message_id', value: now, stream_id: channel.stream_id, name: channel.name });
    }
  }

  const facts: MoveFacts = { plan, movedIds, losingAccess, targetTopicHadMessages, movedAllVisible: false, origPolicies: new Map() };
  if (moved) migrateTopicVisibility(world, facts);
  const message_ids = [...movedIds];
  for (const [userId, flags] of notify) store.emit([userId], { ...event, message_ids, flags } as UpdateMessageEvent);
  for (const [userId, ids] of readLater) {
    store.emit([userId], { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: ids, all: false });
  }
  if (plan.content !== null) {
    const stored = store.message(m.id) as Message;
    notifyEdit(world, stored, new Map(store.usersWithRow(m.id).map((id) => [id, store.userMessageFlags(id, m.id) as number])), priorMentioned);
  }
  if (moved) sendMoveNotices(world, facts);
  return { changedCount: movedIds.length };
}

const READ: readonly string[] = Object.freeze(['read']);

/** Active subscriptions of the channel, deactivated users included (include_deactivated_users=True). */
function activeSubscriberIds(world: World, channel: Channel): Set<number> {
  const out = new Set<number>();
  for (const s of world.store.data.subscriptions.get(channel.stream_id)?.values() ?? []) if (s.active) out.add(s.user_id);
  return out;
}
