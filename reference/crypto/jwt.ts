// JSON Web Tokens, HS256 only, verified with @noble/hashes' HMAC (RFC 7519 / RFC 7515).
// Every other algorithm, `none` included, is rejected: the realm's key is configured
// for HS256, as JWT_AUTH_KEYS {"key": ..., "algorithms": ["HS256"]} on the real server.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64url } from './encoding.ts';
import { constantTimeEqual } from './compare.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export type JwtResult = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string };

/** Verify signature, algorithm and expiry; `nowSeconds` comes from the injected clock. */
export function verifyHs256(token: string, key: string, nowSeconds: number): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'not three parts' };
  const [h, p, s] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  let signature: Uint8Array;
  try {
    header = JSON.parse(decoder.decode(base64url.decode(h)));
    claims = JSON.parse(decoder.decode(base64url.decode(p)));
    signature = base64url.decode(s);
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
  if (!isObject(header) || header['alg'] !== 'HS256') return { ok: false, reason: 'algorithm not allowed' };
  const expected = hmac(sha256, encoder.encode(key), encoder.encode(`${h}.${p}`));
  if (!constantTimeEqual(expected, signature)) return { ok: false, reason: 'bad signature' };
  if (!isObject(claims)) return { ok: false, reason: 'claims not an object' };
  const exp = claims['exp'];
  if (exp !== undefined && (typeof exp !== 'number' || nowSeconds >= exp)) return { ok: false, reason: 'expired' };
  const nbf = claims['nbf'];
  if (nbf !== undefined && (typeof nbf !== 'number' || nowSeconds < nbf)) return { ok: false, reason: 'not yet valid' };
  return { ok: true, claims };
}

/** Sign claims with HS256 (for tests and the conformance runner). */
export function signHs256(claims: Record<string, unknown>, key: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const h = base64url.encode(encoder.encode(JSON.stringify(header)));
  const p = base64url.encode(encoder.encode(JSON.stringify(claims)));
  const sig = hmac(sha256, encoder.encode(key), encoder.encode(`${h}.${p}`));
  return `${h}.${p}.${base64url.encode(sig)}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
