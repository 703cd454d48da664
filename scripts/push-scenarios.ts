// Writes the conformance scenarios of client devices, encrypted push registration and
// notifications, and video calls (scenarios/devices, push, push-matrix, video-calls),
// including the table of 32 registration requests: key fields complete or not, token
// fields complete or not, a device registered before or not, push_key valid or not,
// token_id valid or not — each with the outcome the real server's rules give.
//   npx tsx scripts/push-scenarios.ts      (rewrites those four directories)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { base64 } from '../reference/crypto/encoding.ts';
import { formatPushKey } from '../reference/crypto/push-key.ts';

type Json = Record<string, unknown>;
export interface Scenario {
  id: string;
  what: string;
  source: string[];
  needs?: string[];
  steps: Json[];
}

const ROOT = fileURLToPath(new URL('../scenarios/', import.meta.url));
const MEMBER = '${user:member.id}';
const KEY_1 = formatPushKey(new Uint8Array(32).fill(1));
const KEY_2 = formatPushKey(new Uint8Array(32).fill(2));
const WRONG_PREFIX = base64.encode(Uint8Array.of(0x32, ...new Uint8Array(32).fill(1)));
const NOT_BASE64 = '192057';

const SRC = {
  view: 'zerver/views/push_notifications.py::register_push_device',
  tests: 'zerver/tests/test_push_registration.py',
  key: 'zerver/lib/push_registration.py::check_push_key',
  bouncer: 'zilencer/views.py::do_register_remote_push_device',
  devices: 'zerver/views/devices.py',
  deviceActions: 'zerver/actions/devices.py',
  docs: 'zulip.com/api/register-push-device',
  payloads: 'zulip.com/api/mobile-notifications',
  triggers: 'zerver/lib/notification_data.py',
  push: 'zerver/lib/push_notifications.py',
  calls: 'zerver/views/video_calls.py',
};

// ---- steps ---------------------------------------------------------------------

const success = { status: 200, result: 'success', msg: '' };
const error = (msg: string, code = 'BAD_REQUEST', status = 400) => ({ status, result: 'error', code, msg });

const newDevice = (save = 'device', as = 'member'): Json => ({
  as,
  method: 'POST',
  path: '/api/v1/register_client_device',
  expect: { ...success, json_paths: { device_id: { $type: 'integer' } } },
  save: { [save]: 'device_id' },
});

/** Seal a registration through the control surface; saves tid<n>, bpk<n>, epr<n>. */
const seal = (n: number, token: string, params: Json = {}): Json => ({
  control: 'push_seal',
  params: { token, token_kind: 'kind_a', ...params },
  save: { [`tid${n}`]: 'token_id', [`bpk${n}`]: 'bouncer_public_key', [`epr${n}`]: 'encrypted_push_registration' },
});

const tokenFields = (n: number, kind = 'kind_a'): Json => ({
  token_kind: kind,
  token_id: `\${tid${n}}`,
  bouncer_public_key: `\${bpk${n}}`,
  encrypted_push_registration: `\${epr${n}}`,
});

const register = (params: Json, expect: Json = success, as = 'member', note?: string): Json => ({
  ...(note ? { note } : {}),
  as,
  method: 'POST',
  path: '/api/v1/mobile_push/register',
  params,
  expect,
});

/** The first full registration of ${device}: key KEY_1 as id 1, token tok-${uniq}. */
const registered = (): Json[] => [seal(1, 'tok-${uniq}'), register({ device_id: '${device}', push_key: KEY_1, push_key_id: 1, ...tokenFields(1) })];

/** The member's device events: exactly `count`, and (optionally) the last ones matching. */
const deviceEvents = (count: number, last: Json[] = []): Json => ({
  control: 'events',
  params: { user_id: MEMBER, limit: 1000 },
  expect: {
    len: { 'events[?type=device]': count },
    ...(last.length > 0 ? { json_paths: { 'events[?type=device]': { $contains: last } } } : {}),
  },
});

const update = (fields: Json): Json => ({ type: 'device', op: 'update', device_id: '${device}', ...fields });

