// The byte formats of encrypted push registration (zulip.com/api/register-push-device;
// zulip/zulip zerver/lib/push_registration.py check_push_key, zerver/lib/devices.py):
// - push_key: standard Base64 of one cryptosystem byte, 0x31 (libsodium secret box),
//   and the 32-byte key;
// - token_id: standard Base64 of the first 8 bytes of SHA-256 of the provider token
//   (its UTF-8 text, not the bytes a hex token spells), stored as a signed 64-bit
//   big-endian integer.
import { sha256 } from '@noble/hashes/sha2.js';
import { base64 } from './encoding.ts';
import { SECRETBOX_KEY_BYTES } from './secretbox.ts';

export const PUSH_KEY_SECRETBOX = 0x31;

/** The 32-byte secret-box key of a push_key, or null if it is not one (strict Base64, 33 bytes, prefix 0x31). */
export function parsePushKey(text: string): Uint8Array | null {
  const bytes = strictBase64(text);
  if (bytes === null || bytes.length !== 1 + SECRETBOX_KEY_BYTES || bytes[0] !== PUSH_KEY_SECRETBOX) return null;
  return bytes.slice(1);
}

/** The push_key a client sends for a 32-byte key. */
export function formatPushKey(key: Uint8Array): string {
  const bytes = new Uint8Array(1 + key.length);
  bytes[0] = PUSH_KEY_SECRETBOX;
  bytes.set(key, 1);
  return base64.encode(bytes);
}

/** token_id of a provider token: Base64 of SHA-256(token)[0:8]. */
export function tokenIdOf(token: string): string {
  return base64.encode(sha256(new TextEncoder().encode(token)).subarray(0, 8));
}

export type TokenIdReading = { ok: true; canonical: string } | { ok: false; reason: 'not-base64' | 'out-of-range' };

/**
 * A client's token_id as the server stores it: strict Base64 of any length, read as a
 * signed big-endian integer, then written back as the 8 bytes of that 64-bit integer
 * (so "AQ==" and "AAAAAAAAAAE=" are the same id). Values outside 64 bits are out of range.
 */
export function readTokenId(text: string): TokenIdReading {
  const bytes = strictBase64(text);
  if (bytes === null) return { ok: false, reason: 'not-base64' };
  const negative = bytes.length > 0 && ((bytes[0] as number) & 0x80) !== 0;
  const fill = negative ? 0xff : 0x00;
  const extra = Math.max(0, bytes.length - 8);
  // Bytes beyond 8 must be pure sign extension, and must agree with the sign of what remains.
  for (let i = 0; i < extra; i++) if (bytes[i] !== fill) return { ok: false, reason: 'out-of-range' };
  if (extra > 0 && (((bytes[extra] as number) & 0x80) !== 0) !== negative) return { ok: false, reason: 'out-of-range' };
  const out = new Uint8Array(8).fill(fill);
  out.set(bytes.subarray(extra), 8 - (bytes.length - extra));
  return { ok: true, canonical: base64.encode(out) };
}

/** Python's b64decode(validate=True): only the alphabet, with correct padding. */
export function strictBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    return base64.decode(text);
  } catch {
    return null;
  }
}

/** PyNaCl's Base64Encoder.decode (b64decode without validate): characters outside the alphabet are dropped first. */
export function lenientBase64(text: string): Uint8Array | null {
  return strictBase64(text.replace(/[^A-Za-z0-9+/=]/g, ''));
}
