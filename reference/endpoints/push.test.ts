// Client devices and encrypted push registration through dispatch, as the fixture
// characters: every rule of POST /mobile_push/register, the events in their order, and
// every refusal leaving the state exactly as it was.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64 } from '../crypto/encoding.ts';
import { formatPushKey } from '../crypto/push-key.ts';
import { devicesInitialState } from '../domain/devices.ts';
import { createReference, type Reference } from '../index.ts';
import { DEVICES } from '../state/devices.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';

const HAMLET = 6;
const CORDELIA = 7;
const DEFAULT_BOT = 13;
const KEY_1 = formatPushKey(new Uint8Array(32).fill(1));
const KEY_2 = formatPushKey(new Uint8Array(32).fill(2));
const DAY = 24 * 60 * 60;

type Params = Record<string, unknown>;
const nowSeconds = (ref: Reference) => Math.floor(ref.control.now() / 1000);

function newDevice(ref: Reference, who: number | string = HAMLET): number {
  const res = callAs(ref, who, 'POST', '/register_client_device');
  assert.is(res.status, 200, JSON.stringify(res.json));
  return res.json['device_id'] as number;
}

/** The token fields of a registration sealed through the control surface. */
function tokenFields(ref: Reference, token = 'fcm-token-1', more: Params = {}): Params {
  const kind = (more['token_kind'] as string | undefined) ?? 'kind_a';
  const sealed = ref.control.sealPushRegistration({ token, token_kind: kind, timestamp: nowSeconds(ref), ...(more as Record<string, string | number>) });
  return { token_kind: kind, token_id: sealed.token_id, bouncer_public_key: sealed.bouncer_public_key, encrypted_push_registration: sealed.encrypted_push_registration };
}

function register(ref: Reference, params: Params, who: number = HAMLET) {
  const res = callAs(ref, who, 'POST', '/mobile_push/register', params);
  assert.is(res.status, 200, JSON.stringify(res.json));
  assert.equal(res.json, { result: 'success', msg: '' });
}

function refused(ref: Reference, params: Params, msg: string, code = 'BAD_REQUEST', who: number = HAMLET) {
  const res = assertUnchanged(ref, () => callAs(ref, who, 'POST', '/mobile_push/register', params));
  assert.equal([res.status, res.json['code'], res.json['msg']], [400, code, msg]);
}

const deviceEvents = (ref: Reference, userId = HAMLET) => ref.control.events(userId, 1000).filter((e) => e['type'] === 'device').map(({ id: _id, ...e }) => e);
const deviceOf = (ref: Reference, id: number) => ref.store.table(DEVICES).get(id)!;
const stateOf = (ref: Reference, id: number, userId = HAMLET) =>
  devicesInitialState(ref.store, ref.store.user(userId)!).devices[String(id)];

// ---- client devices ------------------------------------------------------------

test('registering a client device gives an id the caller owns, and tells only the caller', () => {
  const ref = createReference();
  const first = newDevice(ref);
  const second = newDevice(ref, 'cordelia');
  assert.is(second, first + 1, 'ids come from one sequence');
  assert.equal(deviceEvents(ref), [{ type: 'device', op: 'add', device_id: first }]);
  assert.equal(deviceEvents(ref, CORDELIA), [{ type: 'device', op: 'add', device_id: second }]);
  assert.equal(devicesInitialState(ref.store, ref.store.user(HAMLET)!), {
    devices: {
      [String(first)]: {
        push_key_id: null,
        push_token_id: null,
        pending_push_token_id: null,
        push_token_last_updated_timestamp: null,
        push_registration_error_code: null,
      },
    },
  });
});

test('a bot may register a client device; parameters are ignored and reported', () => {
  const ref = createReference();
  const res = callAs(ref, DEFAULT_BOT, 'POST', '/register_client_device', { extra: 'x' });
  assert.is(res.status, 200);
  assert.equal(res.json['ignored_parameters_unsupported'], ['extra']);
});

