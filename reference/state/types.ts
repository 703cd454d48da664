// The entities the reference keeps in memory. Field names follow the real server's
// API objects where they coincide; derived fields (email, stream_post_policy, ...) are
// computed when shaping responses, never stored twice.

export const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

/** The user setting email_address_visibility (zerver/models/users.py). */
export const EMAIL_VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;

export const BOT_TYPE = { generic: 1, incoming_webhook: 2, outgoing_webhook: 3, embedded: 4 } as const;

/** A group-setting value: a user group id, or an anonymous group. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

export interface ProfileValue {
  value: string;
  rendered_value?: string;
}

export interface User {
  user_id: number;
  delivery_email: string;
  full_name: string;
  role: Role;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  /** Cross-realm system bots (notification bot, welcome bot): not listed in GET /users. */
  is_system_bot: boolean;
  is_active: boolean;
  is_deleted: boolean;
  is_imported_stub: boolean;
  is_mirror_dummy: boolean;
  /** Milliseconds since the epoch. */
  date_joined: number;
  timezone: string;
  avatar_source: 'G' | 'U';
  avatar_version: number;
  email_address_visibility: number;
  api_key: string;
  /** pbkdf2_sha256$iterations$salt$hash, or null for bots and users without a password. */
  password_hash: string | null;
  profile_data: Record<string, ProfileValue>;
  enable_drafts_synchronization: boolean;
  /** The other personal settings changed from their defaults, by name (domain/user-settings.ts). */
  settings?: Readonly<Record<string, boolean | number | string>>;
  /** A server administrator's grant (manage.py change_user_role can_create_users): may create users over the API. */
  can_create_users?: boolean;
}

export type TopicsPolicy = 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

export const CHANNEL_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const;
export type ChannelGroupSetting = (typeof CHANNEL_GROUP_SETTINGS)[number];

export interface Channel extends Record<ChannelGroupSetting, GroupSettingValue> {
  stream_id: number;
  name: string;
  description: string;
  rendered_description: string;
  /** UNIX seconds. */
  date_created: number;
  creator_id: number | null;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  message_retention_days: number | null;
  topics_policy: TopicsPolicy;
  folder_id: number | null;
  is_archived: boolean;
  is_default: boolean;
}

export interface Subscription {
  user_id: number;
  stream_id: number;
  active: boolean;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

export const USER_GROUP_SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type UserGroupSetting = (typeof USER_GROUP_SETTINGS)[number];

export interface UserGroup extends Record<UserGroupSetting, GroupSettingValue> {
  id: number;
  name: string;
  description: string;
  members: number[];
  direct_subgroup_ids: number[];
  is_system_group: boolean;
  deactivated: boolean;
  /** UNIX seconds, or null for system groups. */
  date_created: number | null;
  creator_id: number | null;
}

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

/** A submessage (zerver/models/messages.py SubMessage): widget data attached to a message. */
export interface Submessage {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  /** As sent: the real server stores the text, not the decoded JSON. */
  content: string;
  /** Made with the message (its widget), so part of the message as sent. */
  with_message?: true;
}

export interface Message {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  /** Channel messages only. */
  stream_id: number | null;
  /** "" for direct messages and for the empty topic. */
  topic: string;
  /** Direct messages: every participant, sender included, ascending. */
  dm_user_ids: number[];
  content: string;
  rendered_content: string;
  /** UNIX seconds. */
  timestamp: number;
  client: string;
  is_me_message: boolean;
  reactions: Reaction[];
  /** Absent until a submessage is attached; ascending ids. */
  submessages?: Submessage[];
  last_edit_timestamp: number | null;
  last_moved_timestamp: number | null;
}

/** Per-user message flags, as bits. */
export const FLAG = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  has_alert_word: 64,
  historical: 128,
} as const;
export type FlagName = keyof typeof FLAG;

export const REALM_GROUP_SETTINGS = [
  'can_access_all_users_group',
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_bots_group',
  'can_create_groups',
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_create_web_public_channel_group',
  'can_create_write_only_bots_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_manage_billing_group',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_set_delete_message_policy_group',
  'can_set_topics_policy_group',
  'can_summarize_topics_group',
  'create_multiuse_invite_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
] as const;
export type RealmGroupSetting = (typeof REALM_GROUP_SETTINGS)[number];

