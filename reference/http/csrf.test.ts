// Django's CSRF check as the web app's /json/register meets it: the cookie and the token,
// each plain (32 characters) or masked (64: a mask, then the secret shifted by it), the
// token from the X-CSRFToken header or a POST's csrfmiddlewaretoken field, and the reason
// each refusal names.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CsrfFailed } from '../errors.ts';
import { checkCsrf } from './csrf.ts';

const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SECRET = 'Zz09aAbB'.repeat(4);
/** _mask_cipher_secret: each secret character moved forward by the mask's. */
const masked = (secret: string, mask: string) => mask + [...secret].map((c, i) => CHARS[(CHARS.indexOf(c) + CHARS.indexOf(mask[i] as string)) % CHARS.length]).join('');
const MASKED = masked(SECRET, 'k3Q'.repeat(10) + 'zz');

function reason(headers: Record<string, string>, form?: string): string | null {
  try {
    checkCsrf(headers, form);
    return null;
  } catch (e) {
    assert.instance(e, CsrfFailed);
    const err = e as CsrfFailed;
    assert.is(err.status, 403);
    assert.is(err.code, 'CSRF_FAILED');
    assert.is(err.message, `CSRF error: ${String(err.data['reason'])}`);
    return String(err.data['reason']);
  }
}

test('a plain or masked cookie with a plain or masked token of the same secret passes', () => {
  assert.is(MASKED.length, 64);
  for (const cookie of [SECRET, MASKED]) {
    for (const token of [SECRET, MASKED, masked(SECRET, 'Z'.repeat(32))]) {
      assert.is(reason({ Cookie: `csrftoken=${cookie}`, 'X-CSRFToken': token }), null, `${cookie} / ${token}`);
    }
  }
  assert.is(reason({ cookie: `other=1; __Host-csrftoken="${SECRET}"`, 'x-csrftoken': SECRET }), null, 'the production name, quoted, headers in any case');
});

test('the form field wins over the header on a POST', () => {
  const cookie = { Cookie: `csrftoken=${SECRET}` };
  assert.is(reason({ ...cookie, 'X-CSRFToken': 'x'.repeat(32) }, MASKED), null);
  assert.is(reason({ ...cookie, 'X-CSRFToken': SECRET }, 'y'.repeat(32)), 'CSRF token from POST incorrect.');
  assert.is(reason({ ...cookie, 'X-CSRFToken': SECRET }, ''), null, 'an empty field falls back to the header');
  assert.is(reason(cookie, 'short'), 'CSRF token from POST has incorrect length.');
});

test('each refusal names its reason, in the order Django checks', () => {
  assert.is(reason({}), 'CSRF cookie not set.');
  assert.is(reason({ 'X-CSRFToken': SECRET }), 'CSRF cookie not set.');
  assert.is(reason({ Cookie: 'csrftoken=short', 'X-CSRFToken': SECRET }), 'CSRF cookie has incorrect length.');
  assert.is(reason({ Cookie: `csrftoken=${'!'.repeat(32)}` }), 'CSRF cookie has invalid characters.');
  assert.is(reason({ Cookie: `csrftoken=${SECRET}` }), 'CSRF token missing.');
  assert.is(reason({ Cookie: `csrftoken=${SECRET}`, 'X-CSRFToken': '-'.repeat(64) }), "CSRF token from the 'X-Csrftoken' HTTP header has invalid characters.");
  assert.is(reason({ Cookie: `csrftoken=${SECRET}`, 'X-CSRFToken': SECRET.slice(1) }), "CSRF token from the 'X-Csrftoken' HTTP header has incorrect length.");
  assert.is(reason({ Cookie: `csrftoken=${SECRET}`, 'X-CSRFToken': masked('a'.repeat(32), MASKED.slice(0, 32)) }), "CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
});

test.run();
