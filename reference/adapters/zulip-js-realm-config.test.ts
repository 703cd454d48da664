// The real zulip-js client against linkifiers and custom profile fields, through msw's
// setupServer as reference/adapters/zulip-js.test.ts does: its filters.retrieve calls the
// old GET /realm/filters, which the real server no longer serves (405: zproject/urls.py
// routes only POST there), and everything else goes through callEndpoint.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { createHandlers } from './msw.ts';

// zulip-js replaces the global FormData with the form-data package's: put the platform's back.
const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const REALM = 'http://zulip.example.test';

test('zulip-js: the old filters.retrieve is refused; linkifiers and profile data through callEndpoint', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const iago = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    const hamlet = await zulipInit({ username: 'hamlet@zulip.com', password: 'secret', realm: REALM });
    const old = await hamlet.filters.retrieve();
    assert.is(old.msg, 'Method Not Allowed', JSON.stringify(old));

    const added = await iago.callEndpoint('/realm/filters', 'POST', { pattern: 'T-(?P<id>[0-9]+)', url_template: 'https://t.example.com/{id}' });
    assert.is(added.result, 'success', JSON.stringify(added));
    const listed = await hamlet.callEndpoint('/realm/linkifiers', 'GET', {});
    assert.equal(listed.linkifiers, [{ pattern: 'T-(?P<id>[0-9]+)', url_template: 'https://t.example.com/{id}', id: added.id }]);
    const sent = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'T-1', content: 'fixes T-2' });
    const fetched = await hamlet.messages.retrieve({ anchor: sent.id, num_before: 0, num_after: 0 });
    assert.is(fetched.messages[0].content, '<p>fixes <a href="https://t.example.com/2">T-2</a></p>');
    assert.equal(fetched.messages[0].topic_links, [{ url: 'https://t.example.com/1', text: 'T-1' }]);

    const field = await iago.callEndpoint('/realm/profile_fields', 'POST', { name: 'Team', field_type: 1 });
    assert.is(field.result, 'success', JSON.stringify(field));
    const set = await hamlet.callEndpoint('/users/me/profile_data', 'PATCH', { data: JSON.stringify([{ id: field.id, value: 'Core' }]) });
    assert.is(set.result, 'success', JSON.stringify(set));
    const me = await hamlet.users.me.getProfile();
    assert.equal(me.profile_data[String(field.id)], { value: 'Core', rendered_value: '<p>Core</p>' });
  } finally {
    server.close();
  }
});

test.run();
