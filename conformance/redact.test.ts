// Masking credentials: headers keep who, lose the key; secret fields and every other
// occurrence of a secret go, in any encoding; ordinary text that merely contains a
// secret's letters stays.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MASK, Redactor } from './redact.ts';
import { multipartBody } from './request.ts';

const KEY = 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd';
const basic = (user: string, key: string) => `Basic ${btoa(`${user}:${key}`)}`;

test('an Authorization header keeps the user and masks the key, and the key is masked everywhere after', () => {
  const r = new Redactor();
  const out = r.value({ headers: { Authorization: basic('iago@zulip.com', KEY) }, problems: [`api_key: expected "${KEY}"`] });
  assert.equal(out, { headers: { Authorization: `Basic <iago@zulip.com:${MASK}>` }, problems: [`api_key: expected "${MASK}"`] });
  assert.is(r.value({ authorization: `Bearer ${KEY}` }).authorization, `Bearer ${MASK}`);
  assert.is(r.value({ authorization: 'garbage' }).authorization, MASK);
});

test('secret fields in JSON, form bodies and query strings, and their other occurrences', () => {
  const r = new Redactor();
  const failure = {
    request: { method: 'POST', path: '/api/v1/fetch_api_key?otp=123456', body: 'username=iago%40zulip.com&password=p%40ss+word!' },
    observed: { text: `{"api_key":"${KEY}","email":"iago@zulip.com"}`, json: { api_key: KEY, email: 'iago@zulip.com' } },
    control: { action: 'add_user', params: { email: 'x@zulip.com', password: 'hunter22', role: 400 } },
    problems: ['the password was p@ss word!, or "hunter22"'],
  };
  const out = r.value(failure);
  const text = JSON.stringify(out);
  for (const secret of [KEY, 'p%40ss+word!', 'p@ss word!', 'hunter22', '123456']) assert.not.ok(text.includes(secret), secret);
  assert.is(out.observed.json.api_key, MASK);
  assert.is(out.observed.json.email, 'iago@zulip.com');
  assert.is(out.control.params.role, 400);
  assert.is(out.request.body, `username=iago%40zulip.com&password=${MASK}`);
  assert.equal(failure.observed.json.api_key, KEY, 'the input is not changed');
});

test('known secrets are masked as whole words, raw, URL-encoded and base64-encoded', () => {
  const r = new Redactor(['secret', 'a+b/c d', undefined, 'abc']);
  assert.is(r.text('password secret; jwt_secret; secretive'), `password ${MASK}; jwt_secret; secretive`);
  assert.is(r.text('a+b/c d | a%2Bb%2Fc%20d | a%2Bb%2Fc+d'), `${MASK} | ${MASK} | ${MASK}`);
  assert.is(r.text(`token ${btoa('secret')}`), `token ${MASK}`);
  assert.is(r.text('abc is too short to mask everywhere'), 'abc is too short to mask everywhere');
  assert.is(new Redactor().text('nothing known'), 'nothing known');
});

test('secret parameters of a multipart body are masked', () => {
  const { body } = multipartBody([['username', 'iago@zulip.com'], ['password', 'hunter22!'], ['note', 'hunter22! again']]);
  const out = new Redactor().value({ request: { body } });
  assert.not.ok(out.request.body.includes('hunter22'));
  assert.ok(out.request.body.includes('iago@zulip.com'));
  assert.ok(out.request.body.includes(`name="password"\r\n\r\n${MASK}\r\n`));
});

test.run();
