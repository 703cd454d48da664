// Password hashes: PBKDF2-HMAC-SHA256, stored as pbkdf2_sha256$iterations$salt$hash
// (the layout Django uses; salt as text, hash as standard Base64).
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64 } from './encoding.ts';
import { constantTimeEqual } from './compare.ts';

/** Low on purpose: this is a mock server, and logins happen in every test. */
export const PBKDF2_ITERATIONS = 1000;

export function hashPassword(password: string, salt: string, iterations = PBKDF2_ITERATIONS): string {
  const dk = pbkdf2(sha256, password, salt, { c: iterations, dkLen: 32 });
  return `pbkdf2_sha256$${iterations}$${salt}$${base64.encode(dk)}`;
}

export function checkPassword(password: string, stored: string | null): boolean {
  if (stored === null) return false;
  const [algorithm, iterations, salt, hash] = stored.split('$');
  if (algorithm !== 'pbkdf2_sha256' || !iterations || salt === undefined || hash === undefined) return false;
  const again = hashPassword(password, salt, Number(iterations));
  return constantTimeEqual(again, stored);
}
