// Loading a fixture (the format: state/fixture-schema.ts) into StateData, checking its
// cross-references and filling in the real server's defaults.
import { CHANNEL_SETTINGS, REALM_SETTINGS, USER_GROUP_SETTINGS_CONFIG } from '../domain/permissions.ts';
import { SYSTEM_GROUP_NAMES } from '../domain/groups.ts';
import {
  CHANNEL_GROUP_SETTINGS,
  FLAG,
  REALM_GROUP_SETTINGS,
  ROLE,
  USER_GROUP_SETTINGS,
  type Channel,
  type GroupSettingValue,
  type Message,
  type Realm,
  type ServerConfig,
  type User,
  type UserGroup,
} from './types.ts';
import { fixtureSchema, type Fixture, type FixtureSetting } from './fixture-schema.ts';
import { newSubscription, type StateData } from './store.ts';
import { emptyRows, setRow } from './user-rows.ts';

export type { Fixture } from './fixture-schema.ts';

const PALETTE = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5', '#f5ce6e', '#c2726a'];

const seconds = (isoText: string) => Math.floor(Date.parse(isoText) / 1000);

export function parseFixture(raw: unknown): Fixture {
  const result = fixtureSchema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new Error(`invalid fixture at ${first?.path.join('.') ?? '?'}: ${first?.message ?? 'unknown'}`);
  }
  return result.data;
}

export function fixtureInstantMs(f: Fixture): number {
  return Date.parse(f.instant);
}

