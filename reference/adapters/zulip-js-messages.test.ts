// The real zulip-js client reading one message, rendering Markdown and (through its
// callEndpoint) deleting a topic, against the reference through msw's setupServer (as
// reference/adapters/zulip-js.test.ts explains: zulip-js's node-fetch requests are
// intercepted there; its POST bodies are multipart).
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

test('zulip-js messages.getById and messages.render, and delete_topic through callEndpoint, through msw', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const iago = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    const othello = await zulipInit({ username: 'othello@zulip.com', password: 'secret', realm: REALM });
    const sent = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'read me', content: 'The **quick** fox' });
    assert.is(sent.result, 'success', JSON.stringify(sent));

    // zulip-js puts message_id in the query too: the server reports it as unread.
    const one = await iago.messages.getById({ message_id: sent.id });
    assert.is(one.result, 'success', JSON.stringify(one));
    assert.equal([one.message.id, one.message.content, one.raw_content], [sent.id, '<p>The <strong>quick</strong> fox</p>', 'The **quick** fox']);
    assert.equal(one.ignored_parameters_unsupported, ['message_id']);
    const raw = await othello.messages.getById({ message_id: sent.id, apply_markdown: false });
    assert.equal([raw.message.content, raw.message.content_type, raw.message.flags], ['The **quick** fox', 'text/x-markdown', []]);

    const dm = await iago.messages.send({ type: 'direct', to: [6], content: 'for Hamlet only' });
    const refused = await othello.messages.getById({ message_id: dm.id });
    assert.equal([refused.result, refused.code, refused.msg], ['error', 'BAD_REQUEST', 'Invalid message(s)']);

    const rendered = await othello.messages.render('Hello @**Iago**, see #**Verona**');
    assert.is(
      rendered.rendered,
      '<p>Hello <span class="user-mention" data-user-id="4">@Iago</span>, see <a class="stream" data-stream-id="1" href="/#narrow/channel/1-Verona">#Verona</a></p>',
    );
    const asObject = await othello.messages.render({ content: '' });
    assert.equal([asObject.result, asObject.rendered], ['success', '']);

    const byOthello = await othello.callEndpoint('/streams/1/delete_topic', 'POST', { topic_name: 'read me' });
    assert.equal([byOthello.code, byOthello.msg], ['UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator']);
    const deleted = await iago.callEndpoint('/streams/1/delete_topic', 'POST', { topic_name: 'READ ME' });
    assert.equal([deleted.result, deleted.complete], ['success', true]);
    const gone = await iago.messages.getById({ message_id: sent.id });
    assert.is(gone.msg, 'Invalid message(s)');
  } finally {
    server.close();
  }
});

test.run();
