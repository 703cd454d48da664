// The events the server emits, as one discriminated union: every emitter and every
// reader (queue filtering by event_types, shaping per client) is type-checked against it.
// Shapes follow the real server's (zulip/zulip zerver/lib/event_types.py, and the
// GET /events documentation); objects the server serializes elsewhere (a channel, a
// subscription, a user, a group) are the formatted dicts, typed loosely here.
// A `message` event holds the stored Message record itself, not a copy: it is shaped
// for each queue (apply_markdown, client_gravatar, empty_topic_name) when delivered.
import type { GroupSettingValue, Message } from './types.ts';

/** A formatted API object (channel, subscription, user, group, draft ...). */
export type ApiObject = Record<string, unknown>;

export interface MessageEvent {
  type: 'message';
  message: Message;
  /** The recipient's flags, by name (shared: see flagNames). */
  flags: readonly string[];
  /** Only to the sender's queue named in the request (sender_queue_id), echoing its local_id. */
  local_message_id?: string;
  /** The queue_id the send named: the one queue whose event keeps local_message_id (never sent). */
  sender_queue_id?: string;
}

export interface DeleteMessageEvent {
  type: 'delete_message';
  /** As emitted; a queue without bulk_message_deletion gets one event per id, with message_id. */
  message_ids?: number[];
  message_id?: number;
  message_type: 'stream' | 'private';
  stream_id?: number;
  topic?: string;
}

/**
 * A message edited or moved (zerver/actions/message_edit.py do_update_message), as each
 * user receives it: the fields of what changed, and that user's flags.
 */
export interface UpdateMessageEvent {
  type: 'update_message';
  user_id: number | null;
  edit_timestamp: number;
  message_id: number;
  rendering_only: boolean;
  orig_content?: string;
  orig_rendered_content?: string;
  content?: string;
  rendered_content?: string;
  is_me_message?: boolean;
  stream_name?: string;
  stream_id?: number;
  propagate_mode?: string;
  orig_subject?: string;
  new_stream_id?: number;
  subject?: string;
  topic_links?: Array<{ text: string; url: string }>;
  message_ids: number[];
  flags: readonly string[];
}

export interface UpdateMessageFlagsEvent {
  type: 'update_message_flags';
  op: 'add' | 'remove';
  /** Deprecated duplicate of op, still sent. */
  operation: 'add' | 'remove';
  flag: string;
  messages: number[];
  all: boolean;
  /** On removing `read`: what each message now unread is (format_unread_message_details), by id. */
  message_details?: Record<string, Record<string, unknown>>;
}

export interface UserTopicEvent {
  type: 'user_topic';
  stream_id: number;
  topic_name: string;
  last_updated: number;
  visibility_policy: number;
}

export type StreamEvent =
  // for_unarchiving, for_archiving, for_reactivation: for routing only (event-hub.ts takes them off).
  | { type: 'stream'; op: 'create'; streams: ApiObject[]; for_unarchiving?: boolean }
  | { type: 'stream'; op: 'delete'; streams: Array<{ stream_id: number }>; stream_ids: number[]; for_archiving?: boolean }
  | {
      type: 'stream';
      op: 'update';
      stream_id: number;
      name: string;
      property: string;
      value: unknown;
      /** With property description. */
      rendered_description?: string;
      /** With property invite_only: the channel's whole privacy. */
      history_public_to_subscribers?: boolean;
      is_web_public?: boolean;
    };

export type SubscriptionEvent =
  | { type: 'subscription'; op: 'add'; subscriptions: ApiObject[] }
  | { type: 'subscription'; op: 'remove'; subscriptions: Array<{ name: string; stream_id: number }> }
  | { type: 'subscription'; op: 'update'; stream_id: number; property: string; value: unknown }
  | { type: 'subscription'; op: 'peer_add' | 'peer_remove'; stream_ids: number[]; user_ids: number[] };

/** The organization's default channels, by id (since feature level 330; dicts before). */
export interface DefaultStreamsEvent {
  type: 'default_streams';
  default_streams: number[];
}

export type RealmEvent =
  | { type: 'realm'; op: 'update'; property: string; value: unknown }
  | { type: 'realm'; op: 'update_dict'; property: 'default'; data: Record<string, unknown> };

export type RealmUserSettingsDefaultsEvent = { type: 'realm_user_settings_defaults'; op: 'update'; property: string; value: unknown };

/** Every custom emoji again after an addition or deactivation (zerver/actions/realm_emoji.py notify_realm_emoji). */
export interface RealmEmojiEvent {
  type: 'realm_emoji';
  op: 'update';
  realm_emoji: Record<string, Record<string, unknown>>;
}

