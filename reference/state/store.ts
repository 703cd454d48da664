// The in-memory state: plain maps keyed by id (StateData, in message-store.ts), plus secondary indexes
// kept in sync by the put* methods. snapshot()/restore() copy StateData; indexes are
// derived and rebuilt. Records are replaced, never mutated in place by callers
// outside this file's put* methods, so a snapshot never shares a record that changes.
// Every method that changes the state bumps `version`: dispatch replays a cached read
// only while the version (and the clock) stay the same. Code that writes `data`
// directly, outside a request, must call changed() afterwards.
import { MessageStore, type StateData } from './message-store.ts';
import { EventHub } from './event-hub.ts';
import type { ServerEvent } from './events.ts';
import { Table, type Row, type TableHost, type TableSpec } from './table.ts';
import type { Channel, Message, Realm, ServerConfig, Subscription, User, UserGroup } from './types.ts';

export type { OutboxEmail, StateData, UserTopicRow } from './message-store.ts';

export class Store extends MessageStore implements TableHost {
  #usersByEmail = new Map<string, number>();
  #usersByApiKey = new Map<string, number>();
  #channelsByName = new Map<string, number>();
  #subsByUser = new Map<number, Set<number>>();
  #groupsByName = new Map<string, number>();
  /** user_id → ids of the groups listing them in `members`: membership checks never scan a group. */
  #groupsByMember = new Map<number, Set<number>>();
  /** stream_id → active subscribers, ascending; built on first read, dropped when a subscription changes. */
  #subscriberLists = new Map<number, readonly number[]>();
  /** The keyed tables in use, by name: views over data.tables, dropped on restore. */
  #tables = new Map<string, Table<Row>>();

  constructor(data: StateData) {
    super(data);
    this.reindex();
  }

  get realm(): Realm {
    return this.data.realm;
  }
  get config(): ServerConfig {
    return this.data.config;
  }


  reindex(): void {
    this.bump();
    this.#tables.clear();
    this.#usersByEmail.clear();
    this.#usersByApiKey.clear();
    this.#channelsByName.clear();
    this.#subsByUser.clear();
    this.#groupsByName.clear();
    this.#groupsByMember.clear();
    this.#subscriberLists.clear();
    for (const u of this.data.users.values()) this.#indexUser(u);
    for (const c of this.data.channels.values()) this.#channelsByName.set(c.name.toLowerCase(), c.stream_id);
    for (const [streamId, subs] of this.data.subscriptions)
      for (const s of subs.values()) if (s.active) this.#subsOf(s.user_id).add(streamId);
    this.reindexMessages();
    for (const g of this.data.groups.values()) this.#indexGroup(g);
  }


  // ---- keyed tables ----
  /** The table a spec declares; created empty on first use. */
  table<T extends Row>(spec: TableSpec<T>): Table<T> {
    let table = this.#tables.get(spec.name);
    if (table === undefined || table.spec !== spec) {
      if (table !== undefined) throw new Error(`two tables named ${spec.name}`);
      this.#tables.set(spec.name, (table = new Table(spec, this) as unknown as Table<Row>));
    }
    return table as unknown as Table<T>;
  }
  rowsOf(name: string, create: boolean): Map<number, unknown> | undefined {
    const rows = this.data.tables[name];
    if (rows !== undefined || !create) return rows;
    return (this.data.tables[name] = new Map());
  }