export const AREAS = ['devices', 'push', 'push-matrix', 'video-calls'] as const;
const scenarios: Scenario[] = [];
const add = (s: Scenario) => scenarios.push({ ...s, needs: s.needs ?? ['control'] });

// ---- client devices --------------------------------------------------------------

add({
  id: 'devices/register',
  what: 'Registering a client device returns a device_id and tells the caller with a device add event.',
  source: [SRC.devices, SRC.deviceActions],
  steps: [newDevice(), { control: 'events', params: { user_id: MEMBER }, expect: { json_paths: { 'events[?type=device]': [{ type: 'device', op: 'add', device_id: '${device}' }] } } }],
});
add({
  id: 'devices/remove',
  what: 'Removing one of one\'s devices succeeds and sends a device remove event; the device is gone afterwards.',
  source: [SRC.devices, SRC.deviceActions],
  steps: [
    newDevice(),
    { as: 'member', method: 'POST', path: '/api/v1/remove_client_device', params: { device_id: '${device}' }, expect: success },
    { control: 'events', params: { user_id: MEMBER }, expect: { json_paths: { 'events[?type=device]': { $contains: [{ op: 'remove', device_id: '${device}' }] } } } },
    { as: 'member', method: 'POST', path: '/api/v1/remove_client_device', params: { device_id: '${device}' }, expect: error('Invalid `device_id`') },
  ],
});
add({
  id: 'devices/remove-others',
  what: 'Another user\'s device id is "Invalid `device_id`", exactly like a missing one.',
  source: ['zerver/lib/devices.py::check_device_id'],
  steps: [
    newDevice(),
    { as: 'member2', method: 'POST', path: '/api/v1/remove_client_device', params: { device_id: '${device}' }, expect: error('Invalid `device_id`') },
    { as: 'member2', method: 'POST', path: '/api/v1/remove_client_device', params: {}, expect: error("Missing 'device_id' argument", 'REQUEST_VARIABLE_MISSING') },
  ],
});

// ---- registration: parameters and refusals ------------------------------------------

const refusal = (id: string, what: string, params: (s: Json[]) => Json, expect: Json, opts: { as?: string; setup?: Json[]; source?: string[] } = {}) =>
  add({
    id: `push/${id}`,
    what,
    source: opts.source ?? [SRC.view, SRC.tests],
    steps: [newDevice(), seal(1, 'tok-${uniq}'), ...(opts.setup ?? []), register(params([]), expect, opts.as), deviceEvents(opts.setup?.some((s) => s['path'] === '/api/v1/mobile_push/register') ? 3 : 1)],
  });

