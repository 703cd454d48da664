// Who gets an encrypted mobile notification, in what format, and the outbox that
// records them: direct messages, mentions, followed topics, channels with push on,
// muting, the sender, removal on deletion, the 1,000-entry bound, determinism.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64 } from '../crypto/encoding.ts';
import { formatPushKey } from '../crypto/push-key.ts';
import { secretboxOpen } from '../crypto/secretbox.ts';
import { pushRecipients, pushTrigger } from '../domain/push.ts';
import { createReference, type Reference } from '../index.ts';
import { DEVICES } from '../state/devices.ts';
import { OUTBOX_LIMIT } from '../state/push-outbox.ts';
import { FLAG } from '../state/types.ts';
import { callAs } from '../testing/call-as.ts';

const IAGO = 4;
const HAMLET = 6;
const CORDELIA = 7;
const DEFAULT_BOT = 13;
const VERONA = 1;
const keyOf = (userId: number, n = 0) => new Uint8Array(32).fill(userId * 10 + n);

function ok(res: { status: number; json: Record<string, unknown> }) {
  assert.is(res.status, 200, JSON.stringify(res.json));
  return res.json;
}

/** A registered device for the user (FCM unless told), with key keyOf(userId, n) under key id 100*userId+n. */
function phone(ref: Reference, userId: number, n = 0, kind: 'kind_a' | 'kind_b' = 'kind_a'): number {
  const device = ok(callAs(ref, userId, 'POST', '/register_client_device'))['device_id'] as number;
  const token = kind === 'kind_a' ? `fcm-${userId}-${n}` : `abcdef${userId}${n}`.padEnd(16, '0');
  const sealed = ref.control.sealPushRegistration({
    token,
    token_kind: kind,
    timestamp: Math.floor(ref.control.now() / 1000),
    ...(kind === 'kind_b' ? { ios_app_id: 'org.zulip.Zulip' } : {}),
  });
  ok(callAs(ref, userId, 'POST', '/mobile_push/register', { device_id: device, push_key: formatPushKey(keyOf(userId, n)), push_key_id: 100 * userId + n, token_kind: kind, ...sealed }));
  return device;
}

function decrypt(ref: Reference, entry: { user_id: number; push_key_id: number; encrypted_data: string }): Record<string, unknown> {
  const n = entry.push_key_id - 100 * entry.user_id;
  const plain = secretboxOpen(keyOf(entry.user_id, n), base64.decode(entry.encrypted_data));
  assert.ok(plain, 'the notification opens with the key its push_key_id names');
  return JSON.parse(new TextDecoder().decode(plain!)) as Record<string, unknown>;
}

const send = (ref: Reference, from: number, params: Record<string, unknown>) => ok(callAs(ref, from, 'POST', '/messages', params))['id'] as number;
const toChannel = (ref: Reference, from: number, content: string, topic = 'push') => send(ref, from, { type: 'stream', to: 'Verona', topic, content });
const notified = (ref: Reference) => ref.control.pushOutbox().map((n) => n.user_id);
const setSub = (ref: Reference, who: number, property: string, value: boolean) =>
  ok(callAs(ref, who, 'PATCH', `/users/me/subscriptions/${VERONA}`, { property, value }));

test('a direct message notifies every other participant\'s devices, never the sender\'s', () => {
  const ref = createReference();
  const hamletPhone = phone(ref, HAMLET);
  const hamletTablet = phone(ref, HAMLET, 1, 'kind_b');
  phone(ref, CORDELIA);
  phone(ref, IAGO);
  const id = send(ref, IAGO, { type: 'direct', to: [HAMLET, CORDELIA], content: 'all three' });
  const out = ref.control.pushOutbox();
  assert.equal(out.map((n) => [n.user_id, n.device_id]), [[HAMLET, hamletPhone], [HAMLET, hamletTablet], [CORDELIA, out[2]!.device_id]]);
  const payload = decrypt(ref, out[0]!);
  assert.equal(
    [payload['type'], payload['recipient_type'], payload['recipient_user_ids'], payload['message_id'], payload['sender_id'], payload['user_id']],
    ['message', 'direct', [IAGO, HAMLET, CORDELIA], id, IAGO, HAMLET],
  );
  assert.equal(decrypt(ref, out[1]!), payload, 'the same payload for each device, under its own key');
  assert.is.not(out[0]!.encrypted_data.slice(0, 32), out[1]!.encrypted_data.slice(0, 32), 'a fresh nonce per notification');
});

