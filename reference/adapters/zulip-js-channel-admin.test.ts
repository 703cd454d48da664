// The real zulip-js client administering a channel: streams.deleteById (archiving), and
// through callEndpoint PATCH /streams/{id}, GET /streams/{id}/members and
// /streams/{id}/email_address, against the reference through msw's setupServer, as
// reference/adapters/zulip-js.test.ts does for the rest.
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

test('zulip-js renames a channel it created, reads its members and email address, is refused another one, and archives it', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const hamlet = await zulipInit({ username: 'hamlet@zulip.com', password: 'secret', realm: REALM });
    const cordelia = await zulipInit({ username: 'cordelia@zulip.com', password: 'secret', realm: REALM });
    const created = await hamlet.callEndpoint('/users/me/subscriptions', 'POST', { subscriptions: JSON.stringify([{ name: 'zulip-js admin' }]), principals: JSON.stringify([6, 7]) });
    assert.is(created.result, 'success', JSON.stringify(created));
    const { stream_id: id } = await hamlet.streams.getStreamId('zulip-js admin');

    const renamed = await hamlet.callEndpoint(`/streams/${id}`, 'PATCH', { new_name: 'zulip-js renamed', description: 'Renamed by *zulip-js*' });
    assert.is(renamed.result, 'success', JSON.stringify(renamed));
    const refused = await cordelia.callEndpoint(`/streams/${id}`, 'PATCH', { new_name: 'not yours' });
    assert.is(refused.msg, 'You do not have permission to administer this channel.', JSON.stringify(refused));
    const stream = await cordelia.callEndpoint(`/streams/${id}`, 'GET', {});
    assert.equal([stream.stream.name, stream.stream.rendered_description], ['zulip-js renamed', '<p>Renamed by <em>zulip-js</em></p>']);
    const members = await cordelia.callEndpoint(`/streams/${id}/members`, 'GET', {});
    assert.equal(members.subscribers, [6, 7]);
    const email = await cordelia.callEndpoint(`/streams/${id}/email_address`, 'GET', {});
    assert.is(email.result, 'success', JSON.stringify(email));

    // zulip-js sends DELETE parameters in the query string; this one has none but the path.
    const archived = await hamlet.streams.deleteById({ stream_id: id });
    assert.is(archived.result, 'success', JSON.stringify(archived));
    assert.ok(reference.store.channel(id)!.is_archived);
    const again = await hamlet.streams.deleteById({ stream_id: id });
    assert.is(again.msg, 'Channel is already deactivated', JSON.stringify(again));
  } finally {
    server.close();
  }
});

test.run();
