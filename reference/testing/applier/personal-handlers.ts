// Test support: how a client applies the events about the user's own things (drafts,
// scheduled messages, reminders, client devices, video-call tokens) and the events that
// change no state, after the real server's apply_event (zulip/zulip
// zerver/lib/events.py) and the GET /events documentation.
import type { ClientState, Handler, Obj } from './client-state.ts';

/** Stable sort by scheduled_delivery_timestamp, as the server keeps both lists. */
const byDeliveryTime = (xs: Obj[]) => xs.sort((a, b) => a['scheduled_delivery_timestamp'] - b['scheduled_delivery_timestamp']);

/** drafts: add appends (the server does not re-sort); update replaces; remove deletes. */
const drafts: Handler = (client, event) => {
  const list = client.state['drafts'] as Obj[];
  if (event['op'] === 'add') list.push(...structuredClone(event['drafts'] as Obj[]));
  else {
    const id = event['op'] === 'update' ? event['draft']['id'] : event['draft_id'];
    const index = list.findIndex((d) => d['id'] === id);
    if (index === -1) throw new Error(`drafts ${event['op']} of a draft the client does not have: ${id}`);
    if (event['op'] === 'update') list[index] = structuredClone(event['draft']);
    else list.splice(index, 1);
  }
};

/** scheduled_messages: kept in delivery order. */
const scheduledMessages: Handler = (client, event) => {
  const state = client.state;
  const list = state['scheduled_messages'] as Obj[];
  if (event['op'] === 'add') state['scheduled_messages'] = byDeliveryTime([...list, ...structuredClone(event['scheduled_messages'] as Obj[])]);
  else if (event['op'] === 'update') {
    const next = structuredClone(event['scheduled_message'] as Obj);
    const index = list.findIndex((m) => m['scheduled_message_id'] === next['scheduled_message_id']);
    if (index === -1) return;
    const moved = list[index]?.['scheduled_delivery_timestamp'] !== next['scheduled_delivery_timestamp'];
    list[index] = next;
    if (moved) byDeliveryTime(list);
  } else if (event['op'] === 'remove') {
    state['scheduled_messages'] = list.filter((m) => m['scheduled_message_id'] !== event['scheduled_message_id']);
  } else throw new Error(`unexpected scheduled_messages op ${event['op']}`);
};

/** reminders: kept in delivery order, like scheduled messages. */
const reminders: Handler = (client, event) => {
  const state = client.state;
  if (event['op'] === 'add') state['reminders'] = byDeliveryTime([...(state['reminders'] as Obj[]), ...structuredClone(event['reminders'] as Obj[])]);
  else if (event['op'] === 'remove') state['reminders'] = (state['reminders'] as Obj[]).filter((r) => r['reminder_id'] !== event['reminder_id']);
  else throw new Error(`unexpected reminders op ${event['op']}`);
};

const DEVICE_FIELDS = ['push_key_id', 'push_token_id', 'pending_push_token_id', 'push_token_last_updated_timestamp', 'push_registration_error_code'];

/** device (feature level 468): `devices` keyed by id; a new device has every field null; an update names only what changed. */
const device: Handler = (client, event) => {
  const devices = client.state['devices'] as Record<string, Obj>;
  const id = String(event['device_id']);
  if (event['op'] === 'add') devices[id] = Object.fromEntries(DEVICE_FIELDS.map((k) => [k, null]));
  else if (event['op'] === 'remove') delete devices[id];
  else if (event['op'] === 'update') {
    const d = devices[id];
    if (d === undefined) throw new Error(`device update of a device the client does not have: ${id}`);
    for (const k of DEVICE_FIELDS) if (k in event) d[k] = event[k];
  } else throw new Error(`unexpected device op ${event['op']}`);
};

/** has_zoom_token, and the video-call provider's has_vidprov_token: the new value. */
const tokenFlag =
  (key: string): Handler =>
  (client: ClientState, event: Obj) => {
    client.state[key] = event['value'];
  };

const nothing: Handler = () => {};

export const PERSONAL_HANDLERS: Readonly<Record<string, Handler>> = {
  drafts,
  scheduled_messages: scheduledMessages,
  reminders,
  device,
  has_zoom_token: tokenFlag('has_zoom_token'),
  has_vidprov_token: tokenFlag('has_vidprov_token'),
  // Transient, or about data the registration does not hold.
  heartbeat: nothing,
  typing: nothing,
  typing_edit_message: nothing,
  reaction: nothing,
  submessage: nothing,
  attachment: nothing,
  realm_export: nothing,
  realm_export_consent: nothing,
  invites_changed: nothing,
  restart: nothing,
  web_reload_client: nothing,
};
