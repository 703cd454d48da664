// The registration initial state: exactly the real server's keys for each fetch type
// (zerver/lib/events.py fetch_initial_state_data), and none for types nobody asked for.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { registerState } from '../testing/register-state.ts';
import { REALM_GROUP_SETTINGS } from '../state/types.ts';

const REALM_PROPERTIES = [
  'allow_message_editing', 'avatar_changes_disabled', 'default_code_block_language', 'default_language', 'description',
  'digest_emails_enabled', 'digest_weekday', 'disallow_disposable_email_addresses', 'email_changes_disabled',
  'emails_restricted_to_domains', 'enable_guest_user_dm_warning', 'enable_guest_user_indicator', 'enable_read_receipts',
  'enable_spectator_access', 'gif_rating_policy', 'inline_image_preview', 'inline_url_embed_preview', 'invite_required',
  'jitsi_server_url', 'message_content_allowed_in_email_notifications', 'message_content_edit_limit_seconds',
  'message_content_delete_limit_seconds', 'message_edit_history_visibility_policy',
  'move_messages_between_streams_limit_seconds', 'move_messages_within_stream_limit_seconds', 'message_retention_days',
  'name', 'name_changes_disabled', 'push_notifications_enabled', 'require_e2ee_push_notifications', 'require_unique_names',
  'send_channel_events_messages', 'send_welcome_emails', 'topics_policy', 'video_chat_provider', 'waiting_period_threshold',
  'want_advertise_in_communities_directory', 'welcome_message_custom_text',
  // Settings of levels 456 and 469 (the API description's register response).
  'default_avatar_source', 'media_preview_size',
];
const REALM_OTHERS = [
  'realm_create_public_stream_policy', 'realm_create_private_stream_policy', 'realm_create_web_public_stream_policy',
  'realm_wildcard_mention_policy', 'realm_authentication_methods', 'realm_presence_disabled', 'max_avatar_file_size_mib',
  'max_file_upload_size_mib', 'max_icon_file_size_mib', 'realm_upload_quota_mib', 'realm_icon_url', 'realm_icon_source',
  'realm_logo_url', 'realm_logo_source', 'realm_night_logo_url', 'realm_night_logo_source', 'max_logo_file_size_mib',
  'realm_url', 'realm_uri', 'realm_bot_domain', 'realm_available_video_chat_providers', 'settings_send_digest_emails',
  'realm_email_auth_enabled', 'realm_password_auth_enabled', 'server_generation', 'development_environment',
  'realm_org_type', 'realm_plan_type', 'zulip_plan_is_not_limited', 'upgrade_text_for_wide_organization_logo',
  'realm_push_notifications_enabled_end_timestamp', 'password_min_length', 'password_max_length', 'password_min_guesses',
  'server_inline_image_preview', 'server_inline_url_embed_preview', 'server_thumbnail_formats',
  'server_avatar_changes_disabled', 'server_name_changes_disabled', 'server_web_public_streams_enabled',
  'gif_rating_policy_options', 'server_emoji_data_url', 'server_needs_upgrade', 'event_queue_longpoll_timeout_seconds',
  'realm_default_external_accounts', 'server_jitsi_server_url', 'jitsi_server_url', 'server_can_summarize_topics',
  'realm_moderation_request_channel_id', 'realm_new_stream_announcements_stream_id',
  'realm_signup_announcements_stream_id', 'realm_zulip_update_announcements_stream_id', 'max_stream_name_length',
  'max_stream_description_length', 'max_bulk_new_subscription_messages', 'max_topic_length', 'max_message_length',
  'max_channel_folder_name_length', 'max_channel_folder_description_length', 'max_reminder_note_length',
  'realm_date_created', 'server_report_message_types', 'server_presence_ping_interval_seconds',
  'server_presence_offline_threshold_seconds', 'server_typing_started_expiry_period_milliseconds',
  'server_typing_stopped_wait_period_milliseconds', 'server_typing_started_wait_period_milliseconds',
  'server_supported_permission_settings', 'server_min_deactivated_realm_deletion_days',
  'server_max_deactivated_realm_deletion_days', 'realm_empty_topic_display_name', 'realm_allow_edit_history',
  'realm_mandatory_topics',
];
const REALM_KEYS = [...REALM_PROPERTIES.map((p) => `realm_${p}`), ...REALM_GROUP_SETTINGS.map((s) => `realm_${s}`), ...REALM_OTHERS];