const full = { device_id: '${device}', push_key: KEY_1, push_key_id: 1, ...tokenFields(1) };
refusal('bot', 'A bot is refused before any parameter is read.', () => ({}), error('This endpoint does not accept bot requests.'), { as: 'bot' });
refusal('missing-device-id', 'device_id is required.', () => ({ push_key: KEY_1 }), error("Missing 'device_id' argument", 'REQUEST_VARIABLE_MISSING'));
refusal('push-key-id-negative', 'push_key_id must be an unsigned 32-bit integer: -1 is not.', () => ({ ...full, push_key_id: -1 }), error('Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer'));
refusal('push-key-id-too-large', 'push_key_id must be an unsigned 32-bit integer: 2^32 is not.', () => ({ ...full, push_key_id: 4294967296 }), error('Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer'));
refusal('push-key-id-not-integer', 'push_key_id is a JSON integer.', () => ({ ...full, push_key_id: 1.5 }), error('push_key_id is not an integer'));
refusal('token-kind-invalid', 'token_kind is one of the two provider kinds.', () => ({ ...full, token_kind: 'kind_c' }), error('Invalid token_kind: Value error, Not in the list of possible values'));
refusal('not-configured', 'A server without a push notification service refuses every registration.', () => full, error('Server is not configured to use push notification service.', 'PUSH_SERVICE_NOT_CONFIGURED'), {
  setup: [{ control: 'set_config', params: { push_service_configured: false } }],
  source: [SRC.view, `${SRC.tests}::test_server_not_configured_for_push_notification_error`],
});
add({
  id: 'push/others-device',
  what: 'A device of another user is "Invalid `device_id`".',
  source: [SRC.view, `${SRC.tests}::test_invalid_device_error`],
  needs: ['control'],
  steps: [newDevice('device', 'member2'), seal(1, 'tok-${uniq}'), register(full, error('Invalid `device_id`'))],
});
refusal('push-key-wrong-prefix', 'A push_key whose first byte is not 0x31 is invalid.', () => ({ ...full, push_key: WRONG_PREFIX }), error('Invalid `push_key`'), { source: [SRC.key, SRC.tests] });
refusal('push-key-wrong-length', 'A push_key of 3 bytes is invalid.', () => ({ ...full, push_key: 'abcd' }), error('Invalid `push_key`'), { source: [SRC.key, SRC.tests] });
refusal('push-key-not-base64', 'A push_key outside the Base64 alphabet is invalid.', () => ({ ...full, push_key: '@abcdefg' }), error('Invalid `push_key`'), { source: [SRC.key, SRC.tests] });
refusal('token-id-not-base64', 'A token_id that is not Base64 is refused, before the push_key is checked.', () => ({ ...full, token_id: NOT_BASE64, push_key: 'abcd' }), error('`token_id` is not Base64 encoded'), { source: ['zerver/lib/devices.py::b64decode_token_id', SRC.view] });
refusal('no-key-to-rotate', 'The key fields alone need an earlier registration.', () => ({ device_id: '${device}', push_key: KEY_2, push_key_id: 2 }), error('No push registration exists to rotate key for.'));
refusal('no-token-to-rotate', 'The token fields alone need an earlier registration.', () => ({ device_id: '${device}', ...tokenFields(1) }), error('No push registration exists to rotate token for.'));
refusal('missing-parameters', 'Neither group complete is "Missing parameters".', () => ({ device_id: '${device}', push_key: KEY_1, token_id: '${tid1}' }), error('Missing parameters: must provide either all push key fields, all token fields, or both.'));
refusal(
  'missing-token-id',
  'Every token field but token_id, with push_key but no push_key_id, completes neither group: "Missing parameters".',
  () => {
    const { token_id: _tokenId, ...rest } = tokenFields(1) as Record<string, Json>;
    return { device_id: '${device}', push_key: KEY_1, ...rest };
  },
  error('Missing parameters: must provide either all push key fields, all token fields, or both.'),
  { source: [SRC.view, 'zerver/tests/test_push_registration.py::test_missing_parameters_error'] },
);

// ---- registration: the events -------------------------------------------------------

