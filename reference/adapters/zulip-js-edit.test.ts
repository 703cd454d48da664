// The real zulip-js client editing and moving messages against the reference through
// msw: messages.update (PATCH /messages/{message_id}, a multipart body that also carries
// message_id) for content, topic and channel, and messages.getHistoryById
// (GET /messages/{message_id}/history), called as the library ships them.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { createHandlers } from './msw.ts';

// zulip-js (through isomorphic-form-data) replaces the global FormData; put the platform's back.
const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const REALM = 'http://zulip.example.test';

/** zulip-js's messages.update and messages.getHistoryById (scripts/zulip-js.d.ts types only what other tests call). */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface EditApi {
  update(params: Record<string, unknown>): Promise<Json>;
  getHistoryById(params: { message_id: number }): Promise<Json>;
}
const editApi = (client: { messages: unknown }) => client.messages as EditApi;

test('zulip-js edits a message, renames its topic, moves it to another channel and reads its history through msw', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const iago = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    const sent = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'zulip-js edits', content: 'first draft' });
    assert.is(sent.result, 'success', JSON.stringify(sent));
    const id = sent.id as number;

    const edited = await editApi(iago).update({ message_id: id, content: 'second draft' });
    assert.is(edited.result, 'success', JSON.stringify(edited));
    assert.equal(edited.detached_uploads, []);

    const moved = await editApi(iago).update({ message_id: id, topic: 'zulip-js moved', propagate_mode: 'change_all', send_notification_to_new_thread: false });
    assert.is(moved.result, 'success', JSON.stringify(moved));

    const denmark = (await iago.streams.retrieve()).streams.find((s: { name: string }) => s.name === 'Denmark').stream_id as number;
    const across = await editApi(iago).update({ message_id: id, stream_id: denmark, send_notification_to_new_thread: false });
    assert.is(across.result, 'success', JSON.stringify(across));

    const narrow = [
      { operator: 'channel', operand: 'Denmark' },
      { operator: 'topic', operand: 'zulip-js moved' },
    ];
    const found = await iago.messages.retrieve({ anchor: 'newest', num_before: 5, num_after: 0, narrow, apply_markdown: false });
    assert.is(found.result, 'success');
    const message = found.messages.find((m: { id: number }) => m.id === id);
    assert.ok(message, 'the message is in its new channel and topic');
    assert.is(message.content, 'second draft');
    assert.is(message.edit_history.length, 3);
    assert.is(message.edit_history[0].stream, denmark);

    const history = await editApi(iago).getHistoryById({ message_id: id });
    assert.is(history.result, 'success', JSON.stringify(history));
    assert.equal(
      history.message_history.map((h: { content: string; topic: string }) => [h.content, h.topic]),
      [
        ['first draft', 'zulip-js edits'],
        ['second draft', 'zulip-js edits'],
        ['second draft', 'zulip-js moved'],
        ['second draft', 'zulip-js moved'],
      ],
    );
    assert.is(history.message_history[1].prev_content, 'first draft');
    assert.is(history.message_history[3].stream, denmark);

    // Someone else's content is refused with the real server's error.
    const hamlet = await zulipInit({ username: 'hamlet@zulip.com', password: 'secret', realm: REALM });
    const refused = await editApi(hamlet).update({ message_id: id, content: 'not mine' });
    assert.is(refused.result, 'error');
    assert.is(refused.msg, "You don't have permission to edit this message");
  } finally {
    server.close();
  }
});

test.run();
