// The one route table: method + path pattern → endpoint, with every fact the request
// flow needs about a route. Patterns are under /api/v1 (the API), /json (the web app's
// session paths: only where a logged-out visitor may come, POST /json/register and
// GET /json/messages, /json/messages/{message_id}), /user_uploads (uploaded files, outside
// the API as on the real server) or /_understudy (the test-control surface); {name} matches
// digits only, as the real server's URL patterns do (<int:name>), {name:str} any one
// segment (<name>, e.g. users/<user_id_or_email>/presence), and a last {name...} the rest
// of the path.
import * as control from './endpoints/control.ts';
import * as controlPush from './endpoints/control-push.ts';
import { vidprovToken } from './endpoints/control-video-calls.ts';
import * as controlFaults from './endpoints/control-faults.ts';
import { seedMessages } from './endpoints/control-seed.ts';
import { fetchApiKey, jwtFetchApiKey } from './endpoints/auth.ts';
import { registerClientDevice, removeClientDevice } from './endpoints/devices.ts';
import { deleteEvents, getEvents, register } from './endpoints/events.ts';
import { deleteMessage } from './endpoints/message-delete.ts';
import { getMessage } from './endpoints/message-get.ts';
import { renderMessage } from './endpoints/message-render.ts';
import { deleteTopic } from './endpoints/topic-delete.ts';
import { getMessageHistory, updateMessage } from './endpoints/message-edit.ts';
import { registerPushDevice } from './endpoints/push.ts';
import { reportMessage } from './endpoints/message-report.ts';
import { getMessages, matchesNarrow, sendMessage } from './endpoints/messages.ts';
import { markAllAsRead, markStreamAsRead, markTopicAsRead, updateMessageFlags, updateMessageFlagsForNarrow } from './endpoints/message-flags.ts';
import { readReceipts } from './endpoints/read-receipts.ts';
import { updateRealm, updateRealmUserDefaults } from './endpoints/realm.ts';
import { getServerSettings } from './endpoints/server-settings.ts';
import { getStreamId, getStreams } from './endpoints/streams.ts';
import * as channelAdmin from './endpoints/channel-admin.ts';
import { updateSubscriptionProperties, updateSubscriptionProperty } from './endpoints/subscription-properties.ts';
import { addSubscriptions, getSubscriptions, removeSubscriptions } from './endpoints/subscriptions.ts';
import { getTopics } from './endpoints/topics.ts';
import { setTypingStatus } from './endpoints/typing.ts';
import { getOwnUser, getUser, getUsers } from './endpoints/users.ts';
import { createUser, getUserByEmail, reactivateUser, updateUser, updateUserByEmail } from './endpoints/admin-users.ts';
import { addAndroidToken, addApnsToken, removeAndroidToken, removeApnsToken } from './endpoints/legacy-push.ts';
import { createVideoCall } from './endpoints/video-calls.ts';
import { deactivateUser } from './endpoints/user-deactivate.ts';
import { createDrafts, deleteDraft, editDraft, getDrafts } from './endpoints/drafts.ts';
import { createReminder, deleteReminder, getReminders } from './endpoints/reminders.ts';
import { createScheduledMessage, deleteScheduledMessage, editScheduledMessage, getScheduledMessages } from './endpoints/scheduled-messages.ts';
import { updateSettings } from './endpoints/user-settings.ts';
import { createSavedSnippetEndpoint, deleteSavedSnippetEndpoint, editSavedSnippetEndpoint, getSavedSnippets } from './endpoints/saved-snippets.ts';
import { updateMutedTopic, updateUserTopic } from './endpoints/user-topics.ts';
import {
  createUserGroup,
  deactivateUserGroup,
  editUserGroup,
  getIsUserGroupMember,
  getUserGroupMembers,
  getUserGroupSubgroups,
  getUserGroups,
  updateSubgroups,
  updateUserGroupMembers,
} from './endpoints/user-groups.ts';
import { addReaction, removeReaction } from './endpoints/reactions.ts';
import { deleteEmoji, listRealmEmoji, serveEmojiImage, uploadEmoji } from './endpoints/realm-emoji.ts';
import { processSubmessage } from './endpoints/submessages.ts';
import { getRealmPresence, getUserPresence, updatePresence } from './endpoints/presence.ts';
import { getUserStatus, updateOwnStatus, updateUserStatusAsAdmin } from './endpoints/user-status.ts';
import { muteUser, unmuteUser } from './endpoints/muted-users.ts';
import { addAlertWords, listAlertWords, removeAlertWords } from './endpoints/alert-words.ts';
import { fileTemporaryUrl, listAttachments, removeAttachment, serveFile, uploadFile } from './endpoints/uploads.ts';
import { createLinkifier, deleteLinkifier, editLinkifier, listLinkifiers, reorderLinkifiersEndpoint } from './endpoints/linkifiers.ts';
import * as profileFields from './endpoints/custom-profile-fields.ts';
import type { FeatureKey } from './domain/feature-levels.ts';
import { SessionUnauthorized } from './errors.ts';
import type { Handler } from './request/context.ts';

