// A user's personal settings (zulip/zulip zerver/models/users.py UserBaseSettings and
// its property_types): every setting with a new account's default, in the order of
// property_types (display_settings_legacy, notification_setting_types, modern_settings),
// which is the order of the registration response's user_settings. The few settings
// Understudy stores on the User record override the defaults; the others are always
// at their default (no endpoint of Understudy's changes them).
import type { User } from '../state/types.ts';

export type SettingValue = boolean | number | string;

/** UserBaseSettings.display_settings_legacy with the model defaults. */
const DISPLAY_SETTINGS_LEGACY = {
  color_scheme: 1,
  default_language: 'en',
  web_home_view: 'inbox',
  demote_inactive_streams: 1,
  emojiset: 'google',
  enable_drafts_synchronization: true,
  enter_sends: false,
  fluid_layout_width: false,
  high_contrast_mode: false,
  left_side_userlist: false,
  starred_message_counts: true,
  translate_emoticons: false,
  twenty_four_hour_time: false,
} as const;

/** UserBaseSettings.notification_settings_legacy with the model defaults. */
const NOTIFICATION_SETTINGS_LEGACY = {
  desktop_icon_count_display: 1,
  email_notifications_batching_period_seconds: 120,
  enable_desktop_notifications: true,
  enable_digest_emails: true,
  enable_login_emails: true,
  enable_marketing_emails: true,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_sounds: true,
  enable_stream_audible_notifications: false,
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  message_content_in_email_notifications: true,
  notification_sound: 'zulip',
  pm_content_in_desktop_notifications: true,
  presence_enabled: true,
  realm_name_in_email_notifications_policy: 1,
  wildcard_mentions_notify: true,
} as const;

const MODERN_NOTIFICATION_SETTINGS = {
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
} as const;

const MODERN_SETTINGS = {
  display_emoji_reaction_users: true,
  email_address_visibility: 1,
  web_escape_navigates_to_home_view: true,
  receives_typing_notifications: true,
  send_private_typing_notifications: true,
  send_read_receipts: true,
  send_stream_typing_notifications: true,
  allow_private_data_export: false,
  web_mark_read_on_scroll_policy: 1,
  web_channel_default_view: 1,
  user_list_style: 3,
  web_animate_image_previews: 'on_hover',
  web_stream_unreads_count_display_policy: 2,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  web_navigate_to_sent_message: true,
  web_suggest_update_timezone: true,
  hide_ai_features: false,
  /** ResolvedTopicNoticeAutoReadPolicyEnum.except_followed; the API shows its name. */
  resolved_topic_notice_auto_read_policy: 2,
  web_left_sidebar_unreads_count_summary: true,
} as const;

export const USER_SETTING_DEFAULTS = {
  ...DISPLAY_SETTINGS_LEGACY,
  ...NOTIFICATION_SETTINGS_LEGACY,
  ...MODERN_NOTIFICATION_SETTINGS,
  ...MODERN_SETTINGS,
} as const;
export type UserSettingName = keyof typeof USER_SETTING_DEFAULTS;

/** The legacy top-level copies of registration responses before feature level 439. */
export const LEGACY_DISPLAY_SETTINGS = Object.keys(DISPLAY_SETTINGS_LEGACY) as UserSettingName[];
export const LEGACY_NOTIFICATION_SETTINGS = Object.keys(NOTIFICATION_SETTINGS_LEGACY) as UserSettingName[];

/** ResolvedTopicNoticeAutoReadPolicyEnum, by value. */
export const RESOLVED_TOPIC_NOTICE_POLICY_NAMES: Readonly<Record<number, string>> = { 1: 'always', 2: 'except_followed', 3: 'never' };

/** The settings Understudy stores on the User record. */
const STORED = [
  'enable_drafts_synchronization',
  'email_address_visibility',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
  'presence_enabled',
] as const;

/** One setting's value for the user. */
export function userSetting<K extends UserSettingName>(user: User, name: K): SettingValue {
  const stored = (STORED as readonly string[]).includes(name) ? (user as unknown as Record<string, SettingValue | undefined>)[name] : undefined;
  return stored ?? USER_SETTING_DEFAULTS[name];
}

/** Every setting's value for the user, in property_types order. */
export function userSettings(user: User): Record<UserSettingName, SettingValue> {
  const out = { ...USER_SETTING_DEFAULTS } as Record<UserSettingName, SettingValue>;
  for (const name of STORED) out[name] = userSetting(user, name);
  return out;
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