test('removing a device: only the owner, and then it is gone', () => {
  const ref = createReference();
  const id = newDevice(ref);
  for (const [who, params, msg] of [
    [CORDELIA, { device_id: id }, 'Invalid `device_id`'],
    [HAMLET, { device_id: id + 100 }, 'Invalid `device_id`'],
    [HAMLET, {}, "Missing 'device_id' argument"],
    [HAMLET, { device_id: 'x' }, 'device_id is not valid JSON'],
  ] as const) {
    const res = assertUnchanged(ref, () => callAs(ref, who, 'POST', '/remove_client_device', params));
    assert.is(res.status, 400);
    assert.is(res.json['msg'], msg);
  }
  assert.is(callAs(ref, HAMLET, 'POST', '/remove_client_device', { device_id: id }).status, 200);
  assert.equal(deviceEvents(ref).at(-1), { type: 'device', op: 'remove', device_id: id });
  assert.equal(devicesInitialState(ref.store, ref.store.user(HAMLET)!), { devices: {} });
  refused(ref, { device_id: id, push_key: KEY_1, push_key_id: 1 }, 'Invalid `device_id`');
});

test('before feature level 468 there are no client devices (404)', () => {
  const ref = createReference({ featureLevel: 467 });
  for (const path of ['/register_client_device', '/mobile_push/register']) {
    const res = assertUnchanged(ref, () => callAs(ref, HAMLET, 'POST', path, { device_id: 1 }));
    assert.equal([res.status, res.json['msg']], [404, 'Not Found']);
  }
  const remove = createReference({ featureLevel: 469 });
  assert.is(callAs(remove, HAMLET, 'POST', '/remove_client_device', { device_id: 1 }).status, 404);
});

// ---- registering ---------------------------------------------------------------

test('an initial registration: one pending update, then the bouncer\'s answer; the device is registered', () => {
  const ref = createReference();
  const id = newDevice(ref);
  const token = tokenFields(ref, 'fcm-token-1');
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...token });
  const now = nowSeconds(ref);
  assert.equal(deviceEvents(ref).slice(1), [
    {
      type: 'device',
      op: 'update',
      device_id: id,
      push_key_id: 7,
      pending_push_token_id: token['token_id'],
      push_token_last_updated_timestamp: now,
      push_registration_error_code: null,
    },
    { type: 'device', op: 'update', device_id: id, push_token_id: token['token_id'], pending_push_token_id: null },
  ]);
  assert.equal(stateOf(ref, id), {
    push_key_id: 7,
    push_token_id: token['token_id'],
    pending_push_token_id: null,
    push_token_last_updated_timestamp: now,
    push_registration_error_code: null,
  });
  assert.equal(deviceOf(ref, id).registration, { token: 'fcm-token-1', token_kind: 'kind_a', ios_app_id: null });
});

test('repeating a registration changes nothing and sends nothing', () => {
  const ref = createReference();
  const id = newDevice(ref);
  const token = tokenFields(ref);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...token });
  assertUnchanged(ref, () => register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...token }));
  assertUnchanged(ref, () => register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7 }));
  assertUnchanged(ref, () => register(ref, { device_id: id, ...token }));
  // The same id written with a byte of sign extension is the same 64-bit integer.
  const bytes = base64.decode(token['token_id'] as string);
  const longer = base64.encode(Uint8Array.of((bytes[0] as number) & 0x80 ? 0xff : 0, ...bytes));
  assert.is.not(longer, token['token_id']);
  assertUnchanged(ref, () => register(ref, { device_id: id, ...token, token_id: longer }));
});