/**
 * Who may call a route. Authentication happens before any parameter or body is read
 * (zulip/zulip zerver/lib/rest.py rejects in the REST dispatcher, before the view).
 * - user: HTTP Basic credentials of an active user; 401 without.
 * - public-access: anonymous callers too, in an organization that uses the public
 *   access option (web-public channels enabled and spectator access on); else as user.
 * - none: no authentication; an Authorization header is not even read.
 * - web-visitor: a /json path of the web app, served to logged-out visitors
 *   (allow_anonymous_user_web). Understudy has no login sessions, so every caller is
 *   one: the Authorization header is not read (the real server reads it only under
 *   /api); on unsafe methods the web app's CSRF cookie and token are checked (http/csrf.ts) before the
 *   parameters; whether the organization admits visitors is the endpoint's to say.
 * - web-session: a method of such a /json path that the real server serves to logged-in
 *   sessions only: every caller here is logged out, so it is the session 401 at once,
 *   before any CSRF check (rest_dispatch raises MissingAuthenticationError unwrapped).
 * - user-or-anonymous: credentials if sent (401 if bad), else a logged-out caller, in
 *   any organization: GET /user_uploads/... (rest_dispatch's override_api_url_scheme and
 *   allow_anonymous_user_web); the endpoint decides what a visitor may download.
 */
export type AuthPolicy = 'user' | 'public-access' | 'none' | 'web-visitor' | 'web-session' | 'user-or-anonymous';

export interface Route {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  readonly path: string;
  readonly auth: AuthPolicy;
  /** The test-control surface: served only when the reference's `control` option is on. */
  readonly control: boolean;
  /**
   * The answer depends only on the request, the state, the clock and the random counter,
   * and reading it changes nothing: a repeat on unchanged state may be replayed
   * (http/response-cache.ts). Never for GET /events, which acknowledges events.
   */
  readonly replayable: boolean;
  readonly handler: Handler;
  /**
   * The feature level the route appeared at (domain/feature-levels.ts). Below it the
   * route does not exist: its path answers 404, or 405 when another method takes it.
   */
  readonly since?: FeatureKey;
  /** For a 'public-access' route: the level from which logged-out callers are let in (else as 'user'). */
  readonly anonymousSince?: FeatureKey;
}

type Method = Route['method'];
const api = (method: Method, path: string, handler: Handler, auth: AuthPolicy = 'user', replayable = false): Route => ({
  method,
  path: `/api/v1${path}`,
  auth,
  control: false,
  replayable,
  handler,
});
/** A /json path of the web app that logged-out visitors may call. */
const web = (method: Method, path: string, handler: Handler): Route => ({ method, path: `/json${path}`, auth: 'web-visitor', control: false, replayable: false, handler });
/** A /json method for logged-in sessions only, beside a visitor's route: never reached (authentication refuses first). */
const session = (method: Method, path: string): Route => ({
  method,
  path: `/json${path}`,
  auth: 'web-session',
  control: false,
  replayable: false,
  handler: () => {
    throw new SessionUnauthorized();
  },
});
/** The route exists from this feature level on. */
const since = (key: FeatureKey, route: Route): Route => ({ ...route, since: key });
/** A read whose repeats may be replayed. */
const read = (path: string, handler: Handler, auth: AuthPolicy = 'user'): Route => api('GET', path, handler, auth, true);
const ctl = (method: Method, path: string, handler: Handler): Route => ({
  method,
  path: `/_understudy${path}`,
  auth: 'none',
  control: true,
  replayable: false,
  handler,
});

