// The registration response's initial state (zulip/zulip zerver/lib/events.py
// fetch_initial_state_data): the keys for each wanted fetch type, shaped for the view
// and the client's capabilities.
// NOTE: approximation: for now only the realm limits and max_message_id are built here;
// the other fetch types follow.
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

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
  individual_emoji_changes: boolean;
}

export interface RegisterView {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  slimPresence: boolean;
  includeSubscribers: 'true' | 'false' | 'partial';
  capabilities: ClientCapabilities;
  /** null: every type. */
  fetchEventTypes: ReadonlySet<string> | null;
}

export function initialState(world: World, user: User | null, view: RegisterView): Record<string, unknown> {
  const want = (type: string) => view.fetchEventTypes === null || view.fetchEventTypes.has(type);
  const out: Record<string, unknown> = {};
  if (want('message') && user !== null) {
    const ids = world.store.userMessageIds(user.user_id);
    out['max_message_id'] = ids.length > 0 ? (ids[ids.length - 1] as number) : -1;
  }
  if (want('realm')) {
    Object.assign(out, {
      max_message_length: 10000,
      max_topic_length: 60,
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
      realm_empty_topic_display_name: world.store.realm.empty_topic_display_name,
      event_queue_longpoll_timeout_seconds: 90,
    });
  }
  return out;
}
