// Understudy's push bouncer: the service a server hands encrypted push registrations to
// (zulip/zulip zilencer/views.py do_register_remote_push_device). It holds one X25519
// key pair, derived from the seed so that it stays the same across reset and restore,
// and checks a registration the way the real bouncer does, in its order:
//   1. bouncer_public_key is not one of its keys      → INVALID_BOUNCER_PUBLIC_KEY
//   2. the sealed box does not open                   → BAD_REQUEST (Invalid encrypted_push_registration)
//   3. the JSON inside fails the PushRegistration model → BAD_REQUEST
//   4. the timestamp is more than 24 hours old        → REQUEST_EXPIRED (future ones pass)
//   5. token_id is not SHA-256(token)[0:8]             → BAD_REQUEST
// (The token_id check is newer than the bouncer code read for 1–4; it is placed last.)
// The registration's token_kind uses the API's names (kind_a, kind_b; see state/devices.ts).
import { base64 } from '../crypto/encoding.ts';
import { lenientBase64, readTokenId, tokenIdOf } from '../crypto/push-key.ts';
import { boxKeyPair, openSealedBox, sealBox, type BoxKeyPair } from '../crypto/sealed-box.ts';
import { PUSH_TOKEN_KINDS, type BouncerRegistration, type PushTokenKind } from '../state/devices.ts';
import type { World } from '../world.ts';

/** PUSH_REGISTRATION_LIVENESS_TIMEOUT (zerver/lib/push_notifications.py): 24 hours. */
export const REGISTRATION_LIVENESS_SECONDS = 24 * 60 * 60;

export type BouncerErrorCode = 'INVALID_BOUNCER_PUBLIC_KEY' | 'BAD_REQUEST' | 'REQUEST_EXPIRED';
export type BouncerOutcome = { ok: true; registration: BouncerRegistration } | { ok: false; code: BouncerErrorCode };

const keyPairs = new WeakMap<World, BoxKeyPair>();

/** The bouncer's key pair: a function of the seed alone. */
export function bouncerKeyPair(world: World): BoxKeyPair {
  let pair = keyPairs.get(world);
  if (pair === undefined) keyPairs.set(world, (pair = boxKeyPair(world.random.derive('push-bouncer-key'))));
  return pair;
}

/** The public key clients seal registrations to, in standard Base64 (PyNaCl's Base64Encoder). */
export function bouncerPublicKey(world: World): string {
  return base64.encode(bouncerKeyPair(world).publicKey);
}

/** Register a device's sealed registration for `tokenId` (canonical form), as the bouncer would. */
export function bouncerRegister(world: World, publicKey: string, sealed: string, tokenId: string): BouncerOutcome {
  if (publicKey !== bouncerPublicKey(world)) return { ok: false, code: 'INVALID_BOUNCER_PUBLIC_KEY' };
  const bytes = lenientBase64(sealed);
  const opened = bytes === null ? null : openSealedBox(bouncerKeyPair(world), bytes);
  if (opened === null) return { ok: false, code: 'BAD_REQUEST' };
  const registration = parseRegistration(opened);
  if (registration === null) return { ok: false, code: 'BAD_REQUEST' };
  if (world.nowSeconds() - registration.timestamp > REGISTRATION_LIVENESS_SECONDS) return { ok: false, code: 'REQUEST_EXPIRED' };
  const expected = readTokenId(tokenIdOf(registration.token));
  if (!expected.ok || expected.canonical !== tokenId) return { ok: false, code: 'BAD_REQUEST' };
  const { timestamp: _timestamp, ...kept } = registration;
  return { ok: true, registration: kept };
}

export interface PushRegistrationPayload {
  token: string;
  token_kind: string;
  timestamp: number;
  ios_app_id?: string | null | undefined;
}

/**
 * What a client does: seal the registration JSON to the bouncer's key. The ephemeral
 * key comes from the seeded random, so the same requests give the same bytes.
 */
export function sealRegistration(world: World, payload: PushRegistrationPayload): { encrypted_push_registration: string; token_id: string; bouncer_public_key: string } {
  const json = JSON.stringify(payload);
  const sealed = sealBox(bouncerKeyPair(world).publicKey, new TextEncoder().encode(json), world.random.bytes(32));
  return { encrypted_push_registration: base64.encode(sealed), token_id: tokenIdOf(payload.token), bouncer_public_key: bouncerPublicKey(world) };
}

/** zilencer's PushRegistration model: token, token_kind, timestamp, ios_app_id (APNs only). */
function parseRegistration(bytes: Uint8Array): (BouncerRegistration & { timestamp: number }) | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { token, token_kind, timestamp, ios_app_id = null } = value as Record<string, unknown>;
  // NOTE: approximation: pydantic's lax mode would also take a numeric string as the timestamp; only JSON integers are taken here.
  if (typeof token !== 'string' || typeof token_kind !== 'string' || !Number.isSafeInteger(timestamp)) return null;
  if (ios_app_id !== null && (typeof ios_app_id !== 'string' || !/^[.a-zA-Z0-9-]+$/.test(ios_app_id))) return null;
  if (!(PUSH_TOKEN_KINDS as readonly string[]).includes(token_kind)) return null;
  const kind = token_kind as PushTokenKind;
  if ((kind === 'kind_b') !== (ios_app_id !== null)) return null; // APNs needs an app id; FCM must not have one
  if (token === '' || token.length > 4096) return null;
  if (kind === 'kind_b' && !isHex(token)) return null;
  return { token, token_kind: kind, ios_app_id, timestamp: timestamp as number };
}

/** Python's bytes.fromhex: pairs of hex digits, whitespace allowed between them. */
function isHex(text: string): boolean {
  return /^\s*(?:[0-9a-fA-F]{2}\s*)*$/.test(text);
}