test('rotating the key: one update with the new key id, never the key', () => {
  const ref = createReference();
  const id = newDevice(ref);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...tokenFields(ref) });
  register(ref, { device_id: id, push_key: KEY_2, push_key_id: 8, token_kind: 'kind_a' });
  assert.equal(deviceEvents(ref).at(-1), { type: 'device', op: 'update', device_id: id, push_key_id: 8 });
  assert.is(deviceOf(ref, id).push_key, KEY_2);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 8 });
  assert.equal(deviceEvents(ref).at(-1), { type: 'device', op: 'update', device_id: id, push_key_id: 8 }, 'a new key under the same id is a change');
});

test('rotating the token: pending, then registered; the kind stored by the first registration stays', () => {
  const ref = createReference();
  const id = newDevice(ref);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...tokenFields(ref, 'fcm-token-1') });
  ref.control.advance(60_000);
  const next = tokenFields(ref, 'abcdef01', { token_kind: 'kind_b', ios_app_id: 'org.example.app' });
  register(ref, { device_id: id, ...next });
  assert.equal(deviceEvents(ref).slice(-2), [
    {
      type: 'device',
      op: 'update',
      device_id: id,
      pending_push_token_id: next['token_id'],
      push_token_last_updated_timestamp: nowSeconds(ref),
      push_registration_error_code: null,
    },
    { type: 'device', op: 'update', device_id: id, push_token_id: next['token_id'], pending_push_token_id: null },
  ]);
  assert.is(deviceOf(ref, id).push_token_kind, 'kind_a');
  assert.equal(deviceOf(ref, id).registration, { token: 'abcdef01', token_kind: 'kind_b', ios_app_id: 'org.example.app' });
});

// ---- the bouncer's refusals: a success response, and an error code on the device ----

for (const [what, build, code] of [
  ['another bouncer key', (ref: Reference) => ({ ...tokenFields(ref), bouncer_public_key: formatPushKey(new Uint8Array(32)).slice(4) }), 'INVALID_BOUNCER_PUBLIC_KEY'],
  ['a registration that is not a sealed box', (ref: Reference) => ({ ...tokenFields(ref), encrypted_push_registration: 'random-string-no-encryption' }), 'BAD_REQUEST'],
  ['a registration two days old', (ref: Reference) => {
    const t = tokenFields(ref, 'tok');
    const old = ref.control.sealPushRegistration({ token: 'tok', token_kind: 'kind_a', timestamp: nowSeconds(ref) - 2 * DAY });
    return { ...t, encrypted_push_registration: old.encrypted_push_registration };
  }, 'REQUEST_EXPIRED'],
  ['a token_id that is not the token\'s', (ref: Reference) => ({ ...tokenFields(ref), token_id: 'AAAAAAAAAAE=' }), 'BAD_REQUEST'],
  ['an APNs registration without an app id', (ref: Reference) => tokenFields(ref, 'abcd', { token_kind: 'kind_b' }), 'BAD_REQUEST'],
  ['an FCM registration with an app id', (ref: Reference) => tokenFields(ref, 'abcd', { ios_app_id: 'org.example' }), 'BAD_REQUEST'],
  ['an APNs token that is not hex', (ref: Reference) => tokenFields(ref, 'not-hex', { token_kind: 'kind_b', ios_app_id: 'org.example' }), 'BAD_REQUEST'],
  ['an app id with a space', (ref: Reference) => tokenFields(ref, 'abcd', { token_kind: 'kind_b', ios_app_id: '* -- +' }), 'BAD_REQUEST'],
  ['a token kind the API does not name', (ref: Reference) => ({ ...tokenFields(ref, 'abcd', { token_kind: 'fcm' }), token_kind: 'kind_a' }), 'BAD_REQUEST'],
  ['an empty token', (ref: Reference) => tokenFields(ref, ''), 'BAD_REQUEST'],
] as const) {
  test(`the bouncer refuses ${what}: ${code} on the device, after the pending update`, () => {
    const ref = createReference();
    const id = newDevice(ref);
    const token: Params = build(ref);
    register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...token });
    const events = deviceEvents(ref);
    assert.is(events.length, 3);
    assert.equal(events[2], { type: 'device', op: 'update', device_id: id, push_registration_error_code: code });
    assert.equal(stateOf(ref, id), {
      push_key_id: 7,
      push_token_id: null,
      pending_push_token_id: token['token_id'],
      push_token_last_updated_timestamp: nowSeconds(ref),
      push_registration_error_code: code,
    });
    // Not "in progress": a good retry clears the error.
    register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...tokenFields(ref, 'retry') });
    assert.is(stateOf(ref, id)!.push_registration_error_code, null);
    assert.is(stateOf(ref, id)!.push_token_id, tokenFields(ref, 'retry')['token_id']);
  });
}

