// What each rule of reference/domain/feature-levels.ts changes, what a server below its
// level does instead, and the changelog entry or API page that says so: the documentation
// of the table (the README's feature-level table), kept apart from the rules themselves.
import type { FeatureKey } from './domain/feature-levels.ts';

export interface FeatureNote {
  /** What changes at this level (true from it on). */
  readonly change: string;
  /** What a server below it does instead. */
  readonly before: string;
  /** The changelog entry or API page that says so. */
  readonly source: string;
}

const CHANGELOG = 'https://zulip.com/api/changelog';
const api = (page: string) => `https://zulip.com/api/${page}`;

export const FEATURE_LEVEL_NOTES: { readonly [K in FeatureKey]: FeatureNote } = {
  image_preview_dimensions: {
    source: `${api('message-formatting')} (Changes to image formatting, feature level 276)`,
    change: "an uploaded image's preview in a message (once thumbnailed) has data-original-dimensions, the original's {width}x{height}",
    before: 'no data-original-dimensions',
  },
  image_preview_content_type: {
    source: `${api('message-formatting')} (Changes to image formatting, feature level 336)`,
    change: "an uploaded image's preview in a message has data-original-content-type, the type it was uploaded with",
    before: 'no data-original-content-type',
  },
  upload_url: {
    source: `${CHANGELOG} (feature level 272); ${api('upload-file')}`,
    change: 'POST /user_uploads answers the file\'s URL as url (uri stays, deprecated)',
    before: 'the URL only as uri',
  },
  attachment_create_time_seconds: {
    source: `${CHANGELOG} (feature level 443); ${api('get-attachments')}`,
    change: "an attachment's create_time (GET /attachments, attachment events) is in seconds",
    before: 'in milliseconds',
  },
  attachment_message_ids: {
    source: `${CHANGELOG} (feature level 472); ${api('get-attachments')}`,
    change: "an attachment lists the messages linking it as message_ids",
    before: 'as messages, objects with id and date_sent (milliseconds)',
  },
  upload_filename: {
    source: `${CHANGELOG} (feature level 285); ${api('upload-file')}`,
    change: 'POST /user_uploads answers filename, the name the file was stored under',
    before: 'no filename field',
  },
  read_receipts: {
    source: `${CHANGELOG} (feature level 137); ${api('get-read-receipts')}`,
    change: 'GET /messages/{message_id}/read_receipts exists',
    before: 'no such route (404)',
  },
  linkifier_reorder: {
    source: `${CHANGELOG} (feature level 202); ${api('reorder-linkifiers')}`,
    change: 'PATCH /realm/linkifiers exists (reorders the linkifiers)',
    before: 'no such route (405: the path takes GET only)',
  },
  profile_field_required: {
    source: `${CHANGELOG} (feature level 244); ${api('create-custom-profile-field')}`,
    change: 'custom profile fields have required (POST and PATCH /realm/profile_fields take it)',
    before: 'no required: the parameter is ignored',
  },
  profile_field_editable_by_user: {
    source: `${CHANGELOG} (feature level 296); ${api('create-custom-profile-field')}`,
    change: 'custom profile fields have editable_by_user (POST /realm/profile_fields takes it); members may not change a field that is not',
    before: 'no editable_by_user: every field is editable by its user, and the parameter is ignored',
  },
  flags_narrow: {
    source: `${CHANGELOG} (feature level 155); ${api('update-message-flags-for-narrow')}`,
    change: 'POST /messages/flags/narrow exists',
    before: 'no such route (404)',
  },
  mark_all_complete: {
    source: `${CHANGELOG} (feature level 211); ${api('mark-all-as-read')}`,
    change: 'POST /mark_all_as_read answers complete (false when it stopped before the end)',
    before: 'no complete field (a run cut short answered result "partially_completed", which Understudy does not emulate)',
  },
  flags_ignored_channels: {
    source: `${CHANGELOG} (feature level 355); ${api('update-message-flags')}`,
    change: 'POST /messages/flags and /messages/flags/narrow answer ignored_because_not_subscribed_channels',
    before: 'no such field',
  },
  mute_update_two_events: {
    source: `${CHANGELOG} (feature level 139)`,
    change: 'changing is_muted or in_home_view sends two subscription update events, is_muted and in_home_view',
    before: 'one event, for the deprecated in_home_view property',
  },
  jwt_fetch_api_key: {
    source: `${CHANGELOG} (feature level 160)`,
    change: 'POST /jwt/fetch_api_key exists',
    before: 'no such route (404)',
  },
  delivery_email_always: {
    source: `${CHANGELOG} (feature level 163); ${api('get-users')}`,
    change: 'user objects always have delivery_email, null when the caller may not see it',
    before: 'delivery_email is left out where it would be null',
  },
  ignored_parameters_unsupported: {
    source: `${CHANGELOG} (feature level 167); ${api('rest-error-handling')}`,
    change: 'a success lists the parameters the endpoint did not read in ignored_parameters_unsupported',
    before: 'unsupported parameters are ignored silently',
  },
  user_topics_endpoint: {
    source: `https://zulip.com/api/update-user-topic (Changes: feature level 170)`,
    change: 'POST /user_topics sets a topic\'s visibility policy',
    before: 'no such route (404): topics are muted with PATCH /users/me/subscriptions/muted_topics',
  },
  fetch_api_key_user_id: {
    source: `${CHANGELOG} (feature level 171); ${api('fetch-api-key')}`,
    change: 'POST /fetch_api_key answers user_id too',
    before: 'api_key and email only',
  },
  scheduled_messages_list: {
    source: `${CHANGELOG} (feature level 173)`,
    change: 'GET /scheduled_messages and DELETE /scheduled_messages/{id} exist',
    before: 'no such routes (404)',
  },
  scheduled_messages_create: {
    source: `${CHANGELOG} (feature level 179); ${api('create-scheduled-message')}`,
    change: 'POST /scheduled_messages exists',
    before: 'no such route (404; 405 from 173, where GET takes the path)',
  },
  scheduled_message_edit_endpoint: {
    source: `${CHANGELOG} (feature level 184); ${api('update-scheduled-message')}`,
    change: 'PATCH /scheduled_messages/{id} edits; POST /scheduled_messages no longer takes scheduled_message_id',
    before: 'no PATCH (405: the path has DELETE); POST with scheduled_message_id edits that scheduled message',
  },
  custom_emoji_delete_404: {
    source: `${CHANGELOG} (feature level 190); ${api('deactivate-custom-emoji')}`,
    change: 'deactivating a custom emoji no active one has that name is 404',
    before: '400, with the same message',
  },
  reaction_error_codes: {
    source: `${CHANGELOG} (feature level 193); ${api('add-reaction')}; ${api('remove-reaction')}`,
    change: 'adding a reaction that exists is REACTION_ALREADY_EXISTS, removing one that does not is REACTION_DOES_NOT_EXIST',
    before: 'both are BAD_REQUEST, with the same messages',
  },
  principal_error_400: {
    source: `${CHANGELOG} (feature level 208); ${api('subscribe')}`,
    change: 'a deactivated or unknown principal is 400 BAD_REQUEST',
    before: '403 UNAUTHORIZED_PRINCIPAL',
  },
  typing_private_removed: {
    source: `${CHANGELOG} (feature level 215); ${api('set-typing-status')}`,
    change: 'POST /typing refuses type \'private\'',
    before: '\'private\' is a direct typing notification',
  },
  followed_topics: {
    source: `https://zulip.com/api/update-user-topic (Changes: feature level 219)`,
    change: 'visibility_policy 3 follows a topic',
    before: 'visibility_policy is 0, 1 or 2; 3 is refused',
  },
  channel_message_type: {
    source: `${CHANGELOG} (feature level 248)`,
    change: 'type \'channel\' names a channel message (POST /messages, POST /typing, POST and PATCH /scheduled_messages)',
    before: '\'channel\' is an invalid type',
  },
  delete_message_groups: {
    source: `https://zulip.com/api/delete-message (Changes: feature level 281)`,
    change: 'who may delete a message follows the delete settings (realm and channel groups)',
    before: 'only organization administrators may delete messages',
  },
  saved_snippets: {
    source: `https://zulip.com/api/get-saved-snippets (Changes: feature level 297)`,
    change: 'GET / POST /saved_snippets and DELETE /saved_snippets/{id} exist; the registration has saved_snippets',
    before: 'no such routes (404) and no saved_snippets in the registration',
  },
  get_messages_message_ids: {
    source: `${CHANGELOG} (feature level 300); ${api('get-messages')}`,
    change: 'GET /messages takes message_ids',
    before: 'message_ids is not a parameter: the range parameters are required',
  },
  update_user_by_email: {
    source: `https://zulip.com/api/update-user-by-email (Changes: feature level 313)`,
    change: 'PATCH /users/{email} changes a user named by email, as PATCH /users/{user_id}',
    before: 'the path takes GET only: a PATCH is a 405',
  },
  archived_channels: {
    source: `${CHANGELOG} (feature level 315); ${api('get-streams')}`,
    change: 'channel and subscription objects have is_archived; GET /streams takes exclude_archived',
    before: 'no is_archived field; archived channels are never listed and exclude_archived is not a parameter',
  },
  mention_group_owners: {
    source: `${CHANGELOG} (feature level 326); ${api('register-queue')} (GroupPermissionSetting, allow_owners_group)`,
    change: 'can_mention_group may be role:owners (no setting is refused that group any more)',
    before: "can_mention_group refuses role:owners: \"'can_mention_group' setting cannot be set to 'role:owners' group.\"",
  },
  can_send_message_group: {
    source: `${CHANGELOG} (feature level 333)`,
    change: 'channel objects have can_send_message_group (stream_post_policy becomes its deprecated superset)',
    before: 'no can_send_message_group field, and it is not a subscribe parameter',
  },
  empty_topic: {
    source: `${CHANGELOG} (feature level 334); ${api('send-message')}`,
    change: 'the empty string is a valid channel topic; the realm\'s empty-topic display name means it',
    before: 'an empty topic is refused: "Topic can\'t be empty!"',
  },
  channel_can_add_subscribers_group: {
    source: `${CHANGELOG} (feature level 342)`,
    change: 'channels have can_add_subscribers_group, which lets its members add subscribers',
    before: 'no such field or parameter; only the realm setting decides who adds subscribers',
  },
  add_subscribers_without_subscribing: {
    source: `${CHANGELOG} (feature level 349); ${api('subscribe')}`,
    change: 'can_add_subscribers_group members add subscribers to private channels they are not in; channel administrators unsubscribe others',
    before: 'adding others to a private channel needs the caller subscribed; channel administrators have no unsubscribe right of their own',
  },
  include_all: {
    source: `${CHANGELOG} (feature level 356); ${api('get-streams')}`,
    change: 'GET /streams takes include_all, for everyone; include_all_active is its deprecated alias',
    before: 'include_all is not a parameter; include_all_active is for administrators only',
  },
  can_subscribe_group: {
    source: `${CHANGELOG} (feature level 357)`,
    change: 'channels have can_subscribe_group, whose members may subscribe themselves',
    before: 'no such field or parameter, and no such right',
  },
  archived_channel_subscriptions: {
    source: `${CHANGELOG} (feature level 362); ${api('subscribe')}`,
    change: 'subscribing to and unsubscribing from archived channels work as for others',
    before: 'an archived channel cannot be subscribed to or unsubscribed from',
  },
  saved_snippet_edit: {
    source: `https://zulip.com/api/edit-saved-snippet (Changes: feature level 368)`,
    change: 'PATCH /saved_snippets/{id} edits a saved snippet\'s title or content',
    before: 'the path takes only DELETE (405)',
  },
  no_topic_alias: {
    source: `https://zulip.com/api/send-message (Changes: feature level 370)`,
    change: '\'(no topic)\' as a message topic means the empty topic',
    before: '\'(no topic)\' is a topic of its own',
  },
  typing_no_topic_alias: {
    source: `${CHANGELOG} (feature level 372); ${api('set-typing-status')}`,
    change: '\'(no topic)\' as a typing topic means the empty topic',
    before: '\'(no topic)\' is a topic of its own',
  },
  deactivation_peer_remove: {
    source: `${CHANGELOG} (feature level 377)`,
    change: 'deactivating a user sends peer_remove to the subscribers of the user\'s channels',
    before: 'no peer_remove on deactivation',
  },
  prev_content_sha256: {
    source: `https://zulip.com/api/update-message (Changes: feature level 379)`,
    change: 'PATCH /messages/{id} takes prev_content_sha256 and refuses an edit of content that changed',
    before: 'prev_content_sha256 is not a parameter (ignored)',
  },
  reminders_create: {
    source: `${CHANGELOG} (feature level 381)`,
    change: 'POST /reminders exists',
    before: 'no such route (404)',
  },
  message_report: {
    source: `${CHANGELOG} (feature level 382)`,
    change: 'POST /messages/{id}/report exists',
    before: 'no such route (404)',
  },
  users_user_ids: {
    source: `${CHANGELOG} (feature level 384); ${api('get-users')}`,
    change: 'GET /users takes user_ids',
    before: 'user_ids is not a parameter: every user is listed',
  },
  users_public_access: {
    source: `${CHANGELOG} (feature level 387); ${api('get-users')}`,
    change: 'GET /users answers logged-out callers in organizations with the public access option',
    before: 'GET /users always needs credentials (401)',
  },
  unarchive_channel: {
    source: `${CHANGELOG} (feature level 388); ${api('update-stream')}`,
    change: 'PATCH /streams/{stream_id} takes is_archived=false, which unarchives the channel',
    before: 'is_archived is an unknown parameter (ignored): the channel stays archived',
  },
  channel_folder_param: {
    source: `${CHANGELOG} (feature level 389); ${api('update-stream')}`,
    change: 'PATCH /streams/{stream_id} takes folder_id (Understudy has no folders: any but null is unknown)',
    before: 'folder_id is an unknown parameter (ignored)',
  },
  deactivated_group_subgroups: {
    source: `${CHANGELOG} (feature level 391); ${api('update-user-group-subgroups')}`,
    change: 'a deactivated group\'s subgroups can be changed',
    before: 'refused: "User group is deactivated."',
  },
  reminders_list: {
    source: `${CHANGELOG} (feature level 399)`,
    change: 'GET /reminders and DELETE /reminders/{id} exist',
    before: 'no such routes (404; GET is a 405 from 381, where POST takes the path)',
  },
  topics_policy_empty_topic_only: {
    source: `${CHANGELOG} (feature level 404)`,
    change: 'topics_policy may be \'empty_topic_only\'',
    before: '\'empty_topic_only\' is an invalid topics_policy',
  },
  partial_subscribers: {
    source: `${CHANGELOG} (feature level 412); ${api('get-subscriptions')}`,
    change: 'include_subscribers takes \'partial\'',
    before: 'include_subscribers is a boolean',
  },
  reminder_note: {
    source: `${CHANGELOG} (feature level 415); ${api('create-message-reminder')}`,
    change: 'POST /reminders takes note',
    before: 'note is not a parameter',
  },
  deactivation_peer_remove_archived: {
    source: `${CHANGELOG} (feature level 428)`,
    change: 'the peer_remove of a deactivation covers archived channels too',
    before: 'only channels that are not archived',
  },
  push_key: {
    source: `${CHANGELOG} (feature level 432); ${api('register-push-device')}`,
    change: 'POST /mobile_push/register takes push_key (replacing push_public_key)',
    before: 'push_public_key; Understudy does not emulate that earlier form (see push_device_registration)',
  },
  is_imported_stub: {
    source: `${CHANGELOG} (feature level 433)`,
    change: 'user objects have is_imported_stub',
    before: 'no such field',
  },
  report_message_types: {
    source: `${CHANGELOG} (feature level 435); ${api('report-message')}`,
    change: 'the registration response lists server_report_message_types, the report types POST /messages/{id}/report takes',
    before: 'no server_report_message_types; the report types are the fixed \'harassment\', \'inappropriate\', \'norms\', \'other\', \'spam\'',
  },
  legacy_settings_removed: {
    source: `https://zulip.com/api/register-queue (Changes: feature level 439)`,
    change: 'the registration response has no legacy top-level copies of the user settings',
    before: 'clients without user_settings_object get them',
  },
  gif_rating_options: {
    source: `https://zulip.com/api/register-queue (Changes: feature level 442)`,
    change: 'the GIF ratings are one table for GIPHY and Tenor, gif_rating_options (disabled 0, g 1, pg 2, pg-13 3, r 4): a new organization\'s realm_giphy_rating is 1',
    before: 'giphy_rating_options, GIPHY\'s own ratings (disabled 0, y 1, g 2, pg 3, pg-13 4, r 5): realm_giphy_rating is 2',
  },
  anchor_date: {
    source: `https://zulip.com/api/get-messages (Changes: feature level 445)`,
    change: 'GET /messages takes anchor \'date\' with anchor_date',
    before: '\'date\' is an invalid anchor',
  },
  gif_rating_policy: {
    source: `https://zulip.com/api/register-queue (Changes: feature level 453)`,
    change: 'the registration response names the rating realm_gif_rating_policy and its table gif_rating_policy_options; PATCH /realm and the realm update event name it gif_rating_policy',
    before: 'realm_giphy_rating and gif_rating_options; PATCH /realm takes giphy_rating',
  },
  default_avatar_source: {
    source: `https://zulip.com/api/register-queue (Changes: feature level 456)`,
    change: 'the organization has default_avatar_source ("G" or "J"): realm_default_avatar_source in the registration response, a PATCH /realm parameter',
    before: 'no such setting (the parameter is ignored)',
  },
  web_home_view_recent: {
    source: `https://zulip.com/api/update-settings (Changes: feature level 454)`,
    change: 'the Recent conversations view is web_home_view "recent" (PATCH /settings, user_settings, a spectator\'s registration)',
    before: 'it is "recent_topics"; "recent" is refused',
  },
  group_membership_of_bots: {
    source: `https://zulip.com/api/get-is-user-group-member (Changes: feature level 458)`,
    change: 'GET /user_groups/{id}/members/{user_id} answers for a bot too',
    before: 'a bot is "No such user"',
  },
  deactivate_user_actions: {
    source: `https://zulip.com/api/deactivate-user (Changes: feature level 459)`,
    change: 'DELETE /users/{id} takes actions (delete_profile and the message deletions)',
    before: 'actions is not a parameter',
  },
  push_device_registration: {
    source: `${CHANGELOG} (feature level 468); ${api('register-push-device')}`,
    change: 'POST /register_client_device exists; POST /mobile_push/register takes device_id and rotates keys and tokens',
    before: 'no client devices (404); the 406-467 form of /mobile_push/register (push_account_id) is not emulated: 404',
  },
  media_preview_size: {
    source: `https://zulip.com/api/register-queue (Changes: feature level 469)`,
    change: 'the organization has media_preview_size (100, 150 or 200): realm_media_preview_size in the registration response, a PATCH /realm parameter',
    before: 'no such setting (the parameter is ignored)',
  },
  remove_client_device: {
    source: `${CHANGELOG} (feature level 470)`,
    change: 'POST /remove_client_device exists',
    before: 'no such route (404)',
  },
  status_admin_bots: {
    source: `${CHANGELOG} (feature level 473); ${api('update-status-for-user')}`,
    change: "a bot that is an organization administrator may set another user's status (POST /users/{user_id}/status)",
    before: 'bots are refused, whatever their role',
  },
  slim_bot_dicts: {
    source: `https://zulip.com/api/register-queue, https://zulip.com/api/get-events#realm_bot-update (Changes: feature level 474)`,
    change: 'realm_bots and realm_bot add events carry only user_id and the bot settings (default_sending_stream, default_events_register_stream, default_all_public_streams, services); no realm_bot update for a bot\'s name, avatar, owner or (de)activation',
    before: 'they also carry email, full_name, bot_type, is_active, api_key, owner_id and avatar_url, and those changes send realm_bot update events',
  },
  date_joined_first_login: {
    source: `${CHANGELOG} (feature level 475); ${api('get-users')}`,
    change: 'an API-created user\'s date_joined becomes the time of their first login',
    before: 'date_joined stays the creation time',
  },
  email_address_post_permission: {
    source: `${CHANGELOG} (feature level 448); ${api('get-stream-email-address')}`,
    change: 'GET /streams/{stream_id}/email_address needs the permission to post in the channel',
    before: 'content access to the channel is enough',
  },
  subscription_status_bots: {
    source: `${CHANGELOG} (feature level 458); ${api('get-subscription-status')}`,
    change: 'GET /users/{user_id}/subscriptions/{stream_id} answers for bots too',
    before: 'a bot is "No such user"',
  },
  archived_channel_topics: {
    source: `${CHANGELOG} (feature level 480); ${api('get-stream-topics')}`,
    change: 'GET /users/me/{stream_id}/topics, GET /streams/{stream_id} and GET /streams/{stream_id}/members answer for archived channels',
    before: 'an archived channel is "Invalid channel ID"',
  },
  idle_queue_timeout: {
    source: `${CHANGELOG} (feature level 481); ${api('register-queue')}`,
    change: 'POST /register takes idle_queue_timeout (seconds, or "mobile" for 12 hours; 10 minutes by default, at most 7 days) and answers idle_queue_timeout_secs, the idle time granted',
    before: 'idle_queue_timeout is an unknown parameter (ignored) and the answer has no idle_queue_timeout_secs',
  },
  legacy_push_removal: {
    source: `${CHANGELOG} (feature level 483); ${api('register-push-device')}`,
    change: 'a successful push registration removes the user\'s legacy registrations of the same token',
    before: 'legacy registrations stay',
  },
  reaction_event_no_user: {
    source: `${CHANGELOG} (feature level 484); ${api('get-events')} (reaction)`,
    change: 'reaction events have no user object (user_id only)',
    before: 'reaction events also carry user: {user_id, email, full_name} (Understudy does not emulate its absence at levels 328-338)',
  },
  user_presence_modern: {
    source: `${CHANGELOG} (feature level 487); ${api('get-user-presence')}`,
    change: 'GET /users/{user_id_or_email}/presence gives active_timestamp and idle_timestamp, without the legacy website and aggregated',
    before: 'the legacy website and aggregated dictionaries (status and timestamp; aggregated offline past the offline threshold)',
  },
  is_deleted: {
    source: `${CHANGELOG} (feature level 490); ${api('get-users')}`,
    change: 'user objects of deleted users have is_deleted: true',
    before: 'no such field',
  },
  video_calls: {
    source: `${CHANGELOG} (feature level 493)`,
    change: 'POST /calls/vidprov/create exists',
    before: 'no such route (404)',
  },
  bots_manage_groups: {
    source: `${CHANGELOG} (feature level 496); ${api('create-user-group')}`,
    change: 'bots may use the user-group endpoints (create, edit, members, subgroups)',
    before: 'bots are refused',
  },
};