/** Build the state a fixture describes, checking its cross-references. */
export function loadFixture(f: Fixture, config: ServerConfig): StateData {
  const groupIds = new Map(f.groups.map((g) => [g.name, g.id]));
  const userIds = new Set(f.users.map((u) => u.user_id));
  const resolve = (v: FixtureSetting | 'creator', creator: number | null): GroupSettingValue => {
    if (v === 'creator') return creator === null ? need(groupIds, 'role:nobody') : { direct_members: [creator], direct_subgroups: [] };
    if (typeof v === 'string') return need(groupIds, v);
    return typeof v === 'number' ? v : { direct_members: [...v.direct_members], direct_subgroups: [...v.direct_subgroups] };
  };
  for (const name of SYSTEM_GROUP_NAMES) need(groupIds, name);

  const realmSettings = {} as Record<(typeof REALM_GROUP_SETTINGS)[number], GroupSettingValue>;
  for (const s of REALM_GROUP_SETTINGS) realmSettings[s] = resolve(f.realm.settings[s] ?? REALM_SETTINGS[s].default, null);
  const realm: Realm = {
    id: f.realm.id,
    string_id: f.realm.string_id,
    name: f.realm.name,
    description: f.realm.description,
    url: f.realm.url,
    email_host: f.realm.email_host,
    date_created: seconds(f.realm.date_created),
    deactivated: false,
    enable_spectator_access: f.realm.enable_spectator_access,
    waiting_period_threshold: f.realm.waiting_period_threshold,
    message_content_delete_limit_seconds: f.realm.message_content_delete_limit_seconds,
    moderation_request_channel_id: f.realm.moderation_request_channel_id,
    new_stream_announcements_stream_id: f.realm.new_stream_announcements_stream_id,
    topics_policy: 'allow_empty_topic',
    empty_topic_display_name: 'general chat',
    message_retention_days: null,
    jwt_key: f.realm.jwt_key,
    password_auth_enabled: true,
    ...realmSettings,
  };

  const users = new Map<number, User>();
  for (const u of f.users) {
    if (u.bot_owner_id !== null && !userIds.has(u.bot_owner_id)) throw new Error(`bot ${u.email}: unknown owner ${u.bot_owner_id}`);
    users.set(u.user_id, {
      user_id: u.user_id,
      delivery_email: u.email,
      full_name: u.full_name,
      role: ROLE[u.role],
      is_bot: u.bot_type !== null,
      bot_type: u.bot_type,
      bot_owner_id: u.bot_owner_id,
      is_system_bot: u.is_system_bot,
      is_active: u.is_active,
      is_deleted: false,
      is_imported_stub: false,
      is_mirror_dummy: false,
      date_joined: Date.parse(u.date_joined),
      timezone: u.timezone,
      avatar_source: 'G',
      avatar_version: 1,
      email_address_visibility: u.email_address_visibility,
      api_key: u.api_key,
      password_hash: u.password_hash,
      profile_data: {},
      enable_drafts_synchronization: true,
      receives_typing_notifications: true,
    });
  }

  const groups = new Map<number, UserGroup>();
  for (const g of f.groups) {
    const settings = {} as Record<(typeof USER_GROUP_SETTINGS)[number], GroupSettingValue>;
    for (const s of USER_GROUP_SETTINGS) {
      settings[s] = g.is_system_group ? need(groupIds, 'role:nobody') : resolve(g.settings[s] ?? USER_GROUP_SETTINGS_CONFIG[s].default, g.creator_id);
    }
    groups.set(g.id, {
      id: g.id,
      name: g.name,
      description: g.description,
      members: [...g.members],
      direct_subgroup_ids: [...g.direct_subgroup_ids],
      is_system_group: g.is_system_group,
      deactivated: false,
      date_created: g.date_created === null ? null : seconds(g.date_created),
      creator_id: g.creator_id,
      ...settings,
    });
  }

  const channels = new Map<number, Channel>();
  const subscriptions: StateData['subscriptions'] = new Map();
  let colorIndex = 0;
  for (const c of f.channels) {
    const settings = {} as Record<(typeof CHANNEL_GROUP_SETTINGS)[number], GroupSettingValue>;
    for (const s of CHANNEL_GROUP_SETTINGS) settings[s] = resolve(c.settings[s] ?? CHANNEL_SETTINGS[s].default, c.creator_id);
    channels.set(c.stream_id, {
      stream_id: c.stream_id,
      name: c.name,
      description: c.description,
      rendered_description: c.rendered_description,
      date_created: seconds(c.date_created),
      creator_id: c.creator_id,
      invite_only: c.invite_only,
      is_web_public: c.is_web_public,
      history_public_to_subscribers: c.history_public_to_subscribers,
      message_retention_days: null,
      topics_policy: c.topics_policy,
      folder_id: null,
      is_archived: false,
      is_default: c.is_default,
      ...settings,
    });
    const subs = new Map();
    for (const userId of c.subscribers) {
      if (!userIds.has(userId)) throw new Error(`channel ${c.name}: unknown subscriber ${userId}`);
      subs.set(userId, newSubscription(userId, c.stream_id, PALETTE[colorIndex++ % PALETTE.length] as string));
    }
    subscriptions.set(c.stream_id, subs);
  }

  const messages = new Map<number, Message>();
  const userMessages: StateData['userMessages'] = new Map();
  const row = (userId: number, messageId: number, flags: number) => {
    let rows = userMessages.get(userId);
    if (!rows) userMessages.set(userId, (rows = emptyRows()));
    setRow(rows, messageId, flags);
  };
  for (const m of [...f.messages].sort((a, b) => a.id - b.id)) {
    const isStream = m.stream_id !== undefined;
    if (isStream === (m.to !== undefined)) throw new Error(`message ${m.id}: give exactly one of stream_id and to`);
    const recipients = isStream
      ? [...(subscriptions.get(m.stream_id as number)?.keys() ?? [])]
      : [...new Set([m.sender_id, ...(m.to as number[])])].sort((a, b) => a - b);
    if (isStream && !channels.has(m.stream_id as number)) throw new Error(`message ${m.id}: unknown channel`);
    messages.set(m.id, {
      id: m.id,
      sender_id: m.sender_id,
      type: isStream ? 'stream' : 'private',
      stream_id: isStream ? (m.stream_id as number) : null,
      topic: isStream ? m.topic : '',
      dm_user_ids: isStream ? [] : recipients,
      content: m.content,
      rendered_content: m.rendered_content,
      timestamp: seconds(m.timestamp),
      client: m.client,
      is_me_message: m.content.startsWith('/me '),
      reactions: [],
      last_edit_timestamp: null,
      last_moved_timestamp: null,
    });
    for (const userId of recipients) {
      let flags = userId === m.sender_id || m.read_by.includes(userId) ? FLAG.read : 0;
      if (m.starred_by.includes(userId)) flags |= FLAG.starred;
      row(userId, m.id, flags);
    }
  }

  // Recipient ids as the real server allocates them: users first, then channels, then group conversations.
  const recipients: Record<string, number> = {};
  let nextRecipient = 1;
  for (const id of [...users.keys()].sort((a, b) => a - b)) recipients[`u:${id}`] = nextRecipient++;
  for (const id of [...channels.keys()].sort((a, b) => a - b)) recipients[`s:${id}`] = nextRecipient++;
  for (const m of messages.values()) {
    if (m.stream_id === null && m.dm_user_ids.length > 2) recipients[`g:${m.dm_user_ids.join(',')}`] ??= nextRecipient++;
  }
  const maxId = (xs: Iterable<number>) => Math.max(0, ...xs);
  return {
    realm,
    config,
    users,
    channels,
    subscriptions,
    groups,
    messages,
    userMessages,
    recipients,
    userTopics: new Map(),
    events: [],
    emailOutbox: [],
    ids: {
      recipients: nextRecipient,
      users: maxId(users.keys()) + 1,
      channels: maxId(channels.keys()) + 1,
      groups: maxId(groups.keys()) + 1,
      messages: maxId(messages.keys()) + 1,
    },
  };
}

function need(groups: Map<string, number>, name: string): number {
  const id = groups.get(name);
  if (id === undefined) throw new Error(`the fixture has no group ${name}`);
  return id;
}