/** The whole list again after any change (zerver/actions/realm_linkifiers.py notify_linkifiers). */
export interface RealmLinkifiersEvent {
  type: 'realm_linkifiers';
  realm_linkifiers: Array<{ pattern: string; url_template: string; id: number }>;
}

/** The whole field list again after any change (notify_realm_custom_profile_fields). */
export interface CustomProfileFieldsEvent {
  type: 'custom_profile_fields';
  fields: ApiObject[];
}

export type RealmUserEvent =
  | { type: 'realm_user'; op: 'add'; person: ApiObject }
  | { type: 'realm_user'; op: 'update'; person: { user_id: number } & Record<string, unknown> }
  | { type: 'realm_user'; op: 'remove'; person: { user_id: number; full_name: string } };

export type RealmBotEvent =
  | { type: 'realm_bot'; op: 'add'; bot: ApiObject }
  | { type: 'realm_bot'; op: 'update'; bot: { user_id: number } & Record<string, unknown> };

export type UserGroupEvent =
  | { type: 'user_group'; op: 'add'; group: ApiObject; for_reactivation?: boolean }
  | { type: 'user_group'; op: 'update'; group_id: number; data: Record<string, GroupSettingValue | string | boolean>; deactivated?: boolean }
  | { type: 'user_group'; op: 'add_members' | 'remove_members'; group_id: number; user_ids: number[] }
  | { type: 'user_group'; op: 'add_subgroups' | 'remove_subgroups'; group_id: number; direct_subgroup_ids: number[] }
  | { type: 'user_group'; op: 'remove'; group_id: number };

/** The fields of a device that an update event carries, only those that changed (zulip.com/api/get-events, device). */
export interface DeviceChanges {
  push_key_id?: number;
  push_token_id?: string | null;
  pending_push_token_id?: string | null;
  push_token_last_updated_timestamp?: number;
  push_registration_error_code?: string | null;
}

export type DeviceEvent =
  | { type: 'device'; op: 'add' | 'remove'; device_id: number }
  | ({ type: 'device'; op: 'update'; device_id: number } & DeviceChanges);

/** The user now holds, or no longer holds, a token for the video-call provider. */
export interface HasVidprovTokenEvent {
  type: 'has_vidprov_token';
  value: boolean;
}

/** Who is typing, as the typing event names them. */
export interface TypingUser {
  user_id: number;
  email: string;
}

/**
 * POST /typing (zerver/actions/typing.py). Channel typing reaches only queues with the
 * stream_typing_notifications capability; its topic is shown as the realm's empty-topic
 * display name to queues without empty_topic_name.
 */
export type TypingEvent =
  | { type: 'typing'; op: 'start' | 'stop'; message_type: 'direct'; sender: TypingUser; recipients: TypingUser[] }
  | { type: 'typing'; op: 'start' | 'stop'; message_type: 'stream'; sender: TypingUser; stream_id: number; topic: string };

/** Sent to a waiting GET /events when nothing else came for a while. */
export interface HeartbeatEvent {
  type: 'heartbeat';
}

