// sanitize_url and the narrow-URL encodings, case by case against the server's rules.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeChannel, encodeHashComponent, relativeToRealm, sanitizeUrl } from './urls.ts';

test('URLs with an allowed scheme pass unchanged', () => {
  for (const url of ['https://example.com/a?b=c#d', 'http://localhost:9991/', 'mailto:a@b.c', 'tel:+14155551234', 'ftp://x.org/f', 'xmpp:a@b.c']) {
    assert.is(sanitizeUrl(url), url);
  }
});

test('a scheme is matched case-insensitively and written in lowercase', () => {
  assert.is(sanitizeUrl('HTTPS://Example.com/X'), 'https://Example.com/X');
  assert.is(sanitizeUrl('JavaScript:alert(1)'), null);
});

test('script-like schemes are refused', () => {
  for (const url of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'itms://itunes.com', 'foo://bar', 'java\nscript:alert(1)']) {
    assert.is(sanitizeUrl(url), null, url);
  }
});

test('relative, fragment and email links, and URLs without a scheme', () => {
  assert.is(sanitizeUrl('/user_uploads/1/a.png'), '/user_uploads/1/a.png');
  assert.is(sanitizeUrl('#narrow/channel/2-Denmark'), '#narrow/channel/2-Denmark');
  assert.is(sanitizeUrl('hamlet@zulip.com'), 'mailto:hamlet@zulip.com');
  assert.is(sanitizeUrl('zulip.com/help'), 'http://zulip.com/help');
  assert.is(sanitizeUrl('a b'), 'http://a%20b');
});

test('links into the realm become relative, others stay absolute', () => {
  const realm = 'http://zulip.testserver';
  assert.is(relativeToRealm(realm, 'http://zulip.testserver/#narrow/dm/6'), '#narrow/dm/6');
  assert.is(relativeToRealm(realm, 'http://zulip.testserver/user_uploads/2/x.txt'), 'user_uploads/2/x.txt');
  assert.is(relativeToRealm(realm, 'http://zulip.testserver/help'), 'http://zulip.testserver/help');
});

test('hash components follow encode_hash_component', () => {
  assert.is(encodeHashComponent('Zulip updates'), 'Zulip.20updates');
  assert.is(encodeHashComponent('a.b (c)!*'), 'a.2Eb.20.28c.29.21*');
  assert.is(encodeHashComponent('café/x?'), 'caf.C3.A9.2Fx.3F');
  assert.is(encodeChannel(6, 'core team'), '6-core-team');
});

test.run();