add({
  id: 'push/register-events',
  what: 'An initial registration answers success, then the device gets a pending update and, once the bouncer accepts, the registered token id.',
  source: [SRC.view, SRC.tests, 'zerver/actions/push_notifications.py'],
  steps: [
    newDevice(),
    seal(1, 'tok-${uniq}'),
    register(full),
    deviceEvents(3, [
      update({ push_key_id: 1, pending_push_token_id: '${tid1}', push_token_last_updated_timestamp: { $type: 'integer' }, push_registration_error_code: null }),
      update({ push_token_id: '${tid1}', pending_push_token_id: null }),
    ]),
  ],
});
add({
  id: 'push/rotate-key',
  what: 'The key fields alone rotate the key: one update with the new push_key_id, never the key.',
  source: [SRC.view, SRC.tests],
  steps: [newDevice(), ...registered(), register({ device_id: '${device}', push_key: KEY_2, push_key_id: 2 }), deviceEvents(4, [update({ push_key_id: 2, push_key: { $absent: true } })])],
});
add({
  id: 'push/rotate-token',
  what: 'The token fields alone rotate the token: a pending update without push_key_id, then the new token id.',
  source: [SRC.view, SRC.tests],
  steps: [
    newDevice(),
    ...registered(),
    seal(2, 'next-${uniq}'),
    register({ device_id: '${device}', ...tokenFields(2) }),
    deviceEvents(5, [
      update({ pending_push_token_id: '${tid2}', push_token_last_updated_timestamp: { $type: 'integer' }, push_registration_error_code: null, push_key_id: { $absent: true } }),
      update({ push_token_id: '${tid2}', pending_push_token_id: null }),
    ]),
  ],
});
add({
  id: 'push/idempotent',
  what: 'Repeating a registration, a key or a token already registered succeeds and sends nothing.',
  source: [SRC.view, SRC.tests],
  steps: [
    newDevice(),
    ...registered(),
    register({ device_id: '${device}', push_key: KEY_1, push_key_id: 1, ...tokenFields(1) }),
    register({ device_id: '${device}', push_key: KEY_1, push_key_id: 1 }),
    register({ device_id: '${device}', ...tokenFields(1) }),
    deviceEvents(3),
  ],
});
add({
  id: 'push/in-progress-after-error-is-not',
  what: 'After the bouncer refused a registration, a new one is not "in progress": it succeeds and clears the error.',
  source: [SRC.view, SRC.tests],
  steps: [
    newDevice(),
    seal(1, 'tok-${uniq}'),
    register({ ...full, bouncer_public_key: 'not-the-bouncer-key' }),
    seal(2, 'tok2-${uniq}'),
    register({ device_id: '${device}', push_key: KEY_1, push_key_id: 1, ...tokenFields(2) }),
    deviceEvents(5, [update({ push_registration_error_code: 'INVALID_BOUNCER_PUBLIC_KEY' }), update({ push_token_id: '${tid2}', pending_push_token_id: null })]),
  ],
});

// ---- the bouncer's refusals: success, then an error code on the device ---------------

const bouncerRefusal = (id: string, what: string, params: Json, code: string, sealParams: Json = {}, source = `${SRC.tests}`) =>
  add({
    id: `push/bouncer-${id}`,
    what,
    source: [SRC.bouncer, source],
    steps: [
      newDevice(),
      seal(1, sealParams['token'] as string ?? 'tok-${uniq}', sealParams),
      register({ ...full, ...params }),
      deviceEvents(3, [update({ push_key_id: 1, pending_push_token_id: params['token_id'] ?? '${tid1}', push_registration_error_code: null }), update({ push_registration_error_code: code })]),
    ],
  });
bouncerRefusal('wrong-key', 'A registration sealed to another bouncer key: success, then INVALID_BOUNCER_PUBLIC_KEY on the device.', { bouncer_public_key: 'MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEE=' }, 'INVALID_BOUNCER_PUBLIC_KEY');
bouncerRefusal('not-sealed', 'A registration that is not a sealed box: success, then BAD_REQUEST on the device.', { encrypted_push_registration: 'random-string-no-encryption' }, 'BAD_REQUEST');
bouncerRefusal('expired', 'A registration sealed more than a day ago: success, then REQUEST_EXPIRED on the device.', {}, 'REQUEST_EXPIRED', { timestamp: 0 }, `${SRC.tests}::test_request_expired_error`);
bouncerRefusal('token-id-mismatch', 'A token_id that is not the sealed token\'s: success, then BAD_REQUEST on the device.', { token_id: 'AAAAAAAAAAE=' }, 'BAD_REQUEST');
bouncerRefusal('apns-without-app-id', 'An APNs registration without ios_app_id: success, then BAD_REQUEST on the device.', { token_kind: 'kind_b' }, 'BAD_REQUEST', { token: 'abcdef01', token_kind: 'kind_b' });

add({
  id: 'push/legacy-removed',
  what: 'A successful registration removes the caller\'s legacy registration of the same token, and no other (feature level 483).',
  source: [SRC.docs, SRC.view],
  steps: [
    { control: 'push_add_legacy', params: { user_id: MEMBER, token: 'tok-${uniq}', token_kind: 'kind_a' } },
    { control: 'push_add_legacy', params: { user_id: MEMBER, token: 'other-${uniq}', token_kind: 'kind_a' }, save: { other: 'id' } },
    newDevice(),
    ...registered(),
    { control: 'push_legacy', params: { user_id: MEMBER }, expect: { json_paths: { 'registrations[*].id': ['${other}'] } } },
  ],
});