export interface Realm extends Record<RealmGroupSetting, GroupSettingValue> {
  id: number;
  string_id: string;
  name: string;
  description: string;
  /** The organization URL, e.g. http://localhost:9991 */
  url: string;
  /** Host used for placeholder API emails: user{id}@{email_host}. */
  email_host: string;
  /** UNIX seconds. */
  date_created: number;
  deactivated: boolean;
  enable_spectator_access: boolean;
  /** Read receipts on (GET /messages/{id}/read_receipts); absent: off, as in the development realm. */
  enable_read_receipts?: boolean;
  waiting_period_threshold: number;
  message_content_delete_limit_seconds: number | null;
  moderation_request_channel_id: number | null;
  new_stream_announcements_stream_id: number | null;
  topics_policy: 'allow_empty_topic' | 'disable_empty_topic';
  empty_topic_display_name: string;
  message_retention_days: number | null;
  jwt_key: string | null;
  password_auth_enabled: boolean;
  /**
   * Message editing and moving (zerver/models/realms.py). Absent: a new organization's
   * default (domain/message-edit.ts editSettings); null: no time limit.
   */
  allow_message_editing?: boolean;
  message_content_edit_limit_seconds?: number | null;
  message_edit_history_visibility_policy?: 'all' | 'moves' | 'none';
  move_messages_within_stream_limit_seconds?: number | null;
  move_messages_between_streams_limit_seconds?: number | null;
  /** The other Realm.property_types settings and channel pointers; absent: a new organization's default (domain/realm-settings.ts). */
  avatar_changes_disabled?: boolean;
  default_code_block_language?: string;
  default_language?: string;
  digest_emails_enabled?: boolean;
  digest_weekday?: number;
  disallow_disposable_email_addresses?: boolean;
  email_changes_disabled?: boolean;
  emails_restricted_to_domains?: boolean;
  enable_guest_user_dm_warning?: boolean;
  enable_guest_user_indicator?: boolean;
  gif_rating?: number;
  inline_image_preview?: boolean;
  inline_url_embed_preview?: boolean;
  invite_required?: boolean;
  jitsi_server_url?: string | null;
  message_content_allowed_in_email_notifications?: boolean;
  name_changes_disabled?: boolean;
  require_e2ee_push_notifications?: boolean;
  require_unique_names?: boolean;
  send_channel_events_messages?: boolean;
  send_welcome_emails?: boolean;
  video_chat_provider?: number;
  want_advertise_in_communities_directory?: boolean;
  welcome_message_custom_text?: string;
  org_type?: number;
  signup_announcements_stream_id?: number | null;
  zulip_update_announcements_stream_id?: number | null;
  /** PATCH /realm/user_settings_defaults: the changed defaults for new users (domain/realm-user-defaults.ts). */
  user_settings_defaults?: Readonly<Record<string, boolean | number | string>>;
}

/** Server-wide configuration: what the operator would put in settings.py. */
export interface ServerConfig {
  feature_level: number;
  version: string;
  push_service_configured: boolean;
  vidprov_configured: boolean;
  web_public_streams_enabled: boolean;
  jwt_enabled: boolean;
  /** Request-body size limit of the HTTP front door, in bytes. */
  max_body_bytes: number;
  /** MAX_FILE_UPLOAD_SIZE: the largest file POST /user_uploads takes, in MiB (default 100, max_file_upload_size_mib). */
  max_file_upload_size_mib?: number;
  /** MAX_EMOJI_FILE_SIZE_MIB: the largest image POST /realm/emoji/{name} takes, in MiB (default 5). */
  max_emoji_file_size_mib?: number;
  /** Understudy's own cap on the bytes of every uploaded file together (default 256 MiB): memory stays bounded. */
  upload_storage_bytes?: number;
  /** How many events control.events keeps per user (default 100). */
  event_record_limit?: number;
  /** Batches of 2,000 one POST /mark_all_as_read does before answering complete: false (stands for the real timeout); unset: no limit. */
  mark_all_as_read_batch_limit?: number;
}