test('the APNs format: topic is the app id, the key id a number, an alert for the notification service extension', () => {
  const ref = createReference();
  phone(ref, HAMLET, 0, 'kind_b');
  send(ref, IAGO, { type: 'direct', to: [HAMLET], content: 'hi' });
  const [entry] = ref.control.pushOutbox();
  assert.is(entry!.token_kind, 'kind_b');
  assert.equal(entry!.request, {
    device_token: 'abcdef60'.padEnd(16, '0'),
    topic: 'org.zulip.Zulip',
    priority: 10,
    push_type: 'alert',
    payload: { push_key_id: 600, encrypted_data: entry!.encrypted_data, aps: { 'mutable-content': 1, alert: { title: 'New notification' } } },
  });
  assert.is(base64.decode(entry!.encrypted_data).length, 24 + 16 + new TextEncoder().encode(JSON.stringify(decrypt(ref, entry!))).length);
});

test('a channel message: nobody by default; the subscription\'s push setting turns it on, muting the channel off again', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  toChannel(ref, IAGO, 'plain');
  assert.equal(notified(ref), []);
  setSub(ref, HAMLET, 'push_notifications', true);
  const id = toChannel(ref, IAGO, 'now with push');
  assert.equal(notified(ref), [HAMLET]);
  const payload = decrypt(ref, ref.control.pushOutbox()[0]!);
  assert.equal(
    [payload['recipient_type'], payload['channel_id'], payload['channel_name'], payload['topic'], payload['message_id'], payload['content']],
    ['channel', VERONA, 'Verona', 'push', id, 'now with push'],
  );
  assert.is(payload['recipient_user_ids'], undefined);
  setSub(ref, HAMLET, 'is_muted', true);
  toChannel(ref, IAGO, 'muted');
  assert.is(ref.control.pushOutbox().length, 1);
});

test('a mention notifies, in a muted channel too; a silent mention does not', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  setSub(ref, HAMLET, 'is_muted', true);
  toChannel(ref, IAGO, 'hey @_**King Hamlet**');
  assert.equal(notified(ref), []);
  toChannel(ref, IAGO, 'hey @**King Hamlet**');
  assert.equal(notified(ref), [HAMLET]);
  const payload = decrypt(ref, ref.control.pushOutbox()[0]!);
  assert.is(payload['content'], 'hey @King Hamlet');
  assert.is(payload['mentioned_user_group_id'], undefined);
});

test('a group mention names the smallest group holding the user; a mention by name names none', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  phone(ref, CORDELIA);
  const solo = ok(callAs(ref, IAGO, 'POST', '/user_groups/create', { name: 'solo', description: 'one', members: [HAMLET] }))['group_id'];
  toChannel(ref, IAGO, '@*hamletcharacters* and @*solo*');
  const [hamlet, cordelia] = ref.control.pushOutbox().map((n) => decrypt(ref, n));
  assert.equal([hamlet!['mentioned_user_group_id'], hamlet!['mentioned_user_group_name']], [solo, 'solo']);
  assert.equal([cordelia!['mentioned_user_group_id'], cordelia!['mentioned_user_group_name']], [9, 'hamletcharacters']);
  assert.is(hamlet!['content'], '@hamletcharacters and @solo');
  toChannel(ref, IAGO, '@*solo* and @**King Hamlet**');
  assert.is(decrypt(ref, ref.control.pushOutbox().at(-1)!)['mentioned_user_group_id'], undefined);
});