// ---- notifications ------------------------------------------------------------------

const sendDm = (content: string, save = 'mid'): Json => ({
  as: 'admin',
  method: 'POST',
  path: '/api/v1/messages',
  params: { type: 'direct', to: [MEMBER], content },
  expect: success,
  save: { [save]: 'id' },
});
add({
  id: 'push/notify-direct-message',
  what: 'A direct message puts one encrypted FCM notification per registered device in the outbox, under the device\'s push_key_id.',
  source: [SRC.payloads, SRC.push, SRC.triggers],
  steps: [
    newDevice(),
    ...registered(),
    sendDm('hello'),
    {
      control: 'push_outbox',
      params: { user_id: MEMBER },
      expect: {
        len: { notifications: 1 },
        json_paths: {
          'notifications[0]': {
            device_id: '${device}',
            push_key_id: 1,
            token_kind: 'kind_a',
            token_id: '${tid1}',
            request: { token: 'tok-${uniq}', data: { push_key_id: '1', encrypted_data: { $regex: '^[A-Za-z0-9+/]+=*$' } }, android: { priority: 'high' } },
          },
        },
      },
    },
  ],
});
add({
  id: 'push/notify-apns-format',
  what: 'An APNs device gets its notification with the app id as topic and an alert for the notification service extension.',
  source: [SRC.payloads, 'zilencer/lib/push_notifications.py'],
  steps: [
    newDevice(),
    seal(1, 'abcdef0123456789', { token_kind: 'kind_b', ios_app_id: 'org.zulip.Zulip' }),
    register({ ...full, ...tokenFields(1, 'kind_b') }),
    sendDm('hello'),
    {
      control: 'push_outbox',
      params: { user_id: MEMBER },
      expect: {
        json_paths: {
          'notifications[0].request': {
            device_token: 'abcdef0123456789',
            topic: 'org.zulip.Zulip',
            priority: 10,
            push_type: 'alert',
            payload: { push_key_id: 1, encrypted_data: { $type: 'string' }, aps: { 'mutable-content': 1, alert: { title: 'New notification' } } },
          },
        },
      },
    },
  ],
});
add({
  id: 'push/notify-key-rotation',
  what: 'After a key rotation the next notification carries the new push_key_id.',
  source: [SRC.payloads, SRC.view],
  steps: [newDevice(), ...registered(), register({ device_id: '${device}', push_key: KEY_2, push_key_id: 2 }), sendDm('after'), { control: 'push_outbox', params: { user_id: MEMBER }, expect: { json_paths: { 'notifications[*].push_key_id': [2] } } }],
});
add({
  id: 'push/notify-not-sender',
  what: 'The sender\'s own devices get nothing for their message.',
  source: [SRC.triggers],
  steps: [newDevice(), ...registered(), { as: 'member', method: 'POST', path: '/api/v1/messages', params: { type: 'direct', to: ['${user:admin.id}'], content: 'mine' }, expect: success }, { control: 'push_outbox', params: {}, expect: { len: { notifications: 0 } } }],
});
add({
  id: 'push/notify-channel-default-off',
  what: 'A plain channel message notifies nobody by default; with the subscription\'s push_notifications on it does.',
  source: [SRC.triggers, 'zerver/lib/stream_subscription.py::user_allows_notifications_in_StreamTopic'],
  steps: [
    newDevice(),
    ...registered(),
    { as: 'member', method: 'GET', path: '/api/v1/get_stream_id', params: { stream: 'Verona' }, expect: success, save: { sid: 'stream_id' } },
    { as: 'admin', method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: 'Verona', topic: 'p-${uniq}', content: 'plain' }, expect: success },
    { control: 'push_outbox', params: {}, expect: { len: { notifications: 0 } } },
    { as: 'member', method: 'PATCH', path: '/api/v1/users/me/subscriptions/${sid}', params: { property: 'push_notifications', value: true }, expect: success },
    { as: 'admin', method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: 'Verona', topic: 'p-${uniq}', content: 'now' }, expect: success },
    { control: 'push_outbox', params: {}, expect: { len: { notifications: 1 } } },
  ],
});
add({
  id: 'push/notify-mention-in-muted-channel',
  what: 'A mention notifies even in a muted channel, where the channel\'s push setting does not.',
  source: [SRC.triggers],
  steps: [
    newDevice(),
    ...registered(),
    { as: 'member', method: 'GET', path: '/api/v1/get_stream_id', params: { stream: 'Verona' }, expect: success, save: { sid: 'stream_id' } },
    { as: 'member', method: 'PATCH', path: '/api/v1/users/me/subscriptions/${sid}', params: { property: 'push_notifications', value: true }, expect: success },
    { as: 'member', method: 'PATCH', path: '/api/v1/users/me/subscriptions/${sid}', params: { property: 'is_muted', value: true }, expect: success },
    { as: 'admin', method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: 'Verona', topic: 'm-${uniq}', content: 'muted' }, expect: success },
    { control: 'push_outbox', params: {}, expect: { len: { notifications: 0 } } },
    { as: 'admin', method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: 'Verona', topic: 'm-${uniq}', content: 'hi @**King Hamlet**' }, expect: success },
    { control: 'push_outbox', params: {}, expect: { len: { notifications: 1 } } },
  ],
});
add({
  id: 'push/notify-removal-on-delete',
  what: 'Deleting a message that was pushed sends the device a removal notification.',
  source: [SRC.payloads, 'zerver/lib/push_notifications.py::handle_remove_push_notification'],
  steps: [
    newDevice(),
    ...registered(),
    sendDm('soon gone'),
    { as: 'admin', method: 'DELETE', path: '/api/v1/messages/${mid}', expect: success },
    { control: 'push_outbox', params: { user_id: MEMBER }, expect: { len: { notifications: 2 }, json_paths: { 'notifications[1].device_id': '${device}' } } },
  ],
});

