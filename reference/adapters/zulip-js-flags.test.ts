// The real zulip-js client marking messages read and unread, starring, and reading the
// unread state back, against the reference through msw (as zulip-js.test.ts does):
// messages.flags.add / remove unmodified, the rest through callEndpoint.
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
type Json = Record<string, any>;

test('zulip-js marks read, unread and starred with messages.flags, and sees it in narrows, register and read receipts', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const hamlet = await zulipInit({ username: 'hamlet@zulip.com', password: 'secret', realm: REALM });
    const cordelia = await zulipInit({ username: 'cordelia@zulip.com', password: 'secret', realm: REALM });
    const iago = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    assert.is((await hamlet.callEndpoint('/mark_all_as_read', 'POST', {})).complete, true);

    const sent: Json = await cordelia.messages.send({ type: 'direct', to: JSON.stringify([6]), content: 'are you there?' });
    assert.is(sent.result, 'success', JSON.stringify(sent));
    const id = sent.id as number;
    const unread = async () =>
      ((await hamlet.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'is', operand: 'unread' }] })) as Json).messages.map(
        (m: Json) => m.id,
      );
    assert.equal(await unread(), [id]);

    const read: Json = await hamlet.messages.flags.add({ flag: 'read', messages: [id] });
    assert.equal([read.result, read.messages, read.ignored_because_not_subscribed_channels], ['success', [id], []]);
    assert.equal(await unread(), []);

    const again: Json = await hamlet.messages.flags.remove({ flag: 'read', messages: [id] });
    assert.is(again.result, 'success');
    assert.equal(await unread(), [id]);
    const state: Json = await hamlet.callEndpoint('/register', 'POST', { fetch_event_types: JSON.stringify(['update_message_flags', 'message']) });
    assert.equal(state.unread_msgs.pms, [{ other_user_id: 7, sender_id: 7, unread_message_ids: [id] }]);

    const star: Json = await hamlet.messages.flags.add({ flag: 'starred', messages: [id] });
    assert.is(star.result, 'success');
    const starred: Json = await hamlet.messages.retrieve({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'is', operand: 'starred' }] });
    assert.equal(starred.messages.find((m: Json) => m.id === id)?.flags, ['starred']);

    const bad: Json = await hamlet.messages.flags.add({ flag: 'mentioned', messages: [id] });
    assert.equal([bad.result, bad.code, bad.msg], ['error', 'BAD_REQUEST', "Flag not editable: 'mentioned'"]);

    assert.is((await iago.callEndpoint('/realm', 'PATCH', { enable_read_receipts: 'true' })).result, 'success');
    await hamlet.messages.flags.add({ flag: 'read', messages: [id] });
    const receipts: Json = await cordelia.callEndpoint(`/messages/${id}/read_receipts`, 'GET', {});
    assert.equal(receipts.user_ids, [6]);
  } finally {
    server.close();
  }
});

test.run();
