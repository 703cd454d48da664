// libsodium's secret box (crypto_secretbox_easy: XSalsa20-Poly1305) with the nonce in
// front, the layout PyNaCl's SecretBox.encrypt produces: nonce(24) ‖ tag(16) ‖ ciphertext.
// Encrypted push notifications use it with the client's push key (zulip/zulip
// zerver/models/devices.py names the cryptosystem; the register-push-device API page
// documents the key). @noble/ciphers' xsalsa20poly1305 gives tag ‖ ciphertext, the
// `_easy` layout.
import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js';

export const SECRETBOX_KEY_BYTES = 32;
export const SECRETBOX_NONCE_BYTES = 24;
export const SECRETBOX_TAG_BYTES = 16;

/** nonce ‖ tag ‖ ciphertext of `plaintext` under the 32-byte `key`. */
export function secretboxSeal(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array): Uint8Array {
  if (nonce.length !== SECRETBOX_NONCE_BYTES) throw new RangeError('a secret-box nonce has 24 bytes');
  const boxed = xsalsa20poly1305(key, nonce).encrypt(plaintext);
  const out = new Uint8Array(nonce.length + boxed.length);
  out.set(nonce, 0);
  out.set(boxed, nonce.length);
  return out;
}

/** The plaintext of nonce ‖ tag ‖ ciphertext, or null if it does not authenticate under `key`. */
export function secretboxOpen(key: Uint8Array, sealed: Uint8Array): Uint8Array | null {
  if (key.length !== SECRETBOX_KEY_BYTES || sealed.length < SECRETBOX_NONCE_BYTES + SECRETBOX_TAG_BYTES) return null;
  try {
    return xsalsa20poly1305(key, sealed.subarray(0, SECRETBOX_NONCE_BYTES)).decrypt(sealed.subarray(SECRETBOX_NONCE_BYTES));
  } catch {
    return null;
  }
}