add({
  id: 'push/no-removal-for-message-before-device',
  what: 'A message that reached a user before they had any push device was never pushed, so deleting it after they register one sends that device no removal notification.',
  source: [
    'zerver/actions/message_send.py::get_recipient_info (push_device_registered_user_ids)',
    'zerver/tests/test_push_notifications.py (no push-registered device: never enqueued)',
    'zerver/lib/push_notifications.py::handle_remove_push_notification',
  ],
  steps: [
    { ...sendDm('before any device'), note: 'member has no push device yet' },
    newDevice(),
    ...registered(),
    { as: 'admin', method: 'DELETE', path: '/api/v1/messages/${mid}', expect: success },
    { control: 'push_outbox', params: { user_id: MEMBER }, note: 'nothing was pushed for the message, so nothing is withdrawn', expect: { len: { notifications: 0 } } },
  ],
});

// ---- the 32 registration requests ------------------------------------------------------

for (const keyComplete of [true, false])
  for (const tokenComplete of [true, false])
    for (const isRegistered of [true, false])
      for (const keyValid of [true, false])
        for (const idValid of [true, false]) {
          const name = [
            keyComplete ? 'key' : 'key-partial',
            tokenComplete ? 'token' : 'token-partial',
            isRegistered ? 'registered' : 'new',
            keyValid ? 'good-key' : 'bad-key',
            idValid ? 'good-id' : 'bad-id',
          ].join('_');
          const params: Json = { device_id: '${device}', push_key: keyValid ? KEY_2 : WRONG_PREFIX };
          if (keyComplete) params['push_key_id'] = 2;
          params['token_id'] = idValid ? '${tid2}' : NOT_BASE64;
          params['token_kind'] = 'kind_a';
          if (tokenComplete) Object.assign(params, { bouncer_public_key: '${bpk2}', encrypted_push_registration: '${epr2}' });
          let expect: Json = success;
          let events: Json[] = [];
          const before = isRegistered ? 3 : 1;
          let after = before;
          if (!keyComplete && !tokenComplete) expect = error('Missing parameters: must provide either all push key fields, all token fields, or both.');
          else if (!tokenComplete) {
            if (!isRegistered) expect = error('No push registration exists to rotate key for.');
            else if (!keyValid) expect = error('Invalid `push_key`');
            else [after, events] = [before + 1, [update({ push_key_id: 2 })]];
          } else if (!idValid) expect = error('`token_id` is not Base64 encoded');
          else if (!keyComplete && !isRegistered) expect = error('No push registration exists to rotate token for.');
          else if (keyComplete && !keyValid) expect = error('Invalid `push_key`');
          else [after, events] = [before + 2, [update({ push_token_id: '${tid2}', pending_push_token_id: null })]];
          const outcome = expect === success ? 'succeeds' : `is refused: ${String(expect['msg'])}`;
          add({
            id: `push-matrix/${name}`,
            what: `Key fields ${keyComplete ? 'complete' : 'partial'}, token fields ${tokenComplete ? 'complete' : 'partial'}, ${isRegistered ? 'a registered device' : 'a new device'}, push_key ${keyValid ? 'valid' : 'invalid'}, token_id ${idValid ? 'valid' : 'invalid'}: ${outcome}.`,
            source: [SRC.view, SRC.tests],
            steps: [newDevice(), ...(isRegistered ? registered() : []), seal(2, 'next-${uniq}'), register(params, expect), deviceEvents(after, events)],
          });
        }

