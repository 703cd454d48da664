// The CSRF check of the web app's session paths (/json/...): zulip/zulip zerver/lib/rest.py
// wraps a logged-out visitor's view in Django's csrf_protect, whose failures
// zerver/middleware.py csrf_failure answers as 403 CSRF_FAILED "CSRF error: <reason>".
// Django's CsrfViewMiddleware (_check_token): the CSRF cookie must be there and well
// formed, then the token (the csrfmiddlewaretoken form field of a POST, else the
// X-CSRFToken header) well formed and equal to the cookie's secret; a 64-character value
// is a masked secret, unmasked first. Each step has its own reason.
// NOTE: approximation: the real server also compares an Origin header with its own origin
// and, over HTTPS without one, the Referer; Understudy does not know the origin it is
// served at and checks neither. It reads the cookie under both names the real server uses
// (__Host-csrftoken in production, csrftoken in development), where a real server reads one.
import { constantTimeEqual } from '../crypto/compare.ts';
import { CsrfFailed } from '../errors.ts';
import { header } from '../request/headers.ts';

const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SECRET_LENGTH = 32;
const COOKIE_NAMES = ['__Host-csrftoken', 'csrftoken'];

/** Refuse the request unless its CSRF cookie and token agree. `formToken`: the csrfmiddlewaretoken field of a POST body. */
export function checkCsrf(headers: Readonly<Record<string, string>> | undefined, formToken: string | undefined): void {
  const cookies = parseCookies(header(headers, 'cookie') ?? '');
  const cookie = COOKIE_NAMES.map((n) => cookies.get(n)).find((v) => v !== undefined);
  if (cookie === undefined) throw new CsrfFailed('CSRF cookie not set.');
  const cookieProblem = formatProblem(cookie);
  if (cookieProblem !== null) throw new CsrfFailed(`CSRF cookie ${cookieProblem}.`);
  let token = formToken ?? '';
  let source = 'POST';
  if (token === '') {
    const fromHeader = header(headers, 'x-csrftoken');
    if (fromHeader === undefined) throw new CsrfFailed('CSRF token missing.');
    token = fromHeader;
    source = "the 'X-Csrftoken' HTTP header";
  }
  const tokenProblem = formatProblem(token);
  if (tokenProblem !== null) throw new CsrfFailed(`CSRF token from ${source} ${tokenProblem}.`);
  if (!constantTimeEqual(secretOf(token), secretOf(cookie))) throw new CsrfFailed(`CSRF token from ${source} incorrect.`);
}

/** _check_token_format: 32 or 64 characters, letters and digits only. */
function formatProblem(value: string): string | null {
  if (value.length !== SECRET_LENGTH && value.length !== 2 * SECRET_LENGTH) return 'has incorrect length';
  if (!/^[A-Za-z0-9]*$/.test(value)) return 'has invalid characters';
  return null;
}

/** _unmask_cipher_token for a masked (64-character) value: each character less its mask's, modulo the alphabet. */
function secretOf(value: string): string {
  if (value.length === SECRET_LENGTH) return value;
  const mask = value.slice(0, SECRET_LENGTH);
  let out = '';
  for (let i = 0; i < SECRET_LENGTH; i++) {
    out += CHARS[(CHARS.indexOf(value[SECRET_LENGTH + i] as string) - CHARS.indexOf(mask[i] as string) + CHARS.length) % CHARS.length];
  }
  return out;
}

/** Django's parse_cookie: `;`-separated pairs, split at the first `=`, trimmed; a later pair wins. */
function parseCookies(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const chunk of value.split(';')) {
    const eq = chunk.indexOf('=');
    const key = (eq === -1 ? '' : chunk.slice(0, eq)).trim();
    const raw = (eq === -1 ? chunk : chunk.slice(eq + 1)).trim();
    // http.cookies._unquote: a value in double quotes stands for what is inside them.
    const val = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    if (key !== '' || val !== '') out.set(key, val);
  }
  return out;
}
