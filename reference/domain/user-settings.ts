// A user's personal settings: the one table of them (zulip/zulip zerver/models/users.py
// UserBaseSettings: the fields, their defaults and the CHOICES lists; property_types;
// zerver/views/user_settings.py json_change_settings: each parameter's validator). Each
// row says the setting's name, its type and validator, a new account's default, the
// feature level it appeared at, and which legacy group it belonged to before feature
// level 439 (the top-level register keys and the update_display_settings /
// update_global_notifications events of clients without user_settings_object). PATCH
// /settings (endpoints/user-settings.ts), its events (actions/user-settings.ts), the
// registration's user_settings, realm_user_settings_defaults and legacy keys
// (initial-state/settings.ts) all read this table. The order is the registration's.
// NOTE: approximation: a setting newer than the configured feature level is still
// accepted and shown (the table records its level; only the rows of
// domain/feature-levels.ts are emulated).
import type { User } from '../state/types.ts';
import { atLeast, type HasConfig } from './feature-levels.ts';

export type SettingValue = boolean | number | string;

/** How PATCH /settings reads and checks a setting. */
export type SettingValidator =
  | { kind: 'bool' }
  /** A JSON integer from a list (check_int_in_validator). */
  | { kind: 'int-in'; choices: readonly number[] }
  /** A JSON integer with a check of its own (web_font_size_px, ...: none; the batching period: check_settings_values). */
  | { kind: 'int' }
  /** A raw string from a list (check_string_in_validator). */
  | { kind: 'string-in'; choices: readonly string[] }
  /** A raw string checked by its own rule (default_language, notification_sound, timezone). */
  | { kind: 'string' }
  /** A raw string naming an enum member; stored and shown by name (resolved_topic_notice_auto_read_policy). */
  | { kind: 'enum-name'; names: Readonly<Record<number, string>> };

export interface SettingRow {
  readonly name: string;
  readonly validator: SettingValidator;
  readonly default: SettingValue;
  /** The feature level the setting appeared at (its "Changes" note; 1 where older than the changelog). */
  readonly level: number;
  /** Before feature level 439: a top-level key of a display or notification registration. */
  readonly legacy?: 'display' | 'notification';
}

const bool = { kind: 'bool' } as const;
const intIn = (...choices: number[]): SettingValidator => ({ kind: 'int-in', choices });

/** AUTOMATICALLY_CHANGE_VISIBILITY_POLICY_*: on participation, on send, on initiation, never. */
export const AUTO_POLICY = { on_participation: 1, on_send: 2, on_initiation: 3, never: 4 } as const;
const AUTO_POLICY_CHOICES = [1, 2, 3, 4];

/** ResolvedTopicNoticeAutoReadPolicyEnum, by value. */
export const RESOLVED_TOPIC_NOTICE_POLICY_NAMES: Readonly<Record<number, string>> = { 1: 'always', 2: 'except_followed', 3: 'never' };

/** web_home_view's options (views/user_settings.py web_home_view_options); "recent" was "recent_topics" before feature level 454. */
export const WEB_HOME_VIEW_OPTIONS = ['recent', 'inbox', 'all_messages'] as const;

