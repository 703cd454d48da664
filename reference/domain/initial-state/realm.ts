// The registration response's `realm` section (zulip/zulip zerver/lib/events.py
// fetch_initial_state_data, `if want("realm")`): every Realm.property_types setting as
// realm_<name>, every realm group setting, the legacy policy integers derived from them,
// and the server's settings and limits. Settings Understudy does not keep are at a new
// organization's defaults (zerver/models/realms.py).
import { maxFileUploadSizeMib } from '../uploads.ts';
import { CHANNEL_SETTINGS, REALM_SETTINGS, USER_GROUP_SETTINGS_CONFIG, type SettingConfig } from '../permissions.ts';
import { settingForApi } from '../user-groups.ts';
import { atLeast } from '../feature-levels.ts';
import { editSettings } from '../message-edit.ts';
import { apiName, realmProperty, realmPropertiesAt } from '../realm-settings.ts';
import {
  MAX_BULK_NEW_SUBSCRIPTION_MESSAGES,
  MAX_CHANNEL_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
  MAX_CHANNEL_NAME_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_REMINDER_NOTE_LENGTH,
  MAX_TOPIC_LENGTH,
  REPORT_TYPES,
} from '../limits.ts';
import type { Store } from '../../state/store.ts';
import { REALM_GROUP_SETTINGS, type Realm, type RealmGroupSetting } from '../../state/types.ts';
import {
  defaultExternalAccounts,
  GIF_RATING_OPTIONS,
  GIPHY_RATING_OPTIONS,
  SERVER_SETTINGS as S,
  THUMBNAIL_FORMATS,
  UPGRADE_TEXT_STANDARD,
  VIDEO_CHAT_PROVIDERS,
} from './server-settings.ts';
import type { StateContext } from './view.ts';

/** The table of GIF ratings and its name in the registration response, by feature level (442: shared by GIPHY and Tenor; 453: renamed). */
function gifRatings(store: Store): { key: string; options: typeof GIF_RATING_OPTIONS | typeof GIPHY_RATING_OPTIONS } {
  if (atLeast(store, 'gif_rating_policy')) return { key: 'gif_rating_policy_options', options: GIF_RATING_OPTIONS };
  if (atLeast(store, 'gif_rating_options')) return { key: 'gif_rating_options', options: GIF_RATING_OPTIONS };
  return { key: 'giphy_rating_options', options: GIPHY_RATING_OPTIONS };
}

/** Every setting of domain/realm-settings.ts, with this organization's values or a new one's defaults. */
function realmProperties(store: Store): Record<string, unknown> {
  const realm = store.realm;
  const out: Record<string, unknown> = {};
  for (const name of realmPropertiesAt(store)) out[apiName(store, name)] = realmProperty(store, realm, name);
  // Set by the server alone (the push notification service), never through PATCH /realm.
  out['push_notifications_enabled'] = store.config.push_service_configured;
  return out;
}

/** Realm.SYSTEM_GROUPS_ENUM_MAP and SYSTEM_GROUPS_TO_WILDCARD_MENTION_POLICY_MAP. */
const POLICY_BY_GROUP: Readonly<Record<string, number>> = {
  'role:owners': 7,
  'role:administrators': 2,
  'role:moderators': 4,
  'role:fullmembers': 3,
  'role:members': 1,
  'role:everyone': 5,
  'role:nobody': 6,
};
const WILDCARD_POLICY_BY_GROUP: Readonly<Record<string, number>> = {
  'role:everyone': 1,
  'role:members': 2,
  'role:fullmembers': 3,
  'role:moderators': 7,
  'role:administrators': 5,
  'role:nobody': 6,
};
const COMMON_POLICIES = [1, 2, 3, 4];
const WEB_PUBLIC_POLICIES = [2, 4, 6, 7];