test('a registration exactly 24 hours old, or from the future, is accepted', () => {
  for (const offset of [-DAY, 3600]) {
    const ref = createReference();
    const id = newDevice(ref);
    const sealed = ref.control.sealPushRegistration({ token: 'tok', token_kind: 'kind_a', timestamp: nowSeconds(ref) + offset });
    register(ref, { device_id: id, push_key: KEY_1, push_key_id: 1, token_kind: 'kind_a', ...sealed });
    assert.is(stateOf(ref, id)!.push_registration_error_code, null, `offset ${offset}`);
  }
});

// ---- refusals: the real error, nothing changed ----------------------------------

test('every refusal of a request, in the real server\'s order', () => {
  const ref = createReference();
  const id = newDevice(ref);
  const cordelias = newDevice(ref, 'cordelia');
  const token = tokenFields(ref);
  const full = { device_id: id, push_key: KEY_1, push_key_id: 7, ...token };
  refused(ref, {}, 'This endpoint does not accept bot requests.', 'BAD_REQUEST', DEFAULT_BOT);
  refused(ref, { push_key: KEY_1 }, "Missing 'device_id' argument", 'REQUEST_VARIABLE_MISSING');
  refused(ref, { ...full, push_key_id: -1 }, 'Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer');
  refused(ref, { ...full, push_key_id: 2 ** 32 }, 'Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer');
  refused(ref, { ...full, push_key_id: 1.5 }, 'push_key_id is not an integer');
  refused(ref, { ...full, push_key_id: '"7"' }, 'push_key_id is not an integer');
  refused(ref, { ...full, push_key_id: 'x' }, 'push_key_id is not valid JSON');
  refused(ref, { ...full, token_kind: 'fcm' }, 'Invalid token_kind: Value error, Not in the list of possible values');
  refused(ref, { ...full, device_id: cordelias }, 'Invalid `device_id`');
  refused(ref, { device_id: id }, 'Missing parameters: must provide either all push key fields, all token fields, or both.');
  refused(ref, { device_id: id, push_key: KEY_1, token_id: token['token_id'] }, 'Missing parameters: must provide either all push key fields, all token fields, or both.');
  refused(ref, { device_id: id, push_key: KEY_1, push_key_id: 7 }, 'No push registration exists to rotate key for.');
  refused(ref, { device_id: id, push_key: 'junk', push_key_id: 7 }, 'No push registration exists to rotate key for.', 'BAD_REQUEST');
  refused(ref, { device_id: id, ...token }, 'No push registration exists to rotate token for.');
  refused(ref, { ...full, token_id: '192057' }, '`token_id` is not Base64 encoded');
  refused(ref, { ...full, token_id: '192057', push_key: 'junk' }, '`token_id` is not Base64 encoded');
  refused(ref, { ...full, token_id: 'AQAAAAAAAAAA' }, '`token_id` is not Base64 encoded');
  for (const bad of ['@abcdefg', 'abcd', formatPushKey(new Uint8Array(32)).replace(/^MQ/, 'Mg'), KEY_1.slice(0, 43)]) {
    refused(ref, { ...full, push_key: bad }, 'Invalid `push_key`');
  }
  ref.control.setConfig({ push_service_configured: false });
  refused(ref, full, 'Server is not configured to use push notification service.', 'PUSH_SERVICE_NOT_CONFIGURED');
  refused(ref, { push_key: KEY_1 }, "Missing 'device_id' argument", 'REQUEST_VARIABLE_MISSING');
});