// ---- video calls -----------------------------------------------------------------------

const createCall = (expect: Json, as = 'member'): Json => ({ as, method: 'POST', path: '/api/v1/calls/vidprov/create', expect });
add({
  id: 'video-calls/no-token',
  what: 'Without a provider token the call is refused with INVALID_VIDEO_CALL_PROVIDER_TOKEN.',
  source: [SRC.calls],
  needs: [],
  steps: [createCall(error('Invalid Webex access token', 'INVALID_VIDEO_CALL_PROVIDER_TOKEN'))],
});
add({
  id: 'video-calls/not-configured',
  what: 'With the provider not configured the call is refused first, token or not.',
  source: [SRC.calls],
  steps: [
    { control: 'vidprov_token', params: { user_id: MEMBER, has_token: true } },
    { control: 'set_config', params: { vidprov_configured: false } },
    createCall(error('Webex credentials have not been configured')),
  ],
});
add({
  id: 'video-calls/create',
  what: 'With a token the call answers a meeting URL.',
  source: [SRC.calls],
  steps: [{ control: 'vidprov_token', params: { user_id: MEMBER, has_token: true } }, createCall({ ...success, json_paths: { url: { $regex: '^https://' } } })],
});
add({
  id: 'video-calls/token-event',
  what: 'Granting and revoking a provider token each send the user a has_vidprov_token event.',
  source: [SRC.calls, 'zerver/actions/video_calls.py'],
  steps: [
    { control: 'vidprov_token', params: { user_id: MEMBER, has_token: true } },
    { control: 'vidprov_token', params: { user_id: MEMBER, has_token: false } },
    { control: 'events', params: { user_id: MEMBER }, expect: { json_paths: { 'events[?type=has_vidprov_token]': [{ value: true }, { value: false }] } } },
    createCall(error('Invalid Webex access token', 'INVALID_VIDEO_CALL_PROVIDER_TOKEN')),
  ],
});

// ---- write ---------------------------------------------------------------------------

/** Every scenario this script makes, with the file text it writes for it. */
export function pushScenarioFiles(): Array<{ id: string; text: string }> {
  return scenarios.map((s) => {
    const ordered = { id: s.id, what: s.what, source: s.source, ...(s.needs && s.needs.length > 0 ? { needs: s.needs } : {}), steps: s.steps };
    return { id: s.id, text: `${JSON.stringify(ordered, null, 2)}\n` };
  });
}

export function writePushScenarios(root = ROOT): number {
  for (const dir of AREAS) rmSync(join(root, dir), { recursive: true, force: true });
  const files = pushScenarioFiles();
  for (const { id, text } of files) {
    const file = join(root, `${id}.json`);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
  return files.length;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`wrote ${writePushScenarios()} scenarios`);
}