/** get_corresponding_policy_value_for_group_setting. */
function legacyPolicy(store: Store, realm: Realm, setting: RealmGroupSetting): number {
  const value = realm[setting];
  const group = typeof value === 'number' ? store.group(value) : undefined;
  const systemName = group?.is_system_group ? group.name : undefined;
  if (setting === 'can_mention_many_users_group') return (systemName && WILDCARD_POLICY_BY_GROUP[systemName]) || 1;
  const valid = setting === 'can_create_web_public_channel_group' ? WEB_PUBLIC_POLICIES : COMMON_POLICIES;
  const policy = systemName === undefined ? undefined : POLICY_BY_GROUP[systemName];
  if (policy !== undefined && valid.includes(policy)) return policy;
  return setting === 'can_create_web_public_channel_group' ? 4 : 1;
}

/** One GroupPermissionSetting as server_supported_permission_settings shows it. */
function permissionSetting(config: SettingConfig, creatorDefault: string, defaultForSystemGroups: string | null) {
  return {
    allow_nobody_group: config.allowNobody ?? true,
    allow_everyone_group: config.allowEveryone,
    default_group_name: config.default === 'creator' ? creatorDefault : config.default,
    require_system_group: config.requireSystemGroup ?? false,
    allow_internet_group: false,
    default_for_system_groups: defaultForSystemGroups,
    allowed_system_groups: [...(config.allowedSystemGroups ?? [])],
  };
}

/** get_server_supported_permission_settings, from the tables of domain/permissions.ts. */
export function supportedPermissionSettings(): Record<string, unknown> {
  const table = (configs: Record<string, SettingConfig>, creator: string, forSystemGroups: string | null) =>
    Object.fromEntries(Object.entries(configs).map(([name, c]) => [name, permissionSetting(c, creator, forSystemGroups)]));
  return {
    realm: table(REALM_SETTINGS, 'role:nobody', null),
    stream: table(CHANNEL_SETTINGS, 'stream_creator_or_nobody', null),
    group: table(USER_GROUP_SETTINGS_CONFIG, 'group_creator', 'role:nobody'),
  };
}

/** The organization's icon, as GET /server_settings also shows it (get_realm_icon_url). */
export function realmIconUrl(realm: Realm): string {
  return `${realm.url}/static/images/logo/zulip-icon-128x128.png`;
}

