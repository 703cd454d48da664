// The organization's defaults for new users' settings (PATCH /realm/user_settings_defaults):
// zulip/zulip zerver/views/realm.py update_realm_user_settings_defaults, the validators of
// its parameters (zerver/models/users.py *_CHOICES) and check_settings_values
// (zerver/views/user_settings.py). The values live on the realm, over the model defaults
// of domain/user-settings.ts USER_SETTING_DEFAULTS.
import type { Realm } from '../state/types.ts';
import { AVAILABLE_NOTIFICATION_SOUNDS, EMOJISET_CHOICES, USER_SETTING_DEFAULTS, type SettingValue, type UserSettingName } from './user-settings.ts';

/**
 * How each parameter is read and checked: a JSON boolean; a JSON integer, optionally one of
 * `ints` (check_int_in_validator); a string of `literals` (Literal) or `choices`
 * (check_string_in_validator); an enum name (resolved_topic_notice_auto_read_policy);
 * the notification sound; the email batching period.
 */
export type DefaultSettingRule =
  | { kind: 'bool' }
  | { kind: 'int'; ints?: readonly number[] }
  | { kind: 'literal'; values: readonly string[] }
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'enum'; names: Readonly<Record<string, number>> }
  | { kind: 'sound' }
  | { kind: 'batching' };

const bool = { kind: 'bool' } as const;
const ints = (...values: number[]): DefaultSettingRule => ({ kind: 'int', ints: values });
const AUTO_POLICY = ints(1, 2, 3, 4);

/** ResolvedTopicNoticeAutoReadPolicyEnum. */
export const RESOLVED_TOPIC_NOTICE_POLICY: Readonly<Record<string, number>> = { always: 1, except_followed: 2, never: 3 };

/**
 * The parameters of update_realm_user_settings_defaults that Understudy's user settings know.
 * NOTE: approximation: web_inbox_show_channel_folders and web_left_sidebar_show_channel_folders
 * are missing from domain/user-settings.ts, so they are ignored here too.
 */
export const REALM_USER_DEFAULT_RULES = {
  automatically_follow_topics_policy: AUTO_POLICY,
  automatically_follow_topics_where_mentioned: bool,
  automatically_unmute_topics_in_muted_streams_policy: AUTO_POLICY,
  color_scheme: ints(1, 2, 3),
  demote_inactive_streams: ints(1, 2, 3),
  desktop_icon_count_display: ints(1, 2, 3, 4),
  display_emoji_reaction_users: bool,
  email_address_visibility: ints(1, 2, 3, 4, 5),
  email_notifications_batching_period_seconds: { kind: 'batching' },
  emojiset: { kind: 'choice', values: EMOJISET_CHOICES.map((c) => c.key) },
  enable_desktop_notifications: bool,
  enable_digest_emails: bool,
  enable_drafts_synchronization: bool,
  enable_followed_topic_audible_notifications: bool,
  enable_followed_topic_desktop_notifications: bool,
  enable_followed_topic_email_notifications: bool,
  enable_followed_topic_push_notifications: bool,
  enable_followed_topic_wildcard_mentions_notify: bool,
  enable_offline_email_notifications: bool,
  enable_offline_push_notifications: bool,
  enable_online_push_notifications: bool,
  enable_sounds: bool,
  enable_stream_audible_notifications: bool,
  enable_stream_desktop_notifications: bool,
  enable_stream_email_notifications: bool,
  enable_stream_push_notifications: bool,
  enter_sends: bool,
  fluid_layout_width: bool,
  hide_ai_features: bool,
  high_contrast_mode: bool,
  left_side_userlist: bool,
  message_content_in_email_notifications: bool,
  notification_sound: { kind: 'sound' },
  pm_content_in_desktop_notifications: bool,
  presence_enabled: bool,
  realm_name_in_email_notifications_policy: ints(1, 2, 3),
  receives_typing_notifications: bool,
  resolved_topic_notice_auto_read_policy: { kind: 'enum', names: RESOLVED_TOPIC_NOTICE_POLICY },
  send_private_typing_notifications: bool,
  send_read_receipts: bool,
  send_stream_typing_notifications: bool,
  starred_message_counts: bool,
  translate_emoticons: bool,
  twenty_four_hour_time: bool,
  user_list_style: ints(1, 2, 3),
  web_animate_image_previews: { kind: 'literal', values: ['always', 'on_hover', 'never'] },
  web_channel_default_view: ints(1, 2, 3, 4),
  web_escape_navigates_to_home_view: bool,
  web_font_size_px: { kind: 'int' },
  web_home_view: { kind: 'literal', values: ['recent_topics', 'inbox', 'all_messages'] },
  web_left_sidebar_unreads_count_summary: bool,
  web_line_height_percent: { kind: 'int' },
  web_mark_read_on_scroll_policy: ints(1, 2, 3),
  web_navigate_to_sent_message: bool,
  web_stream_unreads_count_display_policy: ints(1, 2, 3),
  web_suggest_update_timezone: bool,
  wildcard_mentions_notify: bool,
} as const satisfies Partial<Record<UserSettingName, DefaultSettingRule>>;

export type RealmUserDefaultName = keyof typeof REALM_USER_DEFAULT_RULES;
export const REALM_USER_DEFAULT_NAMES = Object.keys(REALM_USER_DEFAULT_RULES) as RealmUserDefaultName[];

export function defaultRule(name: RealmUserDefaultName): DefaultSettingRule {
  return REALM_USER_DEFAULT_RULES[name];
}

/** The organization's default of each user setting (stored values, enum settings by number). */
export function realmUserDefaults(realm: Realm): Record<UserSettingName, SettingValue> {
  return { ...USER_SETTING_DEFAULTS, ...(realm.user_settings_defaults ?? {}) } as Record<UserSettingName, SettingValue>;
}

/** check_settings_values: get_available_notification_sounds, or "none". */
export function isNotificationSound(value: string): boolean {
  return value === 'none' || AVAILABLE_NOTIFICATION_SOUNDS.includes(value);
}
