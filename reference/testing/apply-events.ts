// Test support: a client-side applier of events to a POST /register state, written from
// the real server's contract (zulip/zulip zerver/lib/events.py apply_events: for every
// queued event whose type the client fetched, apply_event; then post_process_state),
// sharing no code with the reference: it reads only what a client receives. Used by
// reference/domain/apply-events.property.test.ts, which holds the reference to that
// contract: the registration state with the queue's events applied equals a fresh
// registration.
//
// Each event type is one entry of HANDLERS; the families live in testing/applier/.
import { CHANNEL_HANDLERS } from './applier/channel-handlers.ts';
import { finishClientState, startClientState, type ApplierOptions, type ClientState, type Handler, type Obj } from './applier/client-state.ts';
import { MESSAGE_HANDLERS } from './applier/message-handlers.ts';
import { PERSONAL_HANDLERS } from './applier/personal-handlers.ts';
import { SETTINGS_HANDLERS } from './applier/settings-handlers.ts';
import { STATUS_HANDLERS } from './applier/status-handlers.ts';
import { REALM_CONFIG_HANDLERS } from './applier/realm-config-handlers.ts';
import { USER_HANDLERS } from './applier/user-handlers.ts';

export { finishClientState, startClientState, type ApplierOptions, type ClientState, type Obj };

/**
 * Reactions and submessages change no registration state: clients get them with the
 * messages (apply_event passes over both). But reacting to a channel message one never
 * received gives one a historical row of it, which can raise max_message_id with no event
 * saying so (the real server's apply_event leaves it too): a client refetches it.
 */
const MESSAGE_DETAIL_HANDLERS: Readonly<Record<string, Handler>> = {
  reaction: (client, event) => {
    if (event['user_id'] === client.options.userId && 'max_message_id' in client.state) client.refetch.add('max_message_id');
  },
  submessage: () => {},
};

export const HANDLERS: Readonly<Record<string, Handler>> = {
  ...MESSAGE_HANDLERS,
  ...CHANNEL_HANDLERS,
  ...USER_HANDLERS,
  ...PERSONAL_HANDLERS,
  ...REALM_CONFIG_HANDLERS,
  ...MESSAGE_DETAIL_HANDLERS,
  ...SETTINGS_HANDLERS,
  ...STATUS_HANDLERS,
};

/**
 * Event types the real server's apply_event handles and this applier does not (the
 * reference sends none of them; zulip/zulip zerver/lib/events.py apply_event). A client
 * that follows its state through this applier cannot go on after one (the conformance
 * suite stops following such a queue); a type in neither list is an error, as upstream's
 * apply_event raises "Unexpected event type".
 */
export const UNFOLLOWED_EVENT_TYPES: ReadonlySet<string> = new Set([
  'channel_folder',
  'navigation_view',
  'onboarding_steps',
  'push_device',
  'realm_domains',
  'realm_playgrounds',
]);

/**
 * apply_events: events of a type the client did not fetch are skipped (as the server
 * skips them); an event of a type no handler knows is an error, as it is for the server.
 */
export function applyEvents(client: ClientState, events: readonly Obj[]): void {
  const wanted = client.options.fetchEventTypes;
  for (const event of events) {
    const type = event['type'] as string;
    if (wanted !== null && !wanted.includes(type)) continue;
    const handler = HANDLERS[type];
    if (handler === undefined) throw new Error(`Unexpected event type ${type}`);
    handler(client, event);
  }
}
