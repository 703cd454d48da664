// The message half of the store: messages, their secondary indexes, each user's
// UserMessage rows, topic visibility, recipient ids and the full-text index. Store
// (state/store.ts) extends it with users, channels, subscriptions, groups and events;
// the two halves share StateData, the version counter and the id sequences.
import type { RecordedEvent } from './events.ts';
import type { Channel, Message, Realm, ServerConfig, Subscription, User, UserGroup } from './types.ts';
import { dmKey, MessageIndex, moveIds, topicKey } from './message-index.ts';
import { SearchIndex } from './search-index.ts';
import { addId, addIds, emptyIdList, idView, removeIds, type IdList } from './id-list.ts';
import { emptyRows, insertRows, lowerBound, removeRow, rowFlags, setRow, type UserRows } from './user-rows.ts';
import { FLAG } from './types.ts';

export interface OutboxEmail {
  to: string;
  subject: string;
  body: string;
  timestamp: number;
}

/** A UserTopic row: a visibility policy other than inherit (1 muted, 2 unmuted, 3 followed). */
export interface UserTopicRow {
  stream_id: number;
  /** The topic as first given (topics are case-insensitive). */
  topic_name: string;
  visibility_policy: number;
  /** UNIX seconds of the last change. */
  last_updated: number;
}

export interface StateData {
  realm: Realm;
  config: ServerConfig;
  users: Map<number, User>;
  channels: Map<number, Channel>;
  /** stream_id → user_id → subscription (inactive ones are kept, as on the real server). */
  subscriptions: Map<number, Map<number, Subscription>>;
  groups: Map<number, UserGroup>;
  messages: Map<number, Message>;
  /** user_id → that user's UserMessage rows (ascending ids, flag bits). */
  userMessages: Map<number, UserRows>;
  /** Recipient ids: "u:<user id>", "s:<stream id>", "g:<sorted user ids>" → id. */
  recipients: Record<string, number>;
  /** user_id → topicKey(stream, topic) → the user's visibility policy for the topic, in the order set. */
  userTopics: Map<number, Map<string, UserTopicRow>>;
  /** user_id → the last events delivered to them (control.events), oldest first. */
  eventRecord: Map<number, RecordedEvent[]>;
  emailOutbox: OutboxEmail[];
  /** The rows of every keyed table (state/table.ts), by table name. */
  tables: Record<string, Map<number, unknown>>;
  /** id sequences: table → the next id to hand out. */
  ids: Record<string, number>;
}

export class MessageStore {
  data: StateData;
  #version = 0;
  protected readonly messageIndex = new MessageIndex();
  /** Built on the first full-text search. */
  protected searchIndex: SearchIndex | null = null;
  /**
   * user_id → the ids of the user's unread rows, ascending (the real server's partial
   * index zerver_usermessage_unread_message_id): derived from the rows, built for a user
   * on first use and kept in step by every write of flags.
   */
  #unread = new Map<number, IdList>();

  constructor(data: StateData) {
    this.data = data;
  }

  /** Changes whenever the state does. */
  get version(): number {
    return this.#version;
  }
  /** Record a change made by writing `data` directly. */
  changed(): void {
    this.#version++;
  }
  protected bump(): void {
    this.#version++;
  }

  /** The next id of a table; one increasing sequence per table. */
  nextId(table: string): number {
    this.#version++;
    const id = this.data.ids[table] ?? 1;
    this.data.ids[table] = id + 1;
    return id;
  }

  /** Rebuild the message indexes from `data` (after a restore). */
  protected reindexMessages(): void {
    this.messageIndex.clear();
    this.searchIndex = null;
    this.#unread.clear();
    const ids = [...this.data.messages.keys()].sort((a, b) => a - b);
    for (const id of ids) this.messageIndex.add(this.data.messages.get(id) as Message);
  }

