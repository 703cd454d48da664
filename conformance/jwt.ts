// Minting JSON Web Tokens (RFC 7519) for the ${jwt...} templates: one good token and
// three kinds the server must refuse. Independent of reference/crypto on purpose: the
// runner is an oracle for the reference, not a user of it.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';

export type JwtKind = 'hs256' | 'wrong_key' | 'alg_none' | 'hs512';

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const part = (v: unknown) => base64url(encoder.encode(JSON.stringify(v)));

/**
 * hs256: signed with `secret` (the token the server accepts);
 * wrong_key: HS256 with another key; alg_none: unsigned, header alg "none";
 * hs512: HS512 with the right key (an algorithm the server does not allow).
 */
export function mintJwt(kind: JwtKind, claims: unknown, secret: string): string {
  const alg = kind === 'alg_none' ? 'none' : kind === 'hs512' ? 'HS512' : 'HS256';
  const signingInput = `${part({ alg, typ: 'JWT' })}.${part(claims)}`;
  if (kind === 'alg_none') return `${signingInput}.`;
  const key = encoder.encode(kind === 'wrong_key' ? `not-${secret}` : secret);
  const mac = kind === 'hs512' ? hmac(sha512, key, encoder.encode(signingInput)) : hmac(sha256, key, encoder.encode(signingInput));
  return `${signingInput}.${base64url(mac)}`;
}
