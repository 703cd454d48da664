// The real zulip-js client reporting presence, setting a status, muting a user and
// managing alert words, against the reference through msw's setupServer (as
// reference/adapters/zulip-js.test.ts explains: zulip-js's node-fetch requests are
// intercepted there; its POST and DELETE bodies are multipart). zulip-js has a method for
// the alert-word list only; the rest goes through its callEndpoint (values as strings: its
// form-data body takes no others).
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { createHandlers } from './msw.ts';

// zulip-js replaces the global FormData with the form-data package's; put the platform's back.
const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const REALM = 'http://zulip.example.test';
const IAGO = 4;
const OTHELLO = 8;

test('zulip-js: presence, status, muted users and alert words, through msw', async () => {
  const reference = createReference({ clock: 'manual' });
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const iago = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    const othello = await zulipInit({ username: 'othello@zulip.com', password: 'secret', realm: REALM });

    const first = await othello.callEndpoint('/users/me/presence', 'POST', { status: 'active', slim_presence: 'true' });
    assert.is(first.result, 'success', JSON.stringify(first));
    assert.type(first.presences[String(OTHELLO)].active_timestamp, 'number');
    reference.control.advance(100_000);
    await othello.callEndpoint('/users/me/presence', 'POST', { status: 'idle', ping_only: 'true' });
    const realm = await iago.callEndpoint('/realm/presence', 'GET');
    assert.is(realm.presences['othello@zulip.com'].aggregated.status, 'idle');
    const bad = await othello.callEndpoint('/users/me/presence', 'POST', { status: 'away' });
    assert.equal([bad.code, bad.msg], ['BAD_REQUEST', 'Invalid status: away']);

    const set = await othello.callEndpoint('/users/me/status', 'POST', { status_text: 'on the road', emoji_name: 'octopus' });
    assert.is(set.result, 'success', JSON.stringify(set));
    const status = await iago.callEndpoint(`/users/${OTHELLO}/status`, 'GET');
    assert.equal(status.status, { status_text: 'on the road', emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });

    const added = await othello.callEndpoint('/users/me/alert_words', 'POST', { alert_words: JSON.stringify(['Kraken']) });
    assert.equal(added.alert_words, ['Kraken']);
    const listed = await othello.users.me.alertWords.retrieve();
    assert.equal(listed.alert_words, ['Kraken']);
    const removed = await othello.callEndpoint('/users/me/alert_words', 'DELETE', { alert_words: JSON.stringify(['kraken']) });
    assert.equal(removed.alert_words, []);

    const muted = await othello.callEndpoint(`/users/me/muted_users/${IAGO}`, 'POST');
    assert.is(muted.result, 'success', JSON.stringify(muted));
    const again = await othello.callEndpoint(`/users/me/muted_users/${IAGO}`, 'POST');
    assert.is(again.msg, 'User already muted');
    const unmuted = await othello.callEndpoint(`/users/me/muted_users/${IAGO}`, 'DELETE');
    assert.is(unmuted.result, 'success', JSON.stringify(unmuted));
  } finally {
    server.close();
  }
});

test.run();