/** A draft as the API shows it (zulip/zulip zerver/models/drafts.py Draft.to_dict). */
export interface DraftObject {
  id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

export type DraftsEvent =
  | { type: 'drafts'; op: 'add'; drafts: DraftObject[] }
  | { type: 'drafts'; op: 'update'; draft: DraftObject }
  | { type: 'drafts'; op: 'remove'; draft_id: number };

/** A scheduled message as the API shows it (GET /scheduled_messages); `topic` only for channel messages. */
export interface ScheduledMessageObject {
  scheduled_message_id: number;
  to: number | number[];
  type: 'stream' | 'private';
  content: string;
  rendered_content: string;
  topic?: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
}

export type ScheduledMessagesEvent =
  | { type: 'scheduled_messages'; op: 'add'; scheduled_messages: ScheduledMessageObject[] }
  | { type: 'scheduled_messages'; op: 'update'; scheduled_message: ScheduledMessageObject }
  | { type: 'scheduled_messages'; op: 'remove'; scheduled_message_id: number };

/** A reminder as the API shows it (GET /reminders). */
export interface ReminderObject {
  reminder_id: number;
  to: number[];
  type: 'private';
  content: string;
  rendered_content: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
  reminder_target_message_id: number;
}

export type RemindersEvent =
  | { type: 'reminders'; op: 'add'; reminders: ReminderObject[] }
  | { type: 'reminders'; op: 'remove'; reminder_id: number };

/** A change of one of the user's own settings (zulip/zulip zerver/actions/user_settings.py). */
export interface UserSettingsEvent {
  type: 'user_settings';
  op: 'update';
  property: string;
  value: unknown;
  /** default_language only: the language's name. */
  language_name?: string;
}

/**
 * An emoji reaction added to or removed from a message (zerver/actions/reactions.py
 * notify_reaction_update). `user` is left out from feature level 484 on.
 */
export interface ReactionEvent {
  type: 'reaction';
  op: 'add' | 'remove';
  user_id: number;
  user?: { user_id: number; email: string; full_name: string };
  message_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

/** A submessage attached to a message (zerver/actions/submessage.py do_add_submessage). */
export interface SubmessageEvent {
  type: 'submessage';
  msg_type: string;
  message_id: number;
  submessage_id: number;
  sender_id: number;
  content: string;
}

/**
 * The same change as the legacy events of queues without user_settings_object, before
 * feature level 439 (the GET /events documentation of Zulip 5-11).
 */
export type LegacySettingsEvent =
  | { type: 'update_display_settings'; user: string; setting_name: string; setting: unknown; language_name?: string }
  | { type: 'update_global_notifications'; user: string; notification_name: string; setting: unknown };

/** A user's consent to private data exports changed: to the organization's administrators. */
export interface RealmExportConsentEvent {
  type: 'realm_export_consent';
  user_id: number;
  consented: boolean;
}

/** Deprecated beside user_topic: [channel name, topic, last change] of each muted topic; not to queues that asked for user_topic. */
export interface MutedTopicsEvent {
  type: 'muted_topics';
  muted_topics: Array<[string, string, number]>;
}

/** A saved snippet as the API shows it (zerver/models/saved_snippets.py SavedSnippet.to_api_dict). */
export interface SavedSnippetObject {
  id: number;
  title: string;
  content: string;
  date_created: number;
}

export type SavedSnippetsEvent =
  | { type: 'saved_snippets'; op: 'add' | 'update'; saved_snippet: SavedSnippetObject }
  | { type: 'saved_snippets'; op: 'remove'; saved_snippet_id: number };

/**
 * A user's presence changed (zulip/zulip zerver/actions/presence.py send_presence_changed):
 * emitted with both formats, as the real server hands it to its event queues; each queue
 * receives one of three shapes (state/event-hub.ts): `presences` in the modern format
 * (simplified_presence_events), or `user_id`, `server_timestamp` and the legacy `presence`,
 * with `email` unless the queue registered with slim_presence.
 */
export interface PresenceEvent {
  type: 'presence';
  user_id: number;
  email: string;
  server_timestamp: number;
  legacy_presence: Record<string, { client: string; status: string; timestamp: number; pushable: boolean }>;
  modern_presence: { active_timestamp: number; idle_timestamp: number };
}

/** A status change, with only the fields that were set (zerver/actions/user_status.py). */
export interface UserStatusEvent {
  type: 'user_status';
  user_id: number;
  away?: boolean;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** The user's whole list of muted users, after a change. */
export interface MutedUsersEvent {
  type: 'muted_users';
  muted_users: Array<{ id: number; timestamp: number }>;
}

/** The user's whole list of alert words, after a change. */
export interface AlertWordsEvent {
  type: 'alert_words';
  alert_words: string[];
}

/** An uploaded file's record changed (zerver/actions/uploads.py notify_attachment_update): to its owner only. */
export interface AttachmentEvent {
  type: 'attachment';
  op: 'add' | 'update' | 'remove';
  /** Attachment.to_dict, or only its id for op remove. */
  attachment: Record<string, unknown>;
  upload_space_used: number;
}

/** Every event an action may emit. */
export type ServerEvent =
  | TypingEvent
  | HeartbeatEvent
  | MessageEvent
  | DeleteMessageEvent
  | UpdateMessageEvent
  | UpdateMessageFlagsEvent
  | UserTopicEvent
  | StreamEvent
  | DefaultStreamsEvent
  | SubscriptionEvent
  | RealmEvent
  | RealmUserSettingsDefaultsEvent
  | RealmUserEvent
  | RealmLinkifiersEvent
  | RealmEmojiEvent
  | CustomProfileFieldsEvent
  | RealmBotEvent
  | UserGroupEvent
  | DeviceEvent
  | HasVidprovTokenEvent
  | DraftsEvent
  | ScheduledMessagesEvent
  | RemindersEvent
  | UserSettingsEvent
  | ReactionEvent
  | SubmessageEvent
  | LegacySettingsEvent
  | RealmExportConsentEvent
  | MutedTopicsEvent
  | SavedSnippetsEvent
  | PresenceEvent
  | UserStatusEvent
  | MutedUsersEvent
  | AlertWordsEvent
  | AttachmentEvent;

export type EventType = ServerEvent['type'];

/** An event in a user's record (control.events): a global sequence number, and the event as emitted. */
export interface RecordedEvent {
  seq: number;
  event: ServerEvent;
}