export function realmState(ctx: StateContext): Record<string, unknown> {
  const { store, world } = ctx;
  const realm = store.realm;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(realmProperties(store))) out[`realm_${name}`] = value;
  for (const setting of REALM_GROUP_SETTINGS) out[`realm_${setting}`] = settingForApi(store, realm[setting]);
  out['realm_create_public_stream_policy'] = legacyPolicy(store, realm, 'can_create_public_channel_group');
  out['realm_create_private_stream_policy'] = legacyPolicy(store, realm, 'can_create_private_channel_group');
  out['realm_create_web_public_stream_policy'] = legacyPolicy(store, realm, 'can_create_web_public_channel_group');
  out['realm_wildcard_mention_policy'] = legacyPolicy(store, realm, 'can_mention_many_users_group');
  // Password login is the only authentication backend Understudy serves.
  out['realm_authentication_methods'] = { Email: { enabled: realm.password_auth_enabled, available: true } };
  // Shown as disabled to spectators, who can use neither.
  out['realm_allow_message_editing'] = !ctx.spectator && editSettings(realm).allow_message_editing;
  out['realm_presence_disabled'] = ctx.spectator;
  Object.assign(out, {
    max_avatar_file_size_mib: S.maxAvatarFileSizeMib,
    max_file_upload_size_mib: maxFileUploadSizeMib(store),
    max_icon_file_size_mib: S.maxIconFileSizeMib,
    realm_upload_quota_mib: null,
    realm_icon_url: realmIconUrl(realm),
    realm_icon_source: 'G',
    // NOTE: approximation: the default logo's static URL without the build's hash.
    realm_logo_url: '/static/images/logo/zulip-org-logo.svg?version=0',
    realm_logo_source: 'D',
    realm_night_logo_url: '/static/images/logo/zulip-org-logo.svg?version=0',
    realm_night_logo_source: 'D',
    max_logo_file_size_mib: S.maxLogoFileSizeMib,
    realm_url: realm.url,
    realm_uri: realm.url,
    realm_bot_domain: realm.email_host,
    realm_available_video_chat_providers: structuredClone(VIDEO_CHAT_PROVIDERS),
    settings_send_digest_emails: S.sendDigestEmails,
    // realm_digest_emails_enabled (digest_emails_enabled and SEND_DIGEST_EMAILS) is the property's value: off.
    realm_email_auth_enabled: realm.password_auth_enabled,
    realm_password_auth_enabled: realm.password_auth_enabled,
    // SERVER_GENERATION: when the server started, here the fixture's instant.
    server_generation: Math.floor(world.initial.clockMs / 1000),
    development_environment: false,
    realm_plan_type: 1,
    zulip_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: UPGRADE_TEXT_STANDARD,
    realm_push_notifications_enabled_end_timestamp: null,
    password_min_length: S.passwordMinLength,
    password_max_length: S.passwordMaxLength,
    password_min_guesses: S.passwordMinGuesses,
    server_inline_image_preview: S.inlineImagePreview,
    server_inline_url_embed_preview: S.inlineUrlEmbedPreview,
    server_thumbnail_formats: THUMBNAIL_FORMATS.map((f) => ({ ...f })),
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_web_public_streams_enabled: store.config.web_public_streams_enabled,
    [gifRatings(store).key]: structuredClone(gifRatings(store).options),
    // NOTE: approximation: the emoji data's static URL without the build's hash.
    server_emoji_data_url: `${realm.url}/static/generated/emoji/emoji_api.json`,
    server_needs_upgrade: false,
    event_queue_longpoll_timeout_seconds: S.eventQueueLongpollTimeoutSeconds,
    realm_default_external_accounts: defaultExternalAccounts(),
    server_jitsi_server_url: S.jitsiServerUrl,
    // The organization's own Jitsi server, else the server's.
    jitsi_server_url: realmProperty(store, realm, 'jitsi_server_url') ?? S.jitsiServerUrl,
    server_can_summarize_topics: false,
    max_stream_name_length: MAX_CHANNEL_NAME_LENGTH,
    max_stream_description_length: MAX_CHANNEL_DESCRIPTION_LENGTH,
    max_bulk_new_subscription_messages: MAX_BULK_NEW_SUBSCRIPTION_MESSAGES,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
    max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
    max_reminder_note_length: MAX_REMINDER_NOTE_LENGTH,
    realm_date_created: realm.date_created,
    server_report_message_types: REPORT_TYPES.map((t) => ({ ...t })),
    server_presence_ping_interval_seconds: S.presencePingIntervalSeconds,
    server_presence_offline_threshold_seconds: S.presenceOfflineThresholdSeconds,
    server_typing_started_expiry_period_milliseconds: S.typingStartedExpiryPeriodMs,
    server_typing_stopped_wait_period_milliseconds: S.typingStoppedWaitPeriodMs,
    server_typing_started_wait_period_milliseconds: S.typingStartedWaitPeriodMs,
    server_supported_permission_settings: supportedPermissionSettings(),
    server_min_deactivated_realm_deletion_days: S.minDeactivatedRealmDeletionDays,
    server_max_deactivated_realm_deletion_days: S.maxDeactivatedRealmDeletionDays,
    realm_empty_topic_display_name: realm.empty_topic_display_name,
    // The legacy boolean of message_edit_history_visibility_policy.
    realm_allow_edit_history: editSettings(realm).message_edit_history_visibility_policy !== 'none',
    realm_mandatory_topics: realm.topics_policy === 'disable_empty_topic',
  });
  // Fields of later feature levels (domain/feature-levels.ts).
  if (!atLeast(store, 'empty_topic')) delete out['realm_empty_topic_display_name'];
  if (!atLeast(store, 'reminder_note')) delete out['max_reminder_note_length'];
  if (!atLeast(store, 'report_message_types')) delete out['server_report_message_types'];
  return out;
}
