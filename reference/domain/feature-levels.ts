// Feature-level emulation: the one table of every level-tied rule Understudy follows, and
// the predicate each rule asks. A reference created with `featureLevel: N` (or served with
// `--feature-level N`) behaves as a server at level N for each row: below a row's level
// the row's `before` holds, from it on its `change`: reference/feature-level-notes.ts
// says both for each row, with its source (the entries of the API changelog,
// zulip.com/api/changelog, and the "Changes" notes of the endpoint pages), apart from the
// rules so that the mutation score does not count documentation text as behaviour.
// The README's feature-level table is this table; scenarios/feature-levels/ tests every
// row at both sides of its level (reference/domain/feature-levels.test.ts checks that).
import type { ServerConfig } from '../state/types.ts';

export interface FeatureRow {
  readonly level: number;
  /** What a rule asks for: atLeast(world, key). */
  readonly key: string;
  /** false: documented, but Understudy does not emulate the server below it (its note says why). */
  readonly emulated?: false;
}

export const FEATURE_LEVELS = [
  { level: 137, key: 'read_receipts' },
  { level: 139, key: 'mute_update_two_events' },
  { level: 155, key: 'flags_narrow' },
  { level: 160, key: 'jwt_fetch_api_key' },
  { level: 163, key: 'delivery_email_always' },
  { level: 167, key: 'ignored_parameters_unsupported' },
  { level: 170, key: 'user_topics_endpoint' },
  { level: 171, key: 'fetch_api_key_user_id' },
  { level: 173, key: 'scheduled_messages_list' },
  { level: 179, key: 'scheduled_messages_create' },
  { level: 184, key: 'scheduled_message_edit_endpoint' },
  { level: 190, key: 'custom_emoji_delete_404' },
  { level: 193, key: 'reaction_error_codes' },
  { level: 202, key: 'linkifier_reorder' },
  { level: 208, key: 'principal_error_400' },
  { level: 211, key: 'mark_all_complete' },
  { level: 215, key: 'typing_private_removed' },
  { level: 219, key: 'followed_topics' },
  { level: 244, key: 'profile_field_required' },
  { level: 248, key: 'channel_message_type' },
  { level: 272, key: 'upload_url' },
  { level: 276, key: 'image_preview_dimensions' },
  { level: 281, key: 'delete_message_groups' },
  { level: 285, key: 'upload_filename' },
  { level: 296, key: 'profile_field_editable_by_user' },
  { level: 297, key: 'saved_snippets' },
  { level: 300, key: 'get_messages_message_ids' },
  { level: 313, key: 'update_user_by_email' },
  { level: 315, key: 'archived_channels' },
  { level: 326, key: 'mention_group_owners' },
  { level: 333, key: 'can_send_message_group' },
  { level: 334, key: 'empty_topic' },
  { level: 336, key: 'image_preview_content_type' },
  { level: 342, key: 'channel_can_add_subscribers_group' },
  { level: 349, key: 'add_subscribers_without_subscribing' },
  { level: 355, key: 'flags_ignored_channels' },
  { level: 356, key: 'include_all' },
  { level: 357, key: 'can_subscribe_group' },
  { level: 362, key: 'archived_channel_subscriptions' },
  { level: 368, key: 'saved_snippet_edit' },
  { level: 370, key: 'no_topic_alias' },
  { level: 372, key: 'typing_no_topic_alias' },
  { level: 377, key: 'deactivation_peer_remove' },
  { level: 379, key: 'prev_content_sha256' },
  { level: 381, key: 'reminders_create' },
  { level: 382, key: 'message_report' },
  { level: 384, key: 'users_user_ids' },
  { level: 387, key: 'users_public_access' },
  { level: 388, key: 'unarchive_channel' },
  { level: 389, key: 'channel_folder_param' },
  { level: 391, key: 'deactivated_group_subgroups' },
  { level: 399, key: 'reminders_list' },
  { level: 404, key: 'topics_policy_empty_topic_only' },
  { level: 412, key: 'partial_subscribers' },
  { level: 415, key: 'reminder_note' },
  { level: 428, key: 'deactivation_peer_remove_archived' },
  { level: 432, key: 'push_key', emulated: false },
  { level: 433, key: 'is_imported_stub' },
  { level: 435, key: 'report_message_types' },
  { level: 439, key: 'legacy_settings_removed' },
  { level: 442, key: 'gif_rating_options' },
  { level: 443, key: 'attachment_create_time_seconds' },
  { level: 445, key: 'anchor_date' },
  { level: 448, key: 'email_address_post_permission' },
  { level: 453, key: 'gif_rating_policy' },
  { level: 454, key: 'web_home_view_recent' },
  { level: 456, key: 'default_avatar_source' },
  { level: 458, key: 'subscription_status_bots' },
  { level: 458, key: 'group_membership_of_bots' },
  { level: 459, key: 'deactivate_user_actions' },
  { level: 468, key: 'push_device_registration' },
  { level: 469, key: 'media_preview_size' },
  { level: 470, key: 'remove_client_device' },
  { level: 472, key: 'attachment_message_ids' },
  { level: 473, key: 'status_admin_bots' },
  { level: 474, key: 'slim_bot_dicts' },
  { level: 475, key: 'date_joined_first_login' },
  { level: 480, key: 'archived_channel_topics' },
  { level: 481, key: 'idle_queue_timeout' },
  { level: 483, key: 'legacy_push_removal' },
  { level: 484, key: 'reaction_event_no_user' },
  { level: 487, key: 'user_presence_modern' },
  { level: 490, key: 'is_deleted' },
  { level: 493, key: 'video_calls' },
  { level: 496, key: 'bots_manage_groups' },
] as const satisfies readonly FeatureRow[];

export type FeatureKey = (typeof FEATURE_LEVELS)[number]['key'];

const LEVEL_OF: ReadonlyMap<string, number> = new Map(FEATURE_LEVELS.map((row) => [row.key, row.level]));

/** Anything that knows the server's configuration: a World or a Store. */
export type HasConfig = { readonly config: ServerConfig };

/** Does a server at this configuration's feature level follow the rule? (On hot paths: formatting each user, each message.) */
export function atLeast(where: HasConfig, key: FeatureKey): boolean {
  return where.config.feature_level >= (LEVEL_OF.get(key) as number);
}