test('a followed topic notifies; starting a topic follows it', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  toChannel(ref, HAMLET, 'I start this', 'my topic');
  toChannel(ref, IAGO, 'a reply', 'my topic');
  assert.equal(notified(ref), [HAMLET]);
  const message = ref.store.message(ref.store.allMessageIds().at(-1)!)!;
  assert.is(pushTrigger(ref.store, HAMLET, message, 0), 'followed_topic_push_notify');
});

test('wildcard mentions: on by default, off by the subscription\'s setting or muting; in a followed topic they win', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  toChannel(ref, IAGO, '@**all** hear');
  assert.equal(notified(ref), [HAMLET]);
  const message = ref.store.message(ref.store.allMessageIds().at(-1)!)!;
  assert.is(pushTrigger(ref.store, HAMLET, message, FLAG.stream_wildcard_mentioned), 'stream_wildcard_mentioned');
  setSub(ref, HAMLET, 'wildcard_mentions_notify', false);
  toChannel(ref, IAGO, '@**all** again');
  assert.is(ref.control.pushOutbox().length, 1);
  setSub(ref, HAMLET, 'wildcard_mentions_notify', true);
  setSub(ref, HAMLET, 'is_muted', true);
  toChannel(ref, IAGO, '@**everyone** muted');
  assert.is(ref.control.pushOutbox().length, 1);
  // A followed topic in the muted channel: the followed-topic wildcard trigger.
  toChannel(ref, HAMLET, 'mine', 'followed');
  toChannel(ref, IAGO, '@**topic** here', 'followed');
  assert.is(ref.control.pushOutbox().length, 2);
  const last = ref.store.message(ref.store.allMessageIds().at(-1)!)!;
  assert.is(pushTrigger(ref.store, HAMLET, last, FLAG.topic_wildcard_mentioned), 'topic_wildcard_mentioned_in_followed_topic');
  assert.is(pushTrigger(ref.store, HAMLET, last, FLAG.stream_wildcard_mentioned), 'stream_wildcard_mentioned_in_followed_topic');
});

test('bots, the sender, users without a registered device and failed registrations get nothing', () => {
  const ref = createReference();
  phone(ref, IAGO);
  const failed = ok(callAs(ref, CORDELIA, 'POST', '/register_client_device'))['device_id'] as number;
  const sealed = ref.control.sealPushRegistration({ token: 't', token_kind: 'kind_a', timestamp: 0 });
  ok(callAs(ref, CORDELIA, 'POST', '/mobile_push/register', { device_id: failed, push_key: formatPushKey(keyOf(CORDELIA)), push_key_id: 1, token_kind: 'kind_a', ...sealed }));
  assert.is(ref.store.table(DEVICES).get(failed)!.push_registration_error_code, 'REQUEST_EXPIRED');
  send(ref, IAGO, { type: 'direct', to: [HAMLET, CORDELIA, DEFAULT_BOT], content: 'anyone?' });
  assert.equal(notified(ref), []);
  const message = ref.store.message(ref.store.allMessageIds().at(-1)!)!;
  const table = ref.store.table(DEVICES);
  table.put({ ...table.get(failed)!, user_id: DEFAULT_BOT, push_registration_error_code: null, push_token_id: 'AAAAAAAAAAE=', registration: { token: 't', token_kind: 'kind_a', ios_app_id: null } });
  assert.equal(pushRecipients(ref.store, message, new Map([[DEFAULT_BOT, 0], [IAGO, 0]])), [], 'a bot with a device, and the sender');
});