test('after a registration, a bad key in a rotation is refused; a key group with a partial token group rotates the key', () => {
  const ref = createReference();
  const id = newDevice(ref);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...tokenFields(ref) });
  refused(ref, { device_id: id, push_key: 'abcd', push_key_id: 8 }, 'Invalid `push_key`');
  register(ref, { device_id: id, push_key: KEY_2, push_key_id: 9, token_id: 'not base64 at all', bouncer_public_key: 'x' });
  assert.equal(deviceEvents(ref).at(-1), { type: 'device', op: 'update', device_id: id, push_key_id: 9 });
});

test('a registration in progress refuses the token fields but still rotates the key', () => {
  const ref = createReference();
  const id = newDevice(ref);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...tokenFields(ref) });
  const table = ref.store.table(DEVICES);
  table.put({ ...table.get(id)!, pending_push_token_id: 'AAAAAAAAAAE=' });
  refused(ref, { device_id: id, ...tokenFields(ref, 'next') }, 'A registration for the device already in progress.');
  refused(ref, { device_id: id, push_key: KEY_2, push_key_id: 8, ...tokenFields(ref, 'next') }, 'A registration for the device already in progress.');
  register(ref, { device_id: id, push_key: KEY_2, push_key_id: 8 });
  assert.is(table.get(id)!.push_key_id, 8);
});

// ---- legacy registrations (feature level 483) ------------------------------------

test('a successful registration removes the caller\'s legacy registrations of the same token, and only those', () => {
  const ref = createReference();
  ref.control.addLegacyPushRegistration({ user_id: HAMLET, token: 'fcm-token-1', token_kind: 'kind_a' });
  const other = ref.control.addLegacyPushRegistration({ user_id: HAMLET, token: 'fcm-token-2', token_kind: 'kind_a' });
  const cordelias = ref.control.addLegacyPushRegistration({ user_id: CORDELIA, token: 'fcm-token-1', token_kind: 'kind_a' });
  const id = newDevice(ref);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...{ ...tokenFields(ref, 'fcm-token-1'), bouncer_public_key: 'wrong' } });
  assert.is(ref.control.legacyPushRegistrations(HAMLET).length, 2, 'a refused registration removes nothing');
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...tokenFields(ref, 'fcm-token-1') });
  assert.equal(ref.control.legacyPushRegistrations(HAMLET).map((r) => r['id']), [other]);
  assert.equal(ref.control.legacyPushRegistrations(CORDELIA).map((r) => r['id']), [cordelias]);
});

test('before feature level 483 legacy registrations stay', () => {
  const ref = createReference({ featureLevel: 482 });
  ref.control.addLegacyPushRegistration({ user_id: HAMLET, token: 'fcm-token-1', token_kind: 'kind_a' });
  const id = newDevice(ref);
  register(ref, { device_id: id, push_key: KEY_1, push_key_id: 7, ...tokenFields(ref, 'fcm-token-1') });
  assert.is(stateOf(ref, id)!.push_registration_error_code, null);
  assert.is(ref.control.legacyPushRegistrations(HAMLET).length, 1);
});

test('the bouncer key is the same after reset and for the same seed, and differs between seeds', () => {
  const ref = createReference({ seed: 'a' });
  const key = ref.control.pushBouncerKey();
  ref.control.sealPushRegistration({ token: 't', token_kind: 'kind_a', timestamp: 1 });
  ref.reset();
  assert.is(ref.control.pushBouncerKey(), key);
  assert.is(createReference({ seed: 'a' }).control.pushBouncerKey(), key);
  assert.is.not(createReference({ seed: 'b' }).control.pushBouncerKey(), key);
});

test.run();
