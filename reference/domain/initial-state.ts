// The registration response's initial state (zulip/zulip zerver/lib/events.py
// fetch_initial_state_data and post_process_state): for each fetch type the client
// wants, the keys the real server sends, built from Understudy's state and shaped by the
// client's options and capabilities. Data Understudy does not keep (custom profile
// fields, ...) has a fresh organization's value. The parts are listed below in
// the real function's order; the parts of domain/initial-state/ build the larger ones.
// POST /register adds queue_id, last_event_id and the version keys itself. A logged-out
// spectator gets what the real server gives one: the organization's public data, and
// empty per-user data.
import { ROLE, type User } from '../state/types.ts';
import type { World } from '../world.ts';
import { defaultStreamsState, streamsState, subscriptionState, webPublicSubscriptionState } from './initial-state/channels.ts';
import { maxMessageIdState, recentConversationsState, starredMessagesState } from './initial-state/messages.ts';
import { devicesInitialState, videoCallsInitialState } from './initial-state/pending.ts';
import { draftsInitialState } from './drafts.ts';
import { formatSavedSnippet, ownSavedSnippets } from './saved-snippets.ts';
import { remindersInitialState } from './reminders.ts';
import { scheduledMessagesInitialState } from './scheduled-messages.ts';
import { realmState } from './initial-state/realm.ts';
import { CUSTOM_PROFILE_FIELD_TYPES, EMBEDDED_BOTS, onboardingState, STOP_WORD_LIST } from './initial-state/server-data.ts';
import {
  legacyDisplaySettingsState,
  legacyNotificationSettingsState,
  realmUserSettingsDefaultsState,
  sendsLegacySettings,
  userSettingsState,
} from './initial-state/settings.ts';
import { mutedTopicsState, userTopicsState } from './initial-state/topics.ts';
import { unreadMsgs } from './initial-state/unread.ts';
import { realmBotState, realmUserState } from './initial-state/users.ts';
import type { RegisterView, StateContext, StateProvider } from './initial-state/view.ts';
import { formatUserGroup } from './user-groups.ts';
import { realmEmojiDict } from './emoji.ts';
import { alertWordsOf } from './alert-words.ts';
import { mutedUsersOf } from './muted-users.ts';
import { realmPresence } from './presence.ts';
import { allUserStatuses } from './user-status.ts';
import { linkifiersForRealm } from './linkifiers.ts';
import { formatProfileField, orderedProfileFields, withoutPronounsType } from './custom-profile-fields.ts';
import { newUser } from './users.ts';
import { atLeast, type FeatureKey } from './feature-levels.ts';

export { NO_CAPABILITIES, type ClientCapabilities, type RegisterView, type StateContext, type StateProvider } from './initial-state/view.ts';

interface Part {
  /** The fetch type that asks for it, or a rule over the context. */
  readonly when: string | ((ctx: StateContext) => boolean);
  readonly build: StateProvider;
}

/** Wanted, and the server's feature level has it. */
const since =
  (type: string, key: FeatureKey) =>
  (ctx: StateContext): boolean =>
    ctx.want(type) && atLeast(ctx.store, key);

const fixed =
  (values: Record<string, unknown>): StateProvider =>
  () =>
    structuredClone(values);