  // ---- users ----
  user(id: number): User | undefined {
    return this.data.users.get(id);
  }
  /** By delivery email or API email, case-insensitively. */
  userByEmail(email: string): User | undefined {
    const id = this.#usersByEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.data.users.get(id);
  }
  userByApiKey(key: string): User | undefined {
    const id = this.#usersByApiKey.get(key);
    return id === undefined ? undefined : this.data.users.get(id);
  }
  /** Realm members as GET /users lists them: humans and bots, active or not; no system bots; in id order (fixture/load.ts). */
  realmUsers(): User[] {
    return [...this.data.users.values()].filter((u) => !u.is_system_bot);
  }
  putUser(user: User): void {
    this.bump();
    const old = this.data.users.get(user.user_id);
    // Subscriber lists leave out deactivated users (Subscription.is_user_active).
    if (old && old.is_active !== user.is_active) this.#subscriberLists.clear();
    if (old) {
      this.#usersByEmail.delete(old.delivery_email.toLowerCase());
      this.#usersByEmail.delete(apiEmail(old, this.realm).toLowerCase());
      this.#usersByApiKey.delete(old.api_key);
    }
    this.data.users.set(user.user_id, user);
    this.#indexUser(user);
    this.recipientIdFor(`u:${user.user_id}`, true);
  }
  #indexUser(u: User): void {
    this.#usersByEmail.set(u.delivery_email.toLowerCase(), u.user_id);
    this.#usersByEmail.set(apiEmail(u, this.realm).toLowerCase(), u.user_id);
    this.#usersByApiKey.set(u.api_key, u.user_id);
  }

  // ---- channels ----
  channel(id: number): Channel | undefined {
    return this.data.channels.get(id);
  }
  channelByName(name: string): Channel | undefined {
    const id = this.#channelsByName.get(name.toLowerCase());
    return id === undefined ? undefined : this.data.channels.get(id);
  }
  /** Every channel, archived ones too, ascending by id: the fixture's come in id order, and a new one takes the next id. */
  channels(): Channel[] {
    return [...this.data.channels.values()];
  }
  putChannel(channel: Channel): void {
    this.bump();
    const old = this.data.channels.get(channel.stream_id);
    if (old) this.#channelsByName.delete(old.name.toLowerCase());
    this.data.channels.set(channel.stream_id, channel);
    this.#channelsByName.set(channel.name.toLowerCase(), channel.stream_id);
    this.recipientIdFor(`s:${channel.stream_id}`, true);
  }

  // ---- subscriptions ----
  /** The user's active subscription to the channel, if any. */
  subscription(userId: number, streamId: number): Subscription | undefined {
    const s = this.data.subscriptions.get(streamId)?.get(userId);
    return s?.active ? s : undefined;
  }
  /** Any subscription row, active or not. */
  subscriptionRow(userId: number, streamId: number): Subscription | undefined {
    return this.data.subscriptions.get(streamId)?.get(userId);
  }
  /** Active subscribers' ids, ascending: a fresh array the caller may keep or change. */
  subscribers(streamId: number): number[] {
    return [...this.#subscriberList(streamId)];
  }
  subscriberCount(streamId: number): number {
    return this.#subscriberList(streamId).length;
  }
  #subscriberList(streamId: number): readonly number[] {
    let list = this.#subscriberLists.get(streamId);
    if (list === undefined) {
      const out: number[] = [];
      for (const s of this.data.subscriptions.get(streamId)?.values() ?? []) {
        // A deactivated user's subscriptions stay active but are not listed (is_user_active).
        if (s.active && this.data.users.get(s.user_id)?.is_active) out.push(s.user_id);
      }
      this.#subscriberLists.set(streamId, (list = out.sort((a, b) => a - b)));
    }
    return list;
  }
  /** Ids of the channels the user is actively subscribed to, ascending. */
  subscribedChannelIds(userId: number): number[] {
    return [...(this.#subsByUser.get(userId) ?? [])].sort((a, b) => a - b);
  }
  putSubscription(sub: Subscription): void {
    this.bump();
    this.#subscriberLists.delete(sub.stream_id);
    let subs = this.data.subscriptions.get(sub.stream_id);
    if (!subs) this.data.subscriptions.set(sub.stream_id, (subs = new Map()));
    subs.set(sub.user_id, sub);
    if (sub.active) this.#subsOf(sub.user_id).add(sub.stream_id);
    else this.#subsByUser.get(sub.user_id)?.delete(sub.stream_id);
  }
  #subsOf(userId: number): Set<number> {
    let set = this.#subsByUser.get(userId);
    if (!set) this.#subsByUser.set(userId, (set = new Set()));
    return set;
  }

  // ---- user groups ----
  group(id: number): UserGroup | undefined {
    return this.data.groups.get(id);
  }
  /** Group names are unique in a realm. */
  groupByName(name: string): UserGroup | undefined {
    const id = this.#groupsByName.get(name);
    return id === undefined ? undefined : this.data.groups.get(id);
  }
  /** Is the user listed in the group's own `members` (not through subgroups or roles)? */
  isDirectGroupMember(groupId: number, userId: number): boolean {
    return this.#groupsByMember.get(userId)?.has(groupId) ?? false;
  }
  /** In id order: the fixture's are loaded so (fixture/load.ts) and a new group's id is larger. */
  groups(): UserGroup[] {
    return [...this.data.groups.values()];
  }
  putGroup(group: UserGroup): void {
    this.bump();
    const old = this.data.groups.get(group.id);
    if (old) {
      if (this.#groupsByName.get(old.name) === old.id) this.#groupsByName.delete(old.name);
      for (const id of old.members) this.#groupsByMember.get(id)?.delete(old.id);
    }
    this.data.groups.set(group.id, group);
    this.#indexGroup(group);
  }
  #indexGroup(g: UserGroup): void {
    // The first group of a name wins, as a scan of the map would find it.
    if (!this.#groupsByName.has(g.name)) this.#groupsByName.set(g.name, g.id);
    for (const id of g.members) {
      let set = this.#groupsByMember.get(id);
      if (!set) this.#groupsByMember.set(id, (set = new Set()));
      set.add(g.id);
    }
  }

  setRealm(realm: Realm): void {
    this.bump();
    this.data.realm = realm;
  }
  setConfig(config: ServerConfig): void {
    this.bump();
    this.data.config = config;
  }

  // ---- events ----
  /** Event delivery: the users' queues and their records. */
  readonly events = new EventHub(this);
  /** Tell these users: every queue of theirs that takes the event gets it. */
  emit(users: Iterable<number>, event: ServerEvent): void {
    this.bump();
    const list = [...users];
    for (const listener of this.#listeners) listener(list, event);
    this.events.emit(list, event);
  }
  #listeners: Array<(users: number[], event: ServerEvent) => void> = [];
  /** White-box tests: see every emission (who, what) from now on; returns a function that stops it. */
  listen(listener: (users: number[], event: ServerEvent) => void): () => void {
    this.#listeners.push(listener);
    return () => void (this.#listeners = this.#listeners.filter((l) => l !== listener));
  }
  channelName(streamId: number): string | undefined {
    return this.data.channels.get(streamId)?.name;
  }
  senderEmail(m: Message): string {
    const u = this.data.users.get(m.sender_id);
    return u ? apiEmail(u, this.realm) : '';
  }

  // ---- snapshots ----
  snapshot(): StateData {
    return structuredClone(this.data);
  }
  restore(snapshot: StateData): void {
    this.data = structuredClone(snapshot);
    this.reindex();
  }
}

/** A new subscription: not muted, not pinned, every notification setting inherited. */
export function newSubscription(userId: number, streamId: number, color: string): Subscription {
  return {
    user_id: userId,
    stream_id: streamId,
    active: true,
    color,
    is_muted: false,
    pin_to_top: false,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
  };
}

/** The API email: the real address if the user lets everyone see it, else a placeholder. */
export function apiEmail(user: User, realm: Realm): string {
  if (user.is_bot || user.email_address_visibility === 1) return user.delivery_email;
  return `user${user.user_id}@${realm.email_host}`;
}
