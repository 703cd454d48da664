// What a registration asked for, as the initial state needs it, and what every part of
// the initial state is built from (zulip/zulip zerver/lib/events.py
// fetch_initial_state_data and do_events_register). POST /register parses the request
// into a RegisterView; domain/initial-state.ts builds the state from it.
import type { Store } from '../../state/store.ts';
import type { User } from '../../state/types.ts';
import type { World } from '../../world.ts';

/** client_capabilities, every one a boolean (unknown keys are dropped when parsing). */
export interface ClientCapabilities {
  notification_settings_null: boolean;
  bulk_message_deletion: boolean;
  user_avatar_url_field_optional: boolean;
  stream_typing_notifications: boolean;
  user_settings_object: boolean;
  linkifier_url_template: boolean;
  user_list_incomplete: boolean;
  include_deactivated_groups: boolean;
  archived_channels: boolean;
  empty_topic_name: boolean;
  simplified_presence_events: boolean;
}

/** Every capability off: DEFAULT_CLIENT_CAPABILITIES. */
export const NO_CAPABILITIES: ClientCapabilities = {
  notification_settings_null: false,
  bulk_message_deletion: false,
  user_avatar_url_field_optional: false,
  stream_typing_notifications: false,
  user_settings_object: false,
  linkifier_url_template: false,
  user_list_incomplete: false,
  include_deactivated_groups: false,
  archived_channels: false,
  empty_topic_name: false,
  simplified_presence_events: false,
};

export interface RegisterView {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  slimPresence: boolean;
  /** presence_history_limit_days (null: the default two weeks). */
  presenceHistoryLimitDays?: number | null;
  includeSubscribers: 'true' | 'false' | 'partial';
  capabilities: ClientCapabilities;
  /** fetch_event_types, else event_types; null: every type. */
  fetchEventTypes: ReadonlySet<string> | null;
  /** false for old zulip-mobile releases, which see pronouns fields as short text (default true). */
  pronounsFieldTypeSupported?: boolean;
}

/** What every part of the initial state is computed from. */
export interface StateContext {
  readonly world: World;
  readonly store: Store;
  /**
   * The registering user; for a logged-out spectator, a stand-in guest with user id 0
   * and every setting at its default (the real server's settings_user), which owns
   * nothing, so per-user data comes out empty.
   */
  readonly user: User;
  /** A logged-out spectator (an organization with public access). */
  readonly spectator: boolean;
  readonly view: RegisterView;
  readonly nowMs: number;
  /** Is this fetch type wanted? (fetch_initial_state_data's `want`.) */
  want(type: string): boolean;
}

/** One part of the initial state: the keys it adds. */
export type StateProvider = (ctx: StateContext) => Record<string, unknown>;