/** Every personal setting, in the registration's order. */
export const SETTINGS: readonly SettingRow[] = [
  // display_settings_legacy
  { name: 'color_scheme', validator: intIn(1, 2, 3), default: 1, level: 1, legacy: 'display' },
  { name: 'default_language', validator: { kind: 'string' }, default: 'en', level: 1, legacy: 'display' },
  // The options depend on the feature level (webHomeViewOptions).
  { name: 'web_home_view', validator: { kind: 'string' }, default: 'inbox', level: 219, legacy: 'display' },
  { name: 'demote_inactive_streams', validator: intIn(1, 2, 3), default: 1, level: 1, legacy: 'display' },
  { name: 'emojiset', validator: { kind: 'string-in', choices: ['google', 'twitter', 'text', 'google-blob'] }, default: 'google', level: 1, legacy: 'display' },
  { name: 'enable_drafts_synchronization', validator: bool, default: true, level: 87, legacy: 'display' },
  { name: 'enter_sends', validator: bool, default: false, level: 1, legacy: 'display' },
  { name: 'fluid_layout_width', validator: bool, default: false, level: 1, legacy: 'display' },
  { name: 'high_contrast_mode', validator: bool, default: false, level: 1, legacy: 'display' },
  { name: 'left_side_userlist', validator: bool, default: false, level: 1, legacy: 'display' },
  { name: 'starred_message_counts', validator: bool, default: true, level: 1, legacy: 'display' },
  { name: 'translate_emoticons', validator: bool, default: false, level: 1, legacy: 'display' },
  { name: 'twenty_four_hour_time', validator: bool, default: false, level: 1, legacy: 'display' },
  // notification_settings_legacy
  { name: 'desktop_icon_count_display', validator: intIn(1, 2, 3, 4), default: 1, level: 1, legacy: 'notification' },
  { name: 'email_notifications_batching_period_seconds', validator: { kind: 'int' }, default: 120, level: 82, legacy: 'notification' },
  { name: 'enable_desktop_notifications', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_digest_emails', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_login_emails', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_marketing_emails', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_offline_email_notifications', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_offline_push_notifications', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_online_push_notifications', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_sounds', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'enable_stream_audible_notifications', validator: bool, default: false, level: 1, legacy: 'notification' },
  { name: 'enable_stream_desktop_notifications', validator: bool, default: false, level: 1, legacy: 'notification' },
  { name: 'enable_stream_email_notifications', validator: bool, default: false, level: 1, legacy: 'notification' },
  { name: 'enable_stream_push_notifications', validator: bool, default: false, level: 1, legacy: 'notification' },
  { name: 'message_content_in_email_notifications', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'notification_sound', validator: { kind: 'string' }, default: 'zulip', level: 1, legacy: 'notification' },
  { name: 'pm_content_in_desktop_notifications', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'presence_enabled', validator: bool, default: true, level: 1, legacy: 'notification' },
  { name: 'realm_name_in_email_notifications_policy', validator: intIn(1, 2, 3), default: 1, level: 168, legacy: 'notification' },
  { name: 'wildcard_mentions_notify', validator: bool, default: true, level: 1, legacy: 'notification' },
  // modern notification settings
  { name: 'enable_followed_topic_desktop_notifications', validator: bool, default: true, level: 189 },
  { name: 'enable_followed_topic_email_notifications', validator: bool, default: true, level: 189 },
  { name: 'enable_followed_topic_push_notifications', validator: bool, default: true, level: 189 },
  { name: 'enable_followed_topic_audible_notifications', validator: bool, default: true, level: 189 },
  { name: 'enable_followed_topic_wildcard_mentions_notify', validator: bool, default: true, level: 189 },
  { name: 'automatically_follow_topics_policy', validator: { kind: 'int-in', choices: AUTO_POLICY_CHOICES }, default: AUTO_POLICY.on_initiation, level: 214 },
  { name: 'automatically_unmute_topics_in_muted_streams_policy', validator: { kind: 'int-in', choices: AUTO_POLICY_CHOICES }, default: AUTO_POLICY.on_send, level: 214 },
  { name: 'automatically_follow_topics_where_mentioned', validator: bool, default: true, level: 235 },
  // modern settings
  { name: 'display_emoji_reaction_users', validator: bool, default: true, level: 125 },
  { name: 'email_address_visibility', validator: intIn(1, 2, 3, 4, 5), default: 1, level: 163 },
  { name: 'web_escape_navigates_to_home_view', validator: bool, default: true, level: 219 },
  { name: 'receives_typing_notifications', validator: bool, default: true, level: 253 },
  { name: 'send_private_typing_notifications', validator: bool, default: true, level: 105 },
  { name: 'send_read_receipts', validator: bool, default: true, level: 105 },
  { name: 'send_stream_typing_notifications', validator: bool, default: true, level: 105 },
  { name: 'allow_private_data_export', validator: bool, default: false, level: 293 },
  { name: 'web_mark_read_on_scroll_policy', validator: intIn(1, 2, 3), default: 1, level: 175 },
  { name: 'web_channel_default_view', validator: intIn(1, 3, 2, 4), default: 1, level: 269 },
  { name: 'user_list_style', validator: intIn(1, 2, 3), default: 3, level: 141 },
  { name: 'web_animate_image_previews', validator: { kind: 'string-in', choices: ['always', 'on_hover', 'never'] }, default: 'on_hover', level: 275 },
  { name: 'web_stream_unreads_count_display_policy', validator: intIn(1, 2, 3), default: 2, level: 210 },
  { name: 'web_font_size_px', validator: { kind: 'int' }, default: 16, level: 245 },
  { name: 'web_line_height_percent', validator: { kind: 'int' }, default: 140, level: 245 },
  { name: 'web_navigate_to_sent_message', validator: bool, default: true, level: 268 },
  { name: 'web_suggest_update_timezone', validator: bool, default: true, level: 329 },
  { name: 'hide_ai_features', validator: bool, default: false, level: 350 },
  /** Stored by value (2: except_followed); the API shows the member's name. */
  { name: 'resolved_topic_notice_auto_read_policy', validator: { kind: 'enum-name', names: RESOLVED_TOPIC_NOTICE_POLICY_NAMES }, default: 2, level: 385 },
  { name: 'web_left_sidebar_unreads_count_summary', validator: bool, default: true, level: 398 },
  { name: 'web_left_sidebar_show_channel_folders', validator: bool, default: true, level: 411 },
  { name: 'web_inbox_show_channel_folders', validator: bool, default: true, level: 431 },
];

export const SETTING_BY_NAME: ReadonlyMap<string, SettingRow> = new Map(SETTINGS.map((row) => [row.name, row]));

export type UserSettingName = string;

/** A new account's value of every setting (the model defaults). */
export const USER_SETTING_DEFAULTS: Readonly<Record<string, SettingValue>> = Object.fromEntries(SETTINGS.map((row) => [row.name, row.default]));

/** The legacy top-level copies of registration responses before feature level 439. */
export const LEGACY_DISPLAY_SETTINGS: readonly string[] = SETTINGS.filter((row) => row.legacy === 'display').map((row) => row.name);
export const LEGACY_NOTIFICATION_SETTINGS: readonly string[] = SETTINGS.filter((row) => row.legacy === 'notification').map((row) => row.name);

/** The settings kept as fields of their own on the User record (others read them there). */
const OWN_FIELDS = new Set(['enable_drafts_synchronization', 'email_address_visibility']);

/** One setting's value for the user: as changed, else the default. */
export function userSetting(user: User, name: string): SettingValue {
  if (OWN_FIELDS.has(name)) {
    const own = (user as unknown as Record<string, SettingValue | undefined>)[name];
    if (own !== undefined) return own;
  }
  return user.settings?.[name] ?? (USER_SETTING_DEFAULTS[name] as SettingValue);
}

/** Every setting's value for the user, in the table's order. */
export function userSettings(user: User): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  for (const row of SETTINGS) out[row.name] = userSetting(user, row.name);
  return out;
}