test('deleting a message removes its notification from the devices that got it, once', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  phone(ref, CORDELIA);
  const id = send(ref, IAGO, { type: 'direct', to: [HAMLET], content: 'secret' });
  const other = send(ref, IAGO, { type: 'direct', to: [CORDELIA], content: 'other' });
  ok(callAs(ref, IAGO, 'DELETE', `/messages/${id}`));
  const out = ref.control.pushOutbox();
  assert.equal(out.map((n) => n.user_id), [HAMLET, CORDELIA, HAMLET]);
  const removal = decrypt(ref, out[2]!);
  assert.equal(removal, { message_ids: [id], realm_name: removal['realm_name'], realm_url: removal['realm_url'], type: 'remove', user_id: HAMLET });
  ok(callAs(ref, IAGO, 'DELETE', `/messages/${other}`));
  assert.equal(notified(ref), [HAMLET, CORDELIA, HAMLET, CORDELIA]);
  const noPush = send(ref, HAMLET, { type: 'stream', to: 'Verona', topic: 'x', content: 'no push' });
  ok(callAs(ref, HAMLET, 'DELETE', `/messages/${noPush}`));
  assert.is(ref.control.pushOutbox().length, 4, 'no push, no removal');
});

test(`the outbox keeps the newest ${OUTBOX_LIMIT}; reset empties it`, () => {
  const ref = createReference();
  phone(ref, HAMLET);
  phone(ref, HAMLET, 1);
  phone(ref, HAMLET, 2);
  phone(ref, HAMLET, 3);
  const sends = Math.ceil((OUTBOX_LIMIT + 5) / 4);
  for (let i = 0; i < sends; i++) send(ref, IAGO, { type: 'direct', to: [HAMLET], content: `m${i}` });
  const out = ref.control.pushOutbox();
  assert.is(out.length, OUTBOX_LIMIT);
  assert.is(out.at(-1)!.id - out[0]!.id, OUTBOX_LIMIT - 1);
  assert.is(decrypt(ref, out.at(-1)!)['content'], `m${sends - 1}`);
  assert.is(ref.store.data.tables['push_outbox']!.size, OUTBOX_LIMIT, 'memory is bounded too');
  ref.reset();
  assert.equal(ref.control.pushOutbox(), []);
});

test('the same seed and requests give the same notification bytes; another seed other bytes', () => {
  const run = (seed: string) => {
    const ref = createReference({ seed });
    phone(ref, HAMLET);
    send(ref, IAGO, { type: 'direct', to: [HAMLET], content: 'same?' });
    return ref.control.pushOutbox()[0]!.encrypted_data;
  };
  assert.is(run('x'), run('x'));
  assert.is.not(run('x'), run('y'));
});

test('who muted the sender gets no notification; the others do', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  phone(ref, CORDELIA);
  ok(callAs(ref, HAMLET, 'POST', `/users/me/muted_users/${IAGO}`));
  send(ref, IAGO, { type: 'direct', to: JSON.stringify([HAMLET, CORDELIA]), content: 'hi both' });
  assert.equal(notified(ref), [CORDELIA]);
  ok(callAs(ref, HAMLET, 'DELETE', `/users/me/muted_users/${IAGO}`));
  send(ref, IAGO, { type: 'direct', to: JSON.stringify([HAMLET]), content: 'hi again' });
  assert.equal(notified(ref), [CORDELIA, HAMLET]);
});

test("muting withdraws the muting user's notifications of the muted user's messages, no one else's", () => {
  const ref = createReference();
  phone(ref, HAMLET);
  phone(ref, CORDELIA);
  const id = send(ref, IAGO, { type: 'direct', to: JSON.stringify([HAMLET, CORDELIA]), content: 'hi both' });
  const before = ref.control.pushOutbox().length;
  ok(callAs(ref, HAMLET, 'POST', `/users/me/muted_users/${IAGO}`));
  const after = ref.control.pushOutbox().slice(before);
  assert.equal(after.map((n) => n.user_id), [HAMLET]);
  const payload = decrypt(ref, after[0]!);
  assert.equal([payload['type'], payload['message_ids']], ['remove', [id]]);
});

test.run();