export const ROUTES: readonly Route[] = [
  read('/server_settings', getServerSettings, 'none'),
  api('POST', '/fetch_api_key', fetchApiKey, 'none'),
  since('jwt_fetch_api_key', api('POST', '/jwt/fetch_api_key', jwtFetchApiKey, 'none')),
  { ...read('/users', getUsers, 'public-access'), anonymousSince: 'users_public_access' },
  read('/users/me', getOwnUser),
  read('/users/{user_id}', getUser),
  read('/streams', getStreams),
  api('GET', '/get_stream_id', getStreamId),

  // real-time events: a logged-out visitor (spectator) registers on the web app's path only
  // (zerver/lib/rest.py lets anonymous requests in on /json, never on /api)
  api('POST', '/register', register),
  web('POST', '/register', register),
  api('GET', '/events', getEvents),
  api('DELETE', '/events', deleteEvents),

  // messages
  api('POST', '/messages', sendMessage),
  api('GET', '/messages', getMessages),
  api('GET', '/messages/matches_narrow', matchesNarrow),
  api('DELETE', '/messages/{message_id}', deleteMessage),
  since('message_report', api('POST', '/messages/{message_id}/report', reportMessage)),
  // one message read, Markdown rendered, a topic deleted (issue 22)
  read('/messages/{message_id}', getMessage),
  // spectators reading messages of web-public channels on the web app's paths (issue 22)
  // (the other methods of those paths are for logged-in sessions: the session 401)
  web('GET', '/messages', getMessages),
  web('GET', '/messages/{message_id}', getMessage),
  session('POST', '/messages'),
  session('GET', '/messages/matches_narrow'),
  session('PATCH', '/messages/{message_id}'),
  session('DELETE', '/messages/{message_id}'),
  api('POST', '/messages/render', renderMessage),
  api('POST', '/streams/{stream_id}/delete_topic', deleteTopic),
  // realm settings and new users' default settings (issue 26)
  api('PATCH', '/realm', updateRealm),
  api('PATCH', '/realm/user_settings_defaults', updateRealmUserDefaults),

  // editing and moving messages, edit history
  api('PATCH', '/messages/{message_id}', updateMessage),
  read('/messages/{message_id}/history', getMessageHistory),
  // personal message flags, unread state and read receipts
  api('POST', '/messages/flags', updateMessageFlags),
  since('flags_narrow', api('POST', '/messages/flags/narrow', updateMessageFlagsForNarrow)),
  api('POST', '/mark_all_as_read', markAllAsRead),
  api('POST', '/mark_stream_as_read', markStreamAsRead),
  api('POST', '/mark_topic_as_read', markTopicAsRead),
  since('read_receipts', read('/messages/{message_id}/read_receipts', readReceipts)),

  api('POST', '/typing', setTypingStatus),

  // channels and subscriptions
  read('/users/me/subscriptions', getSubscriptions),
  api('POST', '/users/me/subscriptions', addSubscriptions),
  api('DELETE', '/users/me/subscriptions', removeSubscriptions),
  api('PATCH', '/users/me/subscriptions/{stream_id}', updateSubscriptionProperty),
  api('POST', '/users/me/subscriptions/properties', updateSubscriptionProperties),
  api('GET', '/users/me/{stream_id}/topics', getTopics),

  // channel administration: one channel, its subscribers and email address, default channels (issue 26)
  read('/streams/{stream_id}', channelAdmin.getStream),
  api('PATCH', '/streams/{stream_id}', channelAdmin.updateStream),
  api('DELETE', '/streams/{stream_id}', channelAdmin.deleteStream),
  read('/streams/{stream_id}/members', channelAdmin.getSubscribers),
  api('GET', '/streams/{stream_id}/email_address', channelAdmin.getStreamEmailAddress),
  read('/users/{user_id}/subscriptions/{stream_id}', channelAdmin.getSubscriptionStatus),
  api('POST', '/default_streams', channelAdmin.addDefaultStream),
  api('DELETE', '/default_streams', channelAdmin.removeDefaultStream),

  // user groups and deactivation
  api('GET', '/user_groups', getUserGroups),
  api('POST', '/user_groups/create', createUserGroup),
  api('POST', '/user_groups/{user_group_id}/subgroups', updateSubgroups),
  api('GET', '/user_groups/{user_group_id}/subgroups', getUserGroupSubgroups),
  api('PATCH', '/user_groups/{user_group_id}', editUserGroup),
  api('GET', '/user_groups/{user_group_id}/members', getUserGroupMembers),
  api('POST', '/user_groups/{user_group_id}/members', updateUserGroupMembers),
  api('GET', '/user_groups/{user_group_id}/members/{user_id}', getIsUserGroupMember),
  api('POST', '/user_groups/{user_group_id}/deactivate', deactivateUserGroup),
  api('DELETE', '/users/{user_id}', deactivateUser),

  // administering users (after /users/me and /users/{user_id}: the real server's order)
  api('POST', '/users', createUser),
  api('PATCH', '/users/{user_id}', updateUser),
  api('POST', '/users/{user_id}/reactivate', reactivateUser),
  api('GET', '/users/{email:str}', getUserByEmail),
  since('update_user_by_email', api('PATCH', '/users/{email:str}', updateUserByEmail)),

  // legacy (unencrypted) mobile push registrations
  api('POST', '/users/me/apns_device_token', addApnsToken),
  api('DELETE', '/users/me/apns_device_token', removeApnsToken),
  api('POST', '/users/me/android_gcm_reg_id', addAndroidToken),
  api('DELETE', '/users/me/android_gcm_reg_id', removeAndroidToken),

  // client devices, encrypted mobile push, video calls
  since('push_device_registration', api('POST', '/register_client_device', registerClientDevice)),
  since('remove_client_device', api('POST', '/remove_client_device', removeClientDevice)),
  // NOTE: approximation: the endpoint exists from feature level 406 in an earlier form
  // (push_account_id; push_public_key before 432) that Understudy does not emulate: below
  // 468 it answers as a server without the endpoint.
  since('push_device_registration', api('POST', '/mobile_push/register', registerPushDevice)),
  since('video_calls', api('POST', '/calls/vidprov/create', createVideoCall)),

  // drafts, scheduled messages, reminders, and the setting that turns drafts off
  read('/drafts', getDrafts),
  api('POST', '/drafts', createDrafts),
  api('PATCH', '/drafts/{draft_id}', editDraft),
  api('DELETE', '/drafts/{draft_id}', deleteDraft),
  since('scheduled_messages_list', read('/scheduled_messages', getScheduledMessages)),
  since('scheduled_messages_create', api('POST', '/scheduled_messages', createScheduledMessage)),
  since('scheduled_message_edit_endpoint', api('PATCH', '/scheduled_messages/{scheduled_message_id}', editScheduledMessage)),
  since('scheduled_messages_list', api('DELETE', '/scheduled_messages/{scheduled_message_id}', deleteScheduledMessage)),
  since('reminders_list', read('/reminders', getReminders)),
  since('reminders_create', api('POST', '/reminders', createReminder)),
  since('reminders_list', api('DELETE', '/reminders/{reminder_id}', deleteReminder)),
  api('PATCH', '/settings', updateSettings),

  // reactions, custom emoji, widgets' submessages
  api('POST', '/messages/{message_id}/reactions', addReaction),
  api('DELETE', '/messages/{message_id}/reactions', removeReaction),
  read('/realm/emoji', listRealmEmoji),
  // custom emoji: adding, deactivating, their images outside /api/v1 (issue 25)
  api('POST', '/realm/emoji/{emoji_name...}', uploadEmoji),
  api('DELETE', '/realm/emoji/{emoji_name...}', deleteEmoji),
  { method: 'GET', path: '/user_avatars/{path...}', auth: 'none', control: false, replayable: false, handler: serveEmojiImage },
  api('POST', '/submessage', processSubmessage),
  // personal settings' legacy aliases, topic visibility, saved snippets
  api('PATCH', '/settings/display', updateSettings),
  api('PATCH', '/settings/notifications', updateSettings),
  since('user_topics_endpoint', api('POST', '/user_topics', updateUserTopic)),
  api('PATCH', '/users/me/subscriptions/muted_topics', updateMutedTopic),
  since('saved_snippets', read('/saved_snippets', getSavedSnippets)),
  since('saved_snippets', api('POST', '/saved_snippets', createSavedSnippetEndpoint)),
  since('saved_snippet_edit', api('PATCH', '/saved_snippets/{saved_snippet_id}', editSavedSnippetEndpoint)),
  since('saved_snippets', api('DELETE', '/saved_snippets/{saved_snippet_id}', deleteSavedSnippetEndpoint)),
  // presence, user status, muted users, alert words (issue 24)
  api('POST', '/users/me/presence', updatePresence),
  read('/users/{user_id_or_email:str}/presence', getUserPresence),
  read('/realm/presence', getRealmPresence),
  api('POST', '/users/me/status', updateOwnStatus),
  read('/users/{user_id}/status', getUserStatus),
  api('POST', '/users/{user_id}/status', updateUserStatusAsAdmin),
  api('POST', '/users/me/muted_users/{muted_user_id}', muteUser),
  api('DELETE', '/users/me/muted_users/{muted_user_id}', unmuteUser),
  read('/users/me/alert_words', listAlertWords),
  api('POST', '/users/me/alert_words', addAlertWords),
  api('DELETE', '/users/me/alert_words', removeAlertWords),

  // uploaded files and attachments (issue 25)
  api('POST', '/user_uploads', uploadFile),
  api('GET', '/user_uploads/{realm_id_str}/{filename...}', fileTemporaryUrl),
  { method: 'GET', path: '/user_uploads/{path...}', auth: 'user-or-anonymous', control: false, replayable: false, handler: serveFile },
  read('/attachments', listAttachments),
  api('DELETE', '/attachments/{attachment_id}', removeAttachment),

  // realm linkifiers (issue 26)
  read('/realm/linkifiers', listLinkifiers),
  api('POST', '/realm/filters', createLinkifier),
  api('PATCH', '/realm/filters/{filter_id}', editLinkifier),
  api('DELETE', '/realm/filters/{filter_id}', deleteLinkifier),
  since('linkifier_reorder', api('PATCH', '/realm/linkifiers', reorderLinkifiersEndpoint)),

  // custom profile fields and each user's values (issue 26)
  read('/realm/profile_fields', profileFields.listProfileFields),
  api('POST', '/realm/profile_fields', profileFields.createProfileFieldEndpoint),
  api('PATCH', '/realm/profile_fields', profileFields.reorderProfileFieldsEndpoint),
  api('PATCH', '/realm/profile_fields/{field_id}', profileFields.updateProfileFieldEndpoint),
  api('DELETE', '/realm/profile_fields/{field_id}', profileFields.deleteProfileFieldEndpoint),
  api('PATCH', '/users/me/profile_data', profileFields.updateProfileDataEndpoint),
  api('DELETE', '/users/me/profile_data', profileFields.removeProfileDataEndpoint),

  // the test-control surface
  ctl('POST', '/clock/advance', control.advanceClock),
  ctl('POST', '/reset', control.resetState),
  ctl('POST', '/snapshot', control.takeSnapshot),
  ctl('POST', '/restore', control.restoreSnapshot),
  ctl('POST', '/release', control.releaseSnapshot),
  ctl('POST', '/users', control.addUser),
  ctl('POST', '/config', control.setConfig),
  ctl('GET', '/email/outbox', control.emailOutbox),
  ctl('GET', '/events', control.userEvents),
  ctl('POST', '/channels/{stream_id}/archive', control.archiveChannel),
  ctl('GET', '/push/bouncer', controlPush.pushBouncer),
  ctl('POST', '/push/seal', controlPush.sealPushRegistration),
  ctl('POST', '/push/legacy', controlPush.addLegacyPushRegistration),
  ctl('GET', '/push/legacy', controlPush.legacyPushRegistrations),
  ctl('GET', '/push/outbox', controlPush.pushOutbox),
  ctl('POST', '/vidprov/token', vidprovToken),

  // the test-control surface for client tests: faults, the request journal, rate limits, the clock
  ctl('POST', '/faults', controlFaults.addFault),
  ctl('GET', '/faults', controlFaults.listFaults),
  ctl('DELETE', '/faults', controlFaults.clearFaults),
  ctl('GET', '/requests', controlFaults.requests),
  ctl('POST', '/rate_limits', controlFaults.rateLimits),
  ctl('GET', '/clock', controlFaults.clock),
  ctl('POST', '/messages/seed', seedMessages),
];