const PARTS: readonly Part[] = [
  { when: 'alert_words', build: (c) => ({ alert_words: alertWordsOf(c.store, c.user.user_id) }) },
  {
    when: 'custom_profile_fields',
    // A spectator gets no fields (zerver/lib/events.py: they cannot see full profiles).
    build: (c) => {
      const fields = c.spectator ? [] : orderedProfileFields(c.store).map((f) => formatProfileField(c.store, f));
      const types: Record<string, unknown> = structuredClone(CUSTOM_PROFILE_FIELD_TYPES);
      if (c.view.pronounsFieldTypeSupported !== false) return { custom_profile_fields: fields, custom_profile_field_types: types };
      delete types['PRONOUNS'];
      return { custom_profile_fields: withoutPronounsType(fields), custom_profile_field_types: types };
    },
  },
  { when: 'onboarding_steps', build: onboardingState },
  { when: 'message', build: maxMessageIdState },
  { when: since('saved_snippets', 'saved_snippets'), build: (c) => ({ saved_snippets: ownSavedSnippets(c.store, c.user.user_id).map(formatSavedSnippet) }) },
  { when: 'navigation_views', build: fixed({ navigation_views: [] }) },
  { when: 'drafts', build: draftsInitialState },
  // State of later feature levels comes from servers that have it (domain/feature-levels.ts).
  { when: since('scheduled_messages', 'scheduled_messages_create'), build: scheduledMessagesInitialState },
  { when: since('reminders', 'reminders_list'), build: remindersInitialState },
  // Left out for clients that listed event types including user_topic.
  { when: (c) => c.want('muted_topics') && (c.view.fetchEventTypes === null || !c.want('user_topic')), build: mutedTopicsState },
  { when: 'muted_users', build: (c) => ({ muted_users: mutedUsersOf(c.store, c.user.user_id) }) },
  { when: 'presence', build: presenceState },
  { when: 'realm_user_groups', build: realmUserGroupsState },
  { when: 'realm', build: realmState },
  { when: 'realm_user_settings_defaults', build: realmUserSettingsDefaultsState },
  { when: 'realm_domains', build: fixed({ realm_domains: [] }) },
  { when: 'realm_emoji', build: (c) => ({ realm_emoji: realmEmojiDict(c.store) }) },
  // A client without the linkifier_url_template capability gets none: it could not read
  // URL templates (zerver/lib/events.py fetch_initial_state_data).
  { when: 'realm_linkifiers', build: (c) => ({ realm_linkifiers: c.view.capabilities.linkifier_url_template ? linkifiersForRealm(c.store) : [] }) },
  { when: 'realm_filters', build: fixed({ realm_filters: [] }) },
  { when: 'realm_playgrounds', build: fixed({ realm_playgrounds: [] }) },
  { when: 'realm_billing', build: fixed({ realm_billing: { has_pending_sponsorship_request: false } }) },
  { when: 'realm_user', build: realmUserState },
  { when: 'realm_bot', build: realmBotState },
  { when: 'realm_embedded_bots', build: fixed({ realm_embedded_bots: EMBEDDED_BOTS.map(({ name, config }) => ({ name, config: { ...config } })) }) },
  // NOTE: approximation: the real server lists its ~90 incoming webhook integrations here, each
  // with event types read from its webhook view and its config and URL options; Understudy
  // implements no incoming webhook, so it lists none.
  { when: 'realm_incoming_webhook_bots', build: fixed({ realm_incoming_webhook_bots: [] }) },
  { when: 'recent_private_conversations', build: recentConversationsState },
  { when: 'subscription', build: (c) => (c.spectator ? webPublicSubscriptionState(c) : subscriptionState(c)) },
  { when: 'channel_folders', build: fixed({ channel_folders: [] }) },
  // Keeping unread counts current needs both message and flag events.
  { when: (c) => c.want('update_message_flags') && c.want('message'), build: unreadMsgs },
  { when: 'starred_messages', build: starredMessagesState },
  // Not for spectators (include_streams is off for them).
  { when: (c) => c.want('stream') && !c.spectator, build: streamsState },
  { when: 'default_streams', build: defaultStreamsState },
  { when: 'default_stream_groups', build: fixed({ realm_default_stream_groups: [] }) },
  { when: 'stop_words', build: fixed({ stop_words: STOP_WORD_LIST }) },
  { when: (c) => c.want('update_display_settings') && sendsLegacySettings(c), build: legacyDisplaySettingsState },
  { when: (c) => c.want('update_global_notifications') && sendsLegacySettings(c), build: legacyNotificationSettingsState },
  { when: 'user_settings', build: userSettingsState },
  // Statuses need an account: a spectator gets none.
  { when: 'user_status', build: (c) => ({ user_status: c.spectator ? {} : allUserStatuses(c.store, c.user, c.nowMs) }) },
  { when: 'user_topic', build: userTopicsState },
  { when: 'video_calls', build: videoCallsInitialState },
  // GIPHY_API_KEY is not set.
  { when: 'giphy', build: fixed({ giphy_api_key: '' }) },
  { when: since('device', 'push_device_registration'), build: devicesInitialState },
];

/**
 * presences (slim with slim_presence or simplified_presence_events), with the update id
 * for a user; a spectator gets no presence and no update id.
 */
function presenceState(ctx: StateContext): Record<string, unknown> {
  const server_timestamp = ctx.nowMs / 1000;
  if (ctx.spectator) return { presences: {}, server_timestamp };
  const slim = ctx.view.slimPresence || ctx.view.capabilities.simplified_presence_events;
  const { presences, lastUpdateId } = realmPresence(ctx.store, ctx.nowMs, { slim, lastUpdateId: null, historyLimitDays: ctx.view.presenceHistoryLimitDays ?? null });
  return { presences, presence_last_update_id: lastUpdateId, server_timestamp };
}

/** realm_user_groups: by id; deactivated groups only with include_deactivated_groups. */
function realmUserGroupsState(ctx: StateContext): Record<string, unknown> {
  const groups = ctx.store.groups().filter((g) => ctx.view.capabilities.include_deactivated_groups || !g.deactivated);
  return { realm_user_groups: groups.map((g) => formatUserGroup(ctx.store, g, ctx.nowMs)) };
}

/** The real server's stand-in for a spectator: a guest with id 0 and default settings. */
function spectatorUser(world: World): User {
  return newUser({
    user_id: 0,
    delivery_email: 'username@example.com',
    full_name: 'Anonymous User',
    role: ROLE.guest,
    date_joined: world.nowMs(),
    api_key: '',
  });
}

/** The initial state for `user`, or for a logged-out spectator when null. */
export function initialState(world: World, user: User | null, view: RegisterView): Record<string, unknown> {
  const wanted = view.fetchEventTypes;
  const ctx: StateContext = {
    world,
    store: world.store,
    user: user ?? spectatorUser(world),
    spectator: user === null,
    view,
    nowMs: world.nowMs(),
    want: (type) => wanted === null || wanted.has(type),
  };
  const state: Record<string, unknown> = {};
  for (const part of PARTS) {
    const wantedHere = typeof part.when === 'string' ? ctx.want(part.when) : part.when(ctx);
    if (wantedHere) Object.assign(state, part.build(ctx));
  }
  return state;
}