  message(id: number): Message | undefined {
    return this.data.messages.get(id);
  }
  // The *MessageIds lists are ascending and owned by the index: callers must not mutate them.
  channelMessageIds(streamId: number): readonly number[] {
    return this.messageIndex.byChannel.get(streamId) ?? [];
  }
  /** A channel topic's messages; topics are case-insensitive. */
  topicMessageIds(streamId: number, topic: string): readonly number[] {
    return this.messageIndex.byTopic.get(topicKey(streamId, topic)) ?? [];
  }
  /** A direct conversation's messages; `userIds` are all participants, the viewer included. */
  dmMessageIds(userIds: readonly number[]): readonly number[] {
    return this.messageIndex.byDm.get(dmKey([...new Set(userIds)].sort((a, b) => a - b))) ?? [];
  }
  senderMessageIds(userId: number): readonly number[] {
    return this.messageIndex.bySender.get(userId) ?? [];
  }
  allMessageIds(): readonly number[] {
    return this.messageIndex.all;
  }
  /** Ids of the user's UserMessage rows, ascending (a view: do not keep across writes). */
  userMessageIds(userId: number): ArrayLike<number> {
    return this.userMessageRows(userId).ids;
  }
  /** The user's rows as two parallel views, ids ascending and their flag bits (do not keep across writes). */
  userMessageRows(userId: number): { ids: ArrayLike<number>; flags: ArrayLike<number> } {
    const rows = this.data.userMessages.get(userId);
    return rows ? { ids: rows.ids.subarray(0, rows.length), flags: rows.flags.subarray(0, rows.length) } : { ids: [], flags: [] };
  }
  /** Adds a message (ids only ever increase) and its UserMessage rows. */
  addMessage(message: Message, flagsByUser: Map<number, number>): void {
    this.bump();
    this.data.messages.set(message.id, message);
    this.messageIndex.add(message);
    this.searchIndex?.add(message);
    if (message.stream_id === null && message.dm_user_ids.length > 2) this.recipientIdFor(`g:${message.dm_user_ids.join(',')}`, true);
    for (const [userId, flags] of flagsByUser) this.setUserMessageFlags(userId, message.id, flags);
  }
  /** Deletes a message and every UserMessage row of it. */
  removeMessage(id: number): void {
    const m = this.data.messages.get(id);
    if (!m) return;
    this.bump();
    this.data.messages.delete(id);
    this.messageIndex.remove(m);
    this.searchIndex?.remove(m);
    for (const [userId, rows] of this.data.userMessages) if (removeRow(rows, id)) this.#dropUnread(userId, [id]);
  }
  /** Replace a message by its edited record (same channel and topic): the full-text index follows the new content. */
  replaceMessage(next: Message): void {
    const old = this.data.messages.get(next.id);
    if (!old) return;
    this.bump();
    this.data.messages.set(next.id, next);
    if (this.searchIndex && (old.rendered_content !== next.rendered_content || old.topic !== next.topic)) {
      this.searchIndex.remove(old);
      this.searchIndex.add(next);
    }
  }
  /**
   * Move messages of one channel topic (`next`: their new records, ascending ids, all with
   * one new channel and topic): the channel, topic and full-text indexes follow, at the cost
   * of the lists touched.
   */
  moveMessages(next: readonly Message[]): void {
    const first = next[0];
    if (!first) return;
    const old = this.data.messages.get(first.id) as Message;
    this.bump();
    const olds = next.map((m) => this.data.messages.get(m.id) as Message);
    for (const m of next) this.data.messages.set(m.id, m);
    moveIds(
      this.messageIndex,
      { stream_id: old.stream_id as number, topic: old.topic },
      { stream_id: first.stream_id as number, topic: first.topic },
      next.map((m) => m.id),
    );
    if (this.searchIndex && old.topic !== first.topic) this.searchIndex.moveTopic(olds, first.topic);
  }
  /** Remove the user's rows for these messages; the unread index follows. */
  removeRows(userId: number, ids: readonly number[]): void {
    const rows = this.data.userMessages.get(userId);
    if (!rows) return;
    this.bump();
    const gone = ids.filter((id) => removeRow(rows, id));
    if (gone.length > 0) this.#dropUnread(userId, gone.sort((a, b) => a - b));
  }
  /** Ids of the messages holding every stem (full-text search candidates), ascending. */
  searchCandidates(stems: ReadonlySet<string>, limit = Infinity): readonly number[] | undefined {
    this.searchIndex ??= new SearchIndex(this.data.messages.values());
    return this.searchIndex.candidates(stems, limit);
  }
  /** The user's flag bits for a message they have a UserMessage row for. */
  userMessageFlags(userId: number, messageId: number): number | undefined {
    return rowFlags(this.data.userMessages.get(userId), messageId);
  }
  /** Create or update a UserMessage row. */
  setUserMessageFlags(userId: number, messageId: number, flags: number): void {
    this.bump();
    let rows = this.data.userMessages.get(userId);
    if (!rows) this.data.userMessages.set(userId, (rows = emptyRows()));
    const old = rowFlags(rows, messageId);
    setRow(rows, messageId, flags);
    const list = this.#unread.get(userId);
    if (list === undefined) return;
    if (!(flags & FLAG.read)) addId(list, messageId);
    else if (old !== undefined && !(old & FLAG.read)) removeIds(list, [messageId]);
  }
  /** Create rows for messages the user has none for (historical rows), all with `flags`; ids already there are left alone. */
  addUserMessageRows(userId: number, ids: readonly number[], flags: number): void {
    let rows = this.data.userMessages.get(userId);
    if (!rows) this.data.userMessages.set(userId, (rows = emptyRows()));
    const r = rows;
    const fresh = [...new Set(ids)].filter((id) => rowFlags(r, id) === undefined).sort((a, b) => a - b);
    if (fresh.length === 0) return;
    this.bump();
    insertRows(r, fresh, flags);
    const list = this.#unread.get(userId);
    if (list !== undefined && !(flags & FLAG.read)) addIds(list, fresh);
  }
  /**
   * Set (`on`) or clear `mask` on the user's existing rows for `ids` (ids without a row
   * are left alone), keeping the unread index in step in one pass.
   */
  updateUserMessageFlags(userId: number, ids: ArrayLike<number>, mask: number, on: boolean): void {
    const rows = this.data.userMessages.get(userId);
    if (!rows || ids.length === 0) return;
    this.bump();
    const becameRead: number[] = [];
    const becameUnread: number[] = [];
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k] as number;
      const i = lowerBound(rows, id);
      if (i >= rows.length || rows.ids[i] !== id) continue;
      const old = rows.flags[i] as number;
      const next = on ? old | mask : old & ~mask;
      rows.flags[i] = next;
      if (!(old & FLAG.read) && next & FLAG.read) becameRead.push(id);
      else if (old & FLAG.read && !(next & FLAG.read)) becameUnread.push(id);
    }
    const list = this.#unread.get(userId);
    if (list === undefined) return;
    if (becameRead.length > 0) this.#dropUnread(userId, becameRead);
    addIds(list, becameUnread.sort((a, b) => a - b));
  }
  /** The ids of the user's unread rows, ascending (a view: do not keep across writes). */
  unreadMessageIds(userId: number): Int32Array {
    let list = this.#unread.get(userId);
    if (list === undefined) {
      list = emptyIdList();
      const rows = this.data.userMessages.get(userId);
      if (rows) for (let i = 0; i < rows.length; i++) if (!((rows.flags[i] as number) & FLAG.read)) addId(list, rows.ids[i] as number);
      this.#unread.set(userId, list);
    }
    return idView(list);
  }
  #dropUnread(userId: number, ids: readonly number[]): void {
    const list = this.#unread.get(userId);
    if (list === undefined) return;
    // The newest unread ids are the usual ones to go (mark-all works newest first): cut the tail.
    const n = ids.length;
    if (n <= list.length && ids.every((id, k) => list.ids[list.length - n + k] === id)) list.length -= n;
    else removeIds(list, ids);
  }
  /** Users holding a UserMessage row for the message, ascending. */
  usersWithRow(messageId: number): number[] {
    const out: number[] = [];
    for (const [userId, rows] of this.data.userMessages) if (rowFlags(rows, messageId) !== undefined) out.push(userId);
    return out.sort((a, b) => a - b);
  }
  /** Senders of the topic's messages: who a topic wildcard mention reaches. */
  topicParticipants(streamId: number, topic: string): Set<number> {
    const out = new Set<number>();
    for (const id of this.topicMessageIds(streamId, topic)) {
      const m = this.data.messages.get(id);
      if (m) out.add(m.sender_id);
    }
    return out;
  }
  /** The user's visibility policy for a topic: 0 inherit, 1 muted, 2 unmuted, 3 followed. */
  topicPolicy(userId: number, streamId: number, topic: string): number {
    return this.data.userTopics.get(userId)?.get(topicKey(streamId, topic))?.visibility_policy ?? 0;
  }
  /**
   * Set the user's visibility policy for a topic at `nowSeconds` (0 removes it). A row
   * that exists keeps its place and its topic name, as the real server updates it.
   */
  setTopicPolicy(userId: number, streamId: number, topic: string, policy: number, nowSeconds: number): void {
    this.bump();
    let topics = this.data.userTopics.get(userId);
    if (!topics) this.data.userTopics.set(userId, (topics = new Map()));
    const key = topicKey(streamId, topic);
    if (policy === 0) {
      topics.delete(key);
      return;
    }
    const old = topics.get(key);
    topics.set(key, { stream_id: streamId, topic_name: old?.topic_name ?? topic, visibility_policy: policy, last_updated: nowSeconds });
  }
  /** The user's UserTopic rows, oldest first (a copy). */
  userTopicRows(userId: number): UserTopicRow[] {
    return [...(this.data.userTopics.get(userId)?.values() ?? [])].map((row) => ({ ...row }));
  }
  /** A recipient id; `create` allocates one for a new key (users, channels, group conversations). */
  recipientIdFor(key: string, create = false): number {
    const id = this.data.recipients[key];
    if (id !== undefined) return id;
    if (!create) return -1;
    this.bump();
    return (this.data.recipients[key] = this.nextId('recipients'));
  }

  /** Record an email the server would have sent (GET /_understudy/email/outbox). */
  sendEmail(email: OutboxEmail): void {
    this.bump();
    this.data.emailOutbox.push(email);
  }
}
