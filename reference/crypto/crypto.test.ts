// The push cryptography against published vectors (the NaCl box test vector from
// "Cryptography in NaCl", which libsodium's test/default/box.c also uses) and round trips.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64, hex } from './encoding.ts';
import { formatPushKey, lenientBase64, parsePushKey, readTokenId, strictBase64, tokenIdOf } from './push-key.ts';
import { boxKeyPair, boxSharedKey, openSealedBox, sealBox, SEALED_BOX_OVERHEAD } from './sealed-box.ts';
import { secretboxOpen, secretboxSeal } from './secretbox.ts';

const bytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
const ALICE_SK = bytes('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
const BOB_SK = bytes('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
const BOB_PK = bytes('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f');
const NONCE = bytes('69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37');
const MESSAGE = bytes(
  'be075fc53c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffce5ecbaaf33bd751a1ac728d45e6c61296cdc3c01233561f41db66cce314adb310e3be8250c46f06dceea3a7fa1348057e2f6556ad6b1318a024a838f21af1fde048977eb48f59ffd4924ca1c60902e52f0a089bc76897040e082f937763848645e0705',
);
const utf8 = (s: string) => new TextEncoder().encode(s);

test('crypto_box_beforenm of the NaCl vector', () => {
  assert.is(hex(boxSharedKey(ALICE_SK, BOB_PK)), '1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389');
  assert.is(hex(boxKeyPair(BOB_SK).publicKey), hex(BOB_PK));
});

test('the secret box of the NaCl vector: the nonce, then tag ‖ ciphertext; it opens, and a flipped bit does not', () => {
  const key = boxSharedKey(ALICE_SK, BOB_PK);
  const sealed = secretboxSeal(key, NONCE, MESSAGE);
  assert.is(sealed.length, 24 + 16 + 131);
  assert.is(hex(sealed.subarray(0, 24)), hex(NONCE));
  assert.is(hex(sealed.subarray(24, 40)), 'f3ffc7703f9400e52a7dfb4b3d3305d9');
  assert.is(hex(secretboxOpen(key, sealed) as Uint8Array), hex(MESSAGE));
  const bad = sealed.slice();
  bad[50] = (bad[50] as number) ^ 1;
  assert.is(secretboxOpen(key, bad), null);
  assert.is(secretboxOpen(key, sealed.subarray(0, 39)), null);
  assert.is(secretboxOpen(key.subarray(0, 16), sealed), null);
  assert.throws(() => secretboxSeal(key, NONCE.subarray(1), MESSAGE));
});

test('a sealed box opens with the recipient key only, is 48 bytes longer, and is a function of its inputs', () => {
  const recipient = boxKeyPair(BOB_SK);
  const sealed = sealBox(recipient.publicKey, utf8('{"token":"c0ffee"}'), ALICE_SK);
  assert.is(sealed.length, 18 + SEALED_BOX_OVERHEAD);
  assert.is(hex(sealed.subarray(0, 32)), hex(boxKeyPair(ALICE_SK).publicKey));
  assert.is(new TextDecoder().decode(openSealedBox(recipient, sealed) as Uint8Array), '{"token":"c0ffee"}');
  assert.is(hex(sealBox(recipient.publicKey, utf8('{"token":"c0ffee"}'), ALICE_SK)), hex(sealed));
  assert.is(openSealedBox(boxKeyPair(ALICE_SK), sealed), null, 'another key');
  assert.is(openSealedBox(recipient, sealed.subarray(0, 47)), null, 'too short');
  const bad = sealed.slice();
  bad[40] = (bad[40] as number) ^ 1;
  assert.is(openSealedBox(recipient, bad), null, 'tampered');
  const lowOrder = new Uint8Array(sealed.length); // an all-zero ephemeral key: X25519 refuses it
  assert.is(openSealedBox(recipient, lowOrder), null);
  assert.throws(() => boxKeyPair(new Uint8Array(31)));
});

test('push_key: strict Base64 of 0x31 and 32 bytes', () => {
  const key = new Uint8Array(32).fill(7);
  const text = formatPushKey(key);
  assert.is(text.length, 44);
  assert.is(hex(parsePushKey(text) as Uint8Array), hex(key));
  assert.ok(parsePushKey('MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt'), 'the documented example');
  assert.is(parsePushKey('@abcdefg'), null, 'outside the alphabet');
  assert.is(parsePushKey('abcd'), null, 'three bytes');
  const wrongPrefix = new Uint8Array(33).fill(7);
  wrongPrefix[0] = 0x32;
  assert.is(parsePushKey(base64.encode(wrongPrefix)), null);
  assert.is(parsePushKey(text.slice(0, 43)), null, 'bad padding');
});

test('token_id: SHA-256 of the token text, first 8 bytes; read back as a signed 64-bit integer', () => {
  assert.is(tokenIdOf('c0ffee'), '+wKIhyAx/Eg=', 'hashed as six ASCII characters');
  assert.is(hex(base64.decode(tokenIdOf('abc'))), 'ba7816bf8f01cfea', 'SHA-256("abc") begins ba7816bf8f01cfea');
  assert.equal(readTokenId('AAAAAAAAAAE='), { ok: true, canonical: 'AAAAAAAAAAE=' });
  assert.equal(readTokenId('AQ=='), { ok: true, canonical: 'AAAAAAAAAAE=' });
  assert.equal(readTokenId('/w=='), { ok: true, canonical: '//////////8=' }, '0xff is -1');
  assert.equal(readTokenId(''), { ok: true, canonical: 'AAAAAAAAAAA=' });
  assert.equal(readTokenId('AAAAAAAAAAAB'), { ok: true, canonical: 'AAAAAAAAAAE=' }, 'nine bytes of sign extension');
  assert.equal(readTokenId('AQAAAAAAAAAA'), { ok: false, reason: 'out-of-range' });
  assert.equal(readTokenId('AIAAAAAAAAAA'), { ok: false, reason: 'out-of-range' }, 'a positive 2^63');
  assert.equal(readTokenId('192057'), { ok: false, reason: 'not-base64' });
  assert.equal(readTokenId('AQ'), { ok: false, reason: 'not-base64' });
});

test('strict and lenient Base64', () => {
  assert.is(strictBase64('a-b='), null);
  assert.is(strictBase64('YQ=a'), null);
  assert.is(hex(lenientBase64('Y-Q=-=') as Uint8Array), '61');
  assert.is(lenientBase64('YQ'), null);
});

test.run();