/** The user record with one setting changed. */
export function withSetting(user: User, name: string, value: SettingValue): User {
  if (OWN_FIELDS.has(name)) return { ...user, [name]: value };
  return { ...user, settings: { ...user.settings, [name]: value } };
}

/** How the API shows a stored value: an enum setting by its member's name; the Recent view as "recent_topics" before feature level 454. */
export function apiSettingValue(where: HasConfig, row: SettingRow, value: SettingValue): SettingValue {
  if (row.validator.kind === 'enum-name') return row.validator.names[value as number] ?? value;
  if (row.name === 'web_home_view' && value === 'recent' && !atLeast(where, 'web_home_view_recent')) return 'recent_topics';
  return value;
}

/** Every setting as the API shows it, in the table's order. */
export function apiUserSettings(where: HasConfig, values: Readonly<Record<string, SettingValue>>): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  for (const row of SETTINGS) out[row.name] = apiSettingValue(where, row, values[row.name] as SettingValue);
  return out;
}

/** web_home_view's accepted values at the configured feature level. */
export function webHomeViewOptions(where: HasConfig): readonly string[] {
  return atLeast(where, 'web_home_view_recent') ? WEB_HOME_VIEW_OPTIONS : ['recent_topics', 'inbox', 'all_messages'];
}

/** UserBaseSettings.emojiset_choices(). */
export const EMOJISET_CHOICES: ReadonlyArray<{ key: string; text: string }> = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
];

/**
 * get_available_notification_sounds(): the .ogg files of static/audio/notification_sounds.
 * NOTE: approximation: the names of the sound files found in zulip/zulip's history of that
 * directory; a given server version may ship fewer.
 */
export const AVAILABLE_NOTIFICATION_SOUNDS: readonly string[] = [
  'ascend', 'beep_boop', 'bink', 'bright', 'brlip', 'chime', 'deep tom', 'ding', 'double tap', 'down',
  'dry bongos', 'dutdut', 'fast ascend', 'flute', 'friendly', 'kick roll', 'loud tintong', 'metallic snare',
  'pan', 'practicechat', 'shaker', 'simple', 'stairs', 'subtle', 'swish', 'tintong', 'up', 'wood block',
  'zaping', 'zing', 'zulip',
];

/**
 * get_available_language_codes() with get_language_name(): the languages at least 5%
 * translated, by code.
 * NOTE: approximation: the translation statistics (locale/language_name_map.json) are not
 * at hand; these are well-translated languages of Zulip's menu, so a server may accept more.
 */
export const LANGUAGES: Readonly<Record<string, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  uk: 'Українська',
  'zh-hans': '简体中文',
};
