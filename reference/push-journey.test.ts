// A mobile client, end to end, through the public API and the test-control surface
// only: register a device, register push keys with a registration it sealed itself
// (libsodium's crypto_box_seal, written here from @noble/* primitives, independently of
// reference/crypto), receive a direct message, fetch the outbox, decrypt the
// notification and read it; rotate the key and see the next one under the new key id;
// see a deletion remove the notification. Run in-process (fetch door) and over node:http.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hsalsa, xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { u32, u8 } from '@noble/ciphers/utils.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { serve } from './adapters/node-http.ts';
import { createReference } from './index.ts';

type Call = (method: string, path: string, params?: Record<string, unknown>, who?: string) => Promise<Record<string, unknown>>;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const KEYS: Record<string, string> = { hamlet: '9nYpu0sUHvIrOijMyMFoexS2V8wCEIc1', iago: 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd' };

/** HTTP over any fetch: form bodies, non-strings JSON-encoded, Basic auth as a fixture character. */
function caller(base: string, fetcher: (r: Request) => Promise<Response>): Call {
  return async (method, path, params = {}, who) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    const headers: Record<string, string> = {};
    if (who) headers['authorization'] = `Basic ${btoa(`${who}@zulip.com:${KEYS[who]}`)}`;
    const query = method === 'GET' && form.size > 0 ? `?${form}` : '';
    const init: RequestInit = { method, headers };
    if (method !== 'GET') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = form.toString();
    }
    const res = await fetcher(new Request(`${base}${path}${query}`, init));
    const json = (await res.json()) as Record<string, unknown>;
    assert.is(res.status, 200, `${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  };
}

// ---- the client's own crypto (libsodium's formats, from @noble/* primitives) ----

function boxKey(secret: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const out = new Uint32Array(8);
  hsalsa(u32(new TextEncoder().encode('expand 32-byte k')), u32(x25519.getSharedSecret(secret, publicKey)), new Uint32Array(4), out);
  return u8(out);
}

function cryptoBoxSeal(recipient: Uint8Array, message: Uint8Array): Uint8Array {
  const { secretKey, publicKey } = x25519.keygen(sha256(new TextEncoder().encode('the client\'s ephemeral key')));
  const nonce = blake2b(Uint8Array.of(...publicKey, ...recipient), { dkLen: 24 });
  return Uint8Array.of(...publicKey, ...xsalsa20poly1305(boxKey(secretKey, recipient), nonce).encrypt(message));
}

function openNotification(key: Uint8Array, encryptedData: string): Record<string, unknown> {
  const bytes = unb64(encryptedData);
  const plain = xsalsa20poly1305(key, bytes.subarray(0, 24)).decrypt(bytes.subarray(24));
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
}

async function journey(call: Call): Promise<void> {
  // 1. A device, then keys and a token sealed to the bouncer.
  const { device_id } = await call('POST', '/api/v1/register_client_device', {}, 'hamlet');
  const { public_key } = await call('GET', '/_understudy/push/bouncer');
  const { now_ms } = await call('POST', '/_understudy/clock/advance', { ms: 0 });
  const token = 'fcm-registration-token-of-hamlets-phone';
  const registration = JSON.stringify({ token, token_kind: 'kind_a', timestamp: Math.floor((now_ms as number) / 1000) });
  const key1 = sha256(new TextEncoder().encode('push key 1'));
  await call(
    'POST',
    '/api/v1/mobile_push/register',
    {
      device_id,
      push_key: b64(Uint8Array.of(0x31, ...key1)),
      push_key_id: 1001,
      token_kind: 'kind_a',
      token_id: b64(sha256(new TextEncoder().encode(token)).subarray(0, 8)),
      bouncer_public_key: public_key,
      encrypted_push_registration: b64(cryptoBoxSeal(unb64(public_key as string), new TextEncoder().encode(registration))),
    },
    'hamlet',
  );

  // 2. Iago writes; Hamlet's phone gets it.
  const { id: messageId } = await call('POST', '/api/v1/messages', { type: 'direct', to: [6], content: 'Speak the speech, **I pray you**' }, 'iago');
  const { notifications } = (await call('GET', '/_understudy/push/outbox', { user_id: 6 })) as { notifications: Array<Record<string, unknown>> };
  assert.is(notifications.length, 1);
  const first = notifications[0]!;
  assert.is(first['device_id'], device_id);
  assert.is(first['push_key_id'], 1001);
  const fcm = first['request'] as { token: string; data: { push_key_id: string; encrypted_data: string }; android: unknown };
  assert.equal([fcm.token, fcm.data.push_key_id, fcm.android], [token, '1001', { priority: 'high' }]);
  const payload = openNotification(key1, fcm.data.encrypted_data);
  assert.equal(payload, {
    content: 'Speak the speech, I pray you',
    message_id: messageId,
    realm_name: payload['realm_name'],
    realm_url: payload['realm_url'],
    recipient_type: 'direct',
    recipient_user_ids: [4, 6],
    sender_avatar_url: payload['sender_avatar_url'],
    sender_full_name: 'Iago',
    sender_id: 4,
    time: Math.floor((now_ms as number) / 1000),
    type: 'message',
    user_id: 6,
  });
  assert.match(String(payload['sender_avatar_url']), /^https?:\/\//);

  // 3. A new key; the next notification is under it, and the old key no longer opens it.
  const key2 = sha256(new TextEncoder().encode('push key 2'));
  await call('POST', '/api/v1/mobile_push/register', { device_id, push_key: b64(Uint8Array.of(0x31, ...key2)), push_key_id: 1002 }, 'hamlet');
  await call('POST', '/api/v1/messages', { type: 'direct', to: [6], content: 'trippingly on the tongue' }, 'iago');
  const after = ((await call('GET', '/_understudy/push/outbox', { user_id: 6 })) as { notifications: Array<Record<string, unknown>> }).notifications;
  const second = after.at(-1)!;
  assert.is(second['push_key_id'], 1002);
  assert.is(openNotification(key2, second['encrypted_data'] as string)['content'], 'trippingly on the tongue');
  assert.throws(() => openNotification(key1, second['encrypted_data'] as string));

  // 4. Iago deletes the first message: a removal notification follows.
  await call('DELETE', `/api/v1/messages/${messageId}`, {}, 'iago');
  const last = ((await call('GET', '/_understudy/push/outbox', { user_id: 6 })) as { notifications: Array<Record<string, unknown>> }).notifications.at(-1)!;
  const removal = openNotification(key2, last['encrypted_data'] as string);
  assert.equal([removal['type'], removal['message_ids'], removal['user_id']], ['remove', [messageId], 6]);
}

test('a mobile client, in process through the fetch door', async () => {
  const ref = createReference();
  await journey(caller('http://zulip.test', (r) => ref.handle(r)));
});

test('a mobile client over node:http', async () => {
  const ref = createReference();
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  try {
    await journey(caller(serving.url, (r) => fetch(r)));
  } finally {
    await serving.close();
  }
});

test.run();