/** Fetch type → the keys it adds. */
const KEYS: Record<string, string[]> = {
  alert_words: ['alert_words'],
  custom_profile_fields: ['custom_profile_fields', 'custom_profile_field_types'],
  onboarding_steps: ['onboarding_steps', 'navigation_tour_video_url'],
  message: ['max_message_id'],
  saved_snippets: ['saved_snippets'],
  navigation_views: ['navigation_views'],
  drafts: ['drafts'],
  scheduled_messages: ['scheduled_messages'],
  reminders: ['reminders'],
  muted_topics: ['muted_topics'],
  muted_users: ['muted_users'],
  presence: ['presences', 'presence_last_update_id', 'server_timestamp'],
  realm_user_groups: ['realm_user_groups'],
  realm: REALM_KEYS,
  realm_user_settings_defaults: ['realm_user_settings_defaults'],
  realm_domains: ['realm_domains'],
  realm_emoji: ['realm_emoji'],
  realm_linkifiers: ['realm_linkifiers'],
  realm_filters: ['realm_filters'],
  realm_playgrounds: ['realm_playgrounds'],
  realm_billing: ['realm_billing'],
  realm_user: [
    'realm_users', 'realm_non_active_users', 'cross_realm_bots', 'avatar_source', 'avatar_url_medium', 'avatar_url',
    'can_create_private_streams', 'can_create_public_streams', 'can_create_web_public_streams', 'can_create_streams',
    'can_invite_others_to_realm', 'is_admin', 'is_owner', 'is_moderator', 'is_guest', 'user_id', 'email',
    'delivery_email', 'full_name',
  ],
  realm_bot: ['realm_bots'],
  realm_embedded_bots: ['realm_embedded_bots'],
  realm_incoming_webhook_bots: ['realm_incoming_webhook_bots'],
  recent_private_conversations: ['recent_private_conversations'],
  subscription: ['subscriptions', 'unsubscribed', 'never_subscribed'],
  channel_folders: ['channel_folders'],
  update_message_flags: [],
  starred_messages: ['starred_messages'],
  stream: ['streams'],
  default_streams: ['realm_default_streams'],
  default_stream_groups: ['realm_default_stream_groups'],
  stop_words: ['stop_words'],
  update_display_settings: [],
  update_global_notifications: [],
  user_settings: ['user_settings'],
  user_status: ['user_status'],
  user_topic: ['user_topics'],
  video_calls: ['has_vidprov_token', 'has_zoom_token'],
  giphy: ['giphy_api_key'],
  device: ['devices'],
  no_such_type: [],
};
const sorted = (keys: Iterable<string>) => [...keys].sort();

test('each fetch type alone gives exactly its keys', () => {
  const ref = createReference();
  for (const [type, keys] of Object.entries(KEYS)) {
    assert.equal(sorted(Object.keys(registerState(ref, 'hamlet', { fetch: [type] }))), sorted(keys), type);
  }
});

test('every type at once (nothing listed) gives the union: no key the real server does not send', () => {
  const ref = createReference();
  const all = registerState(ref, 'hamlet');
  assert.equal(sorted(Object.keys(all)), sorted(new Set([...Object.values(KEYS).flat(), 'unread_msgs'])));
  assert.equal(new Set(REALM_KEYS).size, REALM_KEYS.length, 'the realm list has no duplicate');
});

test('unread_msgs needs both message and update_message_flags', () => {
  const ref = createReference();
  assert.equal(sorted(Object.keys(registerState(ref, 'hamlet', { fetch: ['message', 'update_message_flags'] }))), ['max_message_id', 'unread_msgs']);
});

test('muted_topics is left out for clients that list user_topic, and kept when nothing is listed', () => {
  const ref = createReference();
  assert.equal(sorted(Object.keys(registerState(ref, 'hamlet', { fetch: ['muted_topics', 'user_topic'] }))), ['user_topics']);
  const all = registerState(ref, 'hamlet');
  assert.ok('muted_topics' in all && 'user_topics' in all);
});

test('the legacy top-level settings come only from servers before feature level 439, to clients without user_settings_object', () => {
  const ref = createReference();
  const legacy = ['update_display_settings', 'update_global_notifications'];
  assert.equal(Object.keys(registerState(ref, 'hamlet', { fetch: legacy })), []);
  ref.control.setConfig({ feature_level: 438 });
  const old = registerState(ref, 'hamlet', { fetch: legacy });
  assert.equal(sorted(Object.keys(old)).length, 13 + 2 + 20 + 1);
  assert.is(old['enter_sends'], false);
  assert.is(old['timezone'], 'Europe/Copenhagen');
  assert.is(old['enable_stream_desktop_notifications'], false);
  assert.ok(Array.isArray(old['available_notification_sounds']) && Array.isArray(old['emojiset_choices']));
  assert.equal(Object.keys(registerState(ref, 'hamlet', { fetch: legacy, capabilities: { user_settings_object: true } })), []);
});

test('realm: this organization values, the server limits, -1 for unset channel pointers', () => {
  const ref = createReference();
  const s = registerState(ref, 'hamlet', { fetch: ['realm'] });
  const realm = ref.store.realm;
  assert.is(s['realm_name'], realm.name);
  assert.is(s['realm_moderation_request_channel_id'], realm.moderation_request_channel_id);
  assert.is(s['realm_signup_announcements_stream_id'], -1);
  assert.is(s['realm_can_create_web_public_channel_group'], ref.store.groupByName('role:owners')!.id);
  assert.equal(
    [s['max_message_length'], s['max_topic_length'], s['max_stream_name_length'], s['max_stream_description_length'], s['max_bulk_new_subscription_messages']],
    [10000, 60, 60, 1024, 100],
  );
  assert.equal(
    [s['server_typing_started_expiry_period_milliseconds'], s['server_typing_stopped_wait_period_milliseconds'], s['server_typing_started_wait_period_milliseconds']],
    [45000, 12000, 30000],
  );
  assert.equal([s['realm_create_web_public_stream_policy'], s['realm_wildcard_mention_policy'], s['realm_create_public_stream_policy']], [7, 5, 1]);
  assert.is(s['realm_empty_topic_display_name'], 'general chat');
  assert.equal((s['server_report_message_types'] as Array<{ key: string }>).map((t) => t.key), ['spam', 'harassment', 'inappropriate', 'norms', 'other']);
  ref.store.setRealm({ ...realm, moderation_request_channel_id: null, topics_policy: 'disable_empty_topic' });
  const after = registerState(ref, 'hamlet', { fetch: ['realm'] });
  assert.equal([after['realm_moderation_request_channel_id'], after['realm_mandatory_topics'], after['realm_topics_policy']], [-1, true, 'disable_empty_topic']);
});

test.run();
