// Test support for reference/domain/apply-events.property.test.ts: random actions by
// fixture users, over every family of requests that emits events (drafts, scheduled
// messages and reminders too, delivered as the clock moves), each through the public
// API (ref.dispatch) as a client would call it. Steps name users, channels,
// messages and groups by small numbers, taken modulo what exists when the step runs, so
// that any sequence is valid and shrinks well; a refused request is part of the test
// (it must emit nothing).
import fc from 'fast-check';
import type { Reference } from '../index.ts';
import type { ApiResponse } from '../http/request.ts';
import { callAs } from './call-as.ts';

/** Fixture characters who act: owner, administrator, moderator, members, a guest, a bot. */
export const ACTORS = [3, 4, 5, 6, 7, 8, 9, 10, 12, 13] as const;
/** Who may be deactivated: nobody who holds a queue (a deactivated user cannot register again to compare). */
export const DEACTIVATABLE = [5, 8, 9, 10, 11] as const;
const SYSTEM_GROUPS = [1, 2, 3, 4, 5, 6, 7];
const TOPICS = ['apply', 'Apply', 'other', ''];
const CONTENT = ['hello', '@**all** listen', '@**King Hamlet** look', '@**Cordelia, Lear’s daughter** hi', '/me waves'];

export interface World {
  ref: Reference;
  /** Channels by id and name (no step renames one). */
  channels: Array<{ id: number; name: string }>;
  /** Drafts, scheduled messages and reminders made by the steps: [owner, id]. */
  drafts: Array<[number, number]>;
  scheduled: Array<[number, number]>;
  reminders: Array<[number, number]>;
  /** Messages sent by the steps, with their senders. */
  messages: Array<{ id: number; sender: number }>;
  groups: number[];
  /** Channels archived by the steps. */
  archived: Set<number>;
  devices: Array<[number, number]>;
  users: number[];
  /** The guests among ACTORS and users. */
  guests: Set<number>;
  /** Guests who left a channel: they keep its messages, but hear of no deletion there. */
  guestsWhoLeft: Set<number>;
  seq: number;
}

export type Step =
  | { k: 'send'; who: number; channel: number; topic: number; content: number }
  | { k: 'dm'; who: number; to: number[] }
  | { k: 'delete'; who: number; message: number }
  | { k: 'edit'; who: number; message: number; content: number }
  | { k: 'move'; who: number; message: number; channel: number | null; topic: number; mode: number; notify: number }
  | { k: 'subscribe'; who: number; channel: number; target: number | null }
  | { k: 'unsubscribe'; who: number; channel: number; target: number | null }
  | { k: 'create'; who: number; kind: number; isDefault: boolean }
  | { k: 'property'; who: number; channel: number; property: number; value: boolean }
  | { k: 'group'; who: number; members: number[]; subgroups: number[] }
  | { k: 'subgroups'; who: number; group: number; add: number[]; del: number[] }
  | { k: 'deactivate'; who: number; target: number; deleteMessages: boolean }
  | { k: 'realm'; who: number; setting: number; value: number }
  | { k: 'typing'; who: number; to: number[]; channel: number | null }
  | { k: 'addUser'; role: number }
  | { k: 'archive'; channel: number }
  | { k: 'device'; who: number; op: number }
  | { k: 'vidprov'; who: number; value: boolean }
  | { k: 'draft'; who: number; op: number; channel: number; index: number }
  | { k: 'schedule'; who: number; op: number; channel: number; minutes: number; index: number }
  | { k: 'remind'; who: number; op: number; message: number; minutes: number; index: number }
  | { k: 'advance'; minutes: number };

