// libsodium's sealed box (crypto_box_seal): anonymous public-key encryption to an X25519
// key, the format a mobile client seals its push registration in for the push bouncer
// (PyNaCl SealedBox, as zulip/zulip zilencer/views.py opens it).
//   sealed = epk(32) ‖ crypto_box_easy(m, nonce, recipient_pk, esk)
//   nonce  = BLAKE2b-192(epk ‖ recipient_pk)
//   box key = HSalsa20(X25519(esk, recipient_pk), 0^16)   (crypto_box_beforenm)
// Everything is given, the ephemeral secret included, so the output is a function of
// the inputs: the caller draws the secret from the seeded random.
import { hsalsa, xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { u32, u8 } from '@noble/ciphers/utils.js';
import { blake2b } from '@noble/hashes/blake2.js';

export const BOX_KEY_BYTES = 32;
export const SEALED_BOX_OVERHEAD = 48;

export interface BoxKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** The X25519 key pair of a 32-byte secret. */
export function boxKeyPair(secretKey: Uint8Array): BoxKeyPair {
  if (secretKey.length !== BOX_KEY_BYTES) throw new RangeError('an X25519 secret key has 32 bytes');
  return { publicKey: x25519.getPublicKey(secretKey), secretKey: secretKey.slice() };
}

/** crypto_box_beforenm: the secret-box key two X25519 parties share. */
export function boxSharedKey(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const shared = x25519.getSharedSecret(secretKey, publicKey);
  const out = new Uint32Array(8);
  hsalsa(words(SIGMA), words(shared), new Uint32Array(4), out);
  return bytesOf(out);
}

/** crypto_box_seal of `plaintext` to `recipientPk`, with the given ephemeral secret key. */
export function sealBox(recipientPk: Uint8Array, plaintext: Uint8Array, ephemeralSecret: Uint8Array): Uint8Array {
  const ephemeral = boxKeyPair(ephemeralSecret);
  const key = boxSharedKey(ephemeral.secretKey, recipientPk);
  const boxed = xsalsa20poly1305(key, sealNonce(ephemeral.publicKey, recipientPk)).encrypt(plaintext);
  const out = new Uint8Array(BOX_KEY_BYTES + boxed.length);
  out.set(ephemeral.publicKey, 0);
  out.set(boxed, BOX_KEY_BYTES);
  return out;
}

/** crypto_box_seal_open: the plaintext, or null for anything that does not open. */
export function openSealedBox(recipient: BoxKeyPair, sealed: Uint8Array): Uint8Array | null {
  if (sealed.length < SEALED_BOX_OVERHEAD) return null;
  const epk = sealed.subarray(0, BOX_KEY_BYTES);
  try {
    const key = boxSharedKey(recipient.secretKey, epk);
    return xsalsa20poly1305(key, sealNonce(epk, recipient.publicKey)).decrypt(sealed.subarray(BOX_KEY_BYTES));
  } catch {
    return null; // a low-order ephemeral key, or a tag that does not authenticate
  }
}

function sealNonce(epk: Uint8Array, recipientPk: Uint8Array): Uint8Array {
  const input = new Uint8Array(2 * BOX_KEY_BYTES);
  input.set(epk, 0);
  input.set(recipientPk, BOX_KEY_BYTES);
  return blake2b(input, { dkLen: 24 });
}

const SIGMA = new TextEncoder().encode('expand 32-byte k');

/** A word view of a copy of `bytes`: hsalsa reads host-order views and swaps on big-endian hosts itself. */
const words = (bytes: Uint8Array): Uint32Array => u32(bytes.slice());
const bytesOf = (w: Uint32Array): Uint8Array => u8(w).slice();