const n = (max = 30) => fc.nat(max);
const who = fc.nat(ACTORS.length * 3);
/** Another user to act on, in one step of `oneIn`; else the actor themself (null). */
const target = (oneIn: number) => fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: n() });
export const STEP: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('send' as const), who, channel: n(), topic: n(3), content: n(4) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('dm' as const), who, to: fc.array(n(), { minLength: 1, maxLength: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('delete' as const), who, message: n(60) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('subscribe' as const), who, channel: n(), target: target(2) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('unsubscribe' as const), who, channel: n(), target: target(5) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('create' as const), who, kind: n(3), isDefault: n(3).map((x) => x === 0) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('property' as const), who, channel: n(), property: n(5), value: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('group' as const), who, members: fc.array(n(), { maxLength: 3 }), subgroups: fc.array(n(), { maxLength: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('subgroups' as const), who: n(3), group: n(), add: fc.array(n(), { minLength: 1, maxLength: 2 }), del: fc.array(n(), { maxLength: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deactivate' as const), who: n(1), target: n(), deleteMessages: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('realm' as const), who: n(3), setting: n(14), value: n(20) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('typing' as const), who, to: fc.array(n(), { minLength: 1, maxLength: 2 }), channel: fc.option(n()) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('addUser' as const), role: n(5) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('archive' as const), channel: n() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('device' as const), who, op: n(2) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('vidprov' as const), who, value: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('draft' as const), who, op: n(2), channel: n(), index: n() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('schedule' as const), who, op: n(2), channel: n(), minutes: n(9), index: n() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('remind' as const), who, op: n(1), message: n(60), minutes: n(9), index: n() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('advance' as const), minutes: n(6) }) },
);

/**
 * Edits and moves of messages among the steps that make and reach them (sending, direct
 * messages, subscriptions, new channels, time): a run of its own, so that STEP's runs stay
 * as they were.
 */
export const EDIT_STEP: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('send' as const), who, channel: n(), topic: n(3), content: n(4) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('dm' as const), who, to: fc.array(n(), { minLength: 1, maxLength: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('edit' as const), who, message: n(60), content: n(4) }) },
  {
    weight: 5,
    arbitrary: fc.record({ k: fc.constant('move' as const), who, message: n(60), channel: fc.option(n(), { freq: 2 }), topic: n(5), mode: n(2), notify: n(3) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delete' as const), who, message: n(60) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('subscribe' as const), who, channel: n(), target: target(2) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('unsubscribe' as const), who, channel: n(), target: target(5) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('create' as const), who, kind: n(3), isDefault: fc.constant(false) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('advance' as const), minutes: n(6) }) },
);

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;
const actor = (w: World, i: number) => pick([...ACTORS, ...w.users], i);
const people = (w: World, is: number[]) => [...new Set(is.map((i) => actor(w, i)))];
const ok = (res: ApiResponse) => res.status === 200;

/** Group settings a realm may take: system groups, a user group, and anonymous groups. */
function settingValue(w: World, i: number): unknown {
  if (i < 10) return pick([...SYSTEM_GROUPS, ...w.groups, 9], i);
  return { direct_members: [actor(w, i)], direct_subgroups: [pick(SYSTEM_GROUPS, i)] };
}

/** PATCH /realm: one setting per step. Who may see whom (can_access_all_users_group) is left out: see the test. */
function realmParams(w: World, setting: number, value: number): Record<string, unknown> {
  const group = (name: string) => ({ [name]: { new: settingValue(w, value) } });
  const settings: Array<() => Record<string, unknown>> = [
    () => ({ name: `Zulip ${value}` }),
    () => ({ description: `About ${value}` }),
    () => ({ waiting_period_threshold: value % 3 }),
    () => ({ topics_policy: value % 2 ? 'allow_empty_topic' : 'disable_empty_topic' }),
    () => ({ enable_spectator_access: value % 2 === 0 }),
    () => ({ message_content_delete_limit_seconds: value % 2 ? '"unlimited"' : 600 + value }),
    () => ({ new_stream_announcements_stream_id: value % 3 === 0 ? -1 : pick(w.channels, value).id }),
    () => ({ moderation_request_channel_id: value % 3 === 0 ? -1 : pick(w.channels, value).id }),
    () => group('can_create_public_channel_group'),
    () => group('can_create_private_channel_group'),
    () => group('can_create_web_public_channel_group'),
    () => group('can_invite_users_group'),
    () => group('can_mention_many_users_group'),
    () => group('can_create_groups'),
    () => group('can_add_subscribers_group'),
  ];
  return pick(settings, setting)();
}

/** Run one step; a refused request is fine (it must change nothing). */
export function runStep(w: World, s: Step): void {
  const { ref } = w;
  switch (s.k) {
    case 'send': {
      const sender = actor(w, s.who);
      const to = pick(w.channels, s.channel).id;
      // A guest posts only where subscribed: the real server does not tell a guest who is
      // not subscribed that their message in a public channel was deleted
      // (event_recipient_ids_for_action_on_messages leaves such guests out), so no client
      // of theirs could follow.
      if (w.guests.has(sender) && !subscribedTo(w, sender, to)) return;
      const res = callAs(ref, sender, 'POST', '/messages', { type: 'stream', to, topic: pick(TOPICS, s.topic), content: pick(CONTENT, s.content) });
      if (ok(res)) w.messages.push({ id: res.json['id'] as number, sender });
      return;
    }
    case 'dm': {
      const sender = actor(w, s.who);
      const res = callAs(ref, sender, 'POST', '/messages', { type: 'direct', to: people(w, s.to), content: 'psst @**all**' });
      if (ok(res)) w.messages.push({ id: res.json['id'] as number, sender });
      return;
    }
    case 'delete': {
      if (w.messages.length === 0) return;
      // The sender, an administrator, or anyone.
      const { id, sender } = pick(w.messages, s.message);
      callAs(ref, s.who % 3 === 0 ? sender : s.who % 3 === 1 ? 4 : actor(w, s.who), 'DELETE', `/messages/${id}`);
      return;
    }
    case 'edit': {
      // The sender (mostly), or anyone: only senders may edit content.
      if (w.messages.length === 0) return;
      const { id, sender } = pick(w.messages, s.message);
      callAs(ref, s.who % 4 === 0 ? actor(w, s.who) : sender, 'PATCH', `/messages/${id}`, { content: pick(CONTENT, s.content) });
      return;
    }
    case 'move': {
      // A topic move or resolve in the channel, or a move to another channel, by any mode.
      if (w.messages.length === 0) return;
      const { id, sender } = pick(w.messages, s.message);
      const params: Record<string, unknown> = {
        topic: pick([...TOPICS, '✔ apply', 'moved'], s.topic),
        propagate_mode: pick(['change_one', 'change_later', 'change_all'], s.mode),
        send_notification_to_old_thread: s.notify % 2 === 1,
        send_notification_to_new_thread: s.notify < 2,
      };
      if (s.channel !== null) params['stream_id'] = pick(w.channels, s.channel).id;
      callAs(ref, s.who % 3 === 0 ? sender : s.who % 3 === 1 ? 4 : actor(w, s.who), 'PATCH', `/messages/${id}`, params);
      return;
    }
    case 'subscribe':
    case 'unsubscribe': {
      const { name } = pick(w.channels, s.channel);
      const principals = s.target === null ? {} : { principals: [actor(w, s.target)] };
      if (s.k === 'subscribe') {
        callAs(ref, actor(w, s.who), 'POST', '/users/me/subscriptions', { subscriptions: [{ name }], ...principals });
        return;
      }
      const res = callAs(ref, actor(w, s.who), 'DELETE', '/users/me/subscriptions', { subscriptions: [name], ...principals });
      const who = s.target === null ? actor(w, s.who) : actor(w, s.target);
      if (ok(res) && (res.json['removed'] as string[]).length > 0 && w.guests.has(who)) w.guestsWhoLeft.add(who);
      return;
    }
    case 'create': {
      const name = `ae ${w.seq++}`;
      const kind = [{}, { invite_only: true, history_public_to_subscribers: true }, { invite_only: true }, { is_web_public: true }][s.kind] as object;
      const creator = actor(w, s.who);
      const res = callAs(ref, creator, 'POST', '/users/me/subscriptions', { subscriptions: [{ name }], ...kind, is_default_stream: s.isDefault });
      if (ok(res)) w.channels.push({ id: callAs(ref, creator, 'GET', '/get_stream_id', { stream: name }).json['stream_id'] as number, name });
      return;
    }
    case 'property': {
      const property = pick(['is_muted', 'in_home_view', 'pin_to_top', 'desktop_notifications', 'push_notifications', 'color'], s.property);
      const value = property === 'color' ? (s.value ? '#aabbcc' : '#123456') : s.value;
      callAs(ref, actor(w, s.who), 'POST', '/users/me/subscriptions/properties', { subscription_data: [{ stream_id: pick(w.channels, s.channel).id, property, value }] });
      return;
    }
    case 'group': {
      const subgroups = s.subgroups.map((i) => pick([...SYSTEM_GROUPS, 9, ...w.groups], i));
      const res = callAs(ref, actor(w, s.who), 'POST', '/user_groups/create', { name: `group ${w.seq++}`, description: '', members: people(w, s.members), subgroups });
      if (ok(res)) w.groups.push(res.json['group_id'] as number);
      return;
    }
    case 'subgroups': {
      const all = [...SYSTEM_GROUPS, 9, ...w.groups];
      const ids = (is: number[]) => [...new Set(is.map((i) => pick(all, i)))];
      // The owner may manage every group (can_manage_all_groups); others, the groups they made.
      callAs(ref, pick([3, 3, 3, 6], s.who), 'POST', `/user_groups/${pick([...w.groups, 9], s.group)}/subgroups`, { add: ids(s.add), delete: ids(s.del) });
      return;
    }
    case 'deactivate': {
      const actions = s.deleteMessages ? { actions: { delete_profile: true, delete_public_channel_messages: true, delete_private_channel_messages: true, delete_direct_messages: true } } : {};
      callAs(ref, pick([3, 4], s.who), 'DELETE', `/users/${pick([...DEACTIVATABLE, ...w.users], s.target)}`, actions);
      return;
    }
    case 'realm':
      callAs(ref, pick([3, 3, 3, 4], s.who), 'PATCH', '/realm', realmParams(w, s.setting, s.value));
      return;
    case 'typing': {
      const params = s.channel === null ? { op: 'start', to: people(w, s.to) } : { op: 'start', type: 'channel', stream_id: pick(w.channels, s.channel).id, topic: 'apply' };
      callAs(ref, actor(w, s.who), 'POST', '/typing', params);
      return;
    }
    case 'addUser': {
      // A user of some role, or a bot owned by someone who may be deactivated (with the bot).
      const email = `new${w.seq++}@zulip.com`;
      const kind = s.role < 5 ? { role: pick(['owner', 'administrator', 'moderator', 'member', 'guest'], s.role) } : { bot_type: '1', bot_owner_id: String(pick(DEACTIVATABLE, w.seq)) };
      const res = ref.dispatch({ method: 'POST', path: '/_understudy/users', body: { email, full_name: `New ${w.seq}`, ...kind } });
      if (ok(res) && s.role < 5) w.users.push(res.json['user_id'] as number);
      if (ok(res) && s.role === 4) w.guests.add(res.json['user_id'] as number);
      return;
    }
    case 'archive': {
      const { id } = pick(w.channels, s.channel);
      if (ok(ref.dispatch({ method: 'POST', path: `/_understudy/channels/${id}/archive` }))) w.archived.add(id);
      return;
    }
    case 'device':
      runDeviceStep(w, actor(w, s.who), s.op);
      return;
    case 'vidprov':
      ref.dispatch({ method: 'POST', path: '/_understudy/vidprov/token', body: { user_id: String(actor(w, s.who)), has_token: String(s.value) } });
      return;
    case 'draft':
    case 'schedule':
    case 'remind':
      runTimedStep(w, s);
      return;
    case 'advance':
      // Due scheduled messages and reminders are delivered as the clock passes them.
      ref.dispatch({ method: 'POST', path: '/_understudy/clock/advance', body: { ms: String(s.minutes * 60_000) } });
      return;
  }
}

const nowSeconds = (w: World) => Math.floor((w.ref.dispatch({ method: 'POST', path: '/_understudy/clock/advance', body: { ms: '0' } }).json['now_ms'] as number) / 1000);

/** Create a draft, scheduled message or reminder (op 0), or edit or delete one of the actor's. */
function runTimedStep(w: World, s: Extract<Step, { k: 'draft' | 'schedule' | 'remind' }>): void {
  const { ref } = w;
  const user = actor(w, s.who);
  const list = s.k === 'draft' ? w.drafts : s.k === 'schedule' ? w.scheduled : w.reminders;
  const mine = list.filter(([owner]) => owner === user).map(([, id]) => id);
  if (s.k === 'draft') {
    const channel = pick(w.channels, s.channel).id;
    const draft = { type: 'stream', to: [channel], topic: 'plans', content: `draft ${w.seq++}` };
    if (s.op === 0 || mine.length === 0) {
      const res = callAs(ref, user, 'POST', '/drafts', { drafts: [draft] });
      if (ok(res)) w.drafts.push([user, (res.json['ids'] as number[])[0] as number]);
    } else if (s.op === 1) callAs(ref, user, 'PATCH', `/drafts/${pick(mine, s.index)}`, { draft });
    else callAs(ref, user, 'DELETE', `/drafts/${pick(mine, s.index)}`);
    return;
  }
  const at = nowSeconds(w) + 60 * (s.minutes + 1);
  if (s.k === 'schedule') {
    if (s.op === 0 || mine.length === 0) {
      const res = callAs(ref, user, 'POST', '/scheduled_messages', { type: 'channel', to: pick(w.channels, s.channel).id, topic: 'later', content: `later ${w.seq++}`, scheduled_delivery_timestamp: at });
      if (ok(res)) w.scheduled.push([user, res.json['scheduled_message_id'] as number]);
    } else if (s.op === 1) callAs(ref, user, 'PATCH', `/scheduled_messages/${pick(mine, s.index)}`, { scheduled_delivery_timestamp: at, content: `moved ${w.seq++}` });
    else callAs(ref, user, 'DELETE', `/scheduled_messages/${pick(mine, s.index)}`);
    return;
  }
  if (s.op === 0 || mine.length === 0) {
    if (w.messages.length === 0) return;
    const res = callAs(ref, user, 'POST', '/reminders', { message_id: pick(w.messages, s.message).id, scheduled_delivery_timestamp: at, note: 'look again' });
    if (ok(res)) w.reminders.push([user, res.json['reminder_id'] as number]);
  } else callAs(ref, user, 'DELETE', `/reminders/${pick(mine, s.index)}`);
}

function subscribedTo(w: World, userId: number, streamId: number): boolean {
  const res = callAs(w.ref, userId, 'GET', '/users/me/subscriptions');
  return ok(res) && (res.json['subscriptions'] as Array<{ stream_id: number }>).some((c) => c.stream_id === streamId);
}

/** A 0x31-prefixed secret-box key, Base64. */
const PUSH_KEY = btoa(String.fromCharCode(0x31, ...new Array<number>(32).fill(7)));

/** Register a client device (the user's first, at least), then remove it or register it for push with a sealed token. */
function runDeviceStep(w: World, userId: number, op: number): void {
  const { ref } = w;
  if (op === 0 || !w.devices.some(([owner]) => owner === userId)) {
    const res = callAs(ref, userId, 'POST', '/register_client_device');
    if (ok(res)) w.devices.push([userId, res.json['device_id'] as number]);
  }
  const mine = w.devices.filter(([owner]) => owner === userId);
  if (op === 0 || mine.length === 0) return;
  const [, deviceId] = mine[mine.length - 1] as [number, number];
  if (op === 1) {
    if (ok(callAs(ref, userId, 'POST', '/remove_client_device', { device_id: deviceId }))) w.devices = w.devices.filter(([, d]) => d !== deviceId);
    return;
  }
  const sealed = ref.dispatch({ method: 'POST', path: '/_understudy/push/seal', body: { token: `token-${w.seq++}`, token_kind: 'kind_a' } }).json;
  const { encrypted_push_registration, token_id, bouncer_public_key } = sealed;
  callAs(ref, userId, 'POST', '/mobile_push/register', { device_id: deviceId, push_key: PUSH_KEY, push_key_id: 1000 + w.seq, token_kind: 'kind_a', token_id, bouncer_public_key, encrypted_push_registration });
}
