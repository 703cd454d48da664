// The real zulip-js client's reactions and emojis (reactions.add, reactions.remove,
// emojis.retrieve), and a widget's submessage through callEndpoint, against the reference
// through msw's setupServer, as reference/adapters/zulip-js.test.ts does for the rest.
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

test('zulip-js reacts, sees the reaction and its event, is refused a duplicate, removes it, and lists custom emoji', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const hamlet = await zulipInit({ username: 'hamlet@zulip.com', password: 'secret', realm: REALM });
    const cordelia = await zulipInit({ username: 'cordelia@zulip.com', password: 'secret', realm: REALM });
    const queue = await hamlet.queues.register({ event_types: ['reaction'] });
    assert.is(queue.result, 'success', JSON.stringify(queue));
    const sent = await hamlet.messages.send({ type: 'direct', to: [7], content: 'react to this' });
    assert.is(sent.result, 'success', JSON.stringify(sent));

    const added = await cordelia.reactions.add({ message_id: sent.id, emoji_name: 'octopus' });
    assert.is(added.result, 'success', JSON.stringify(added));
    const custom = await cordelia.reactions.add({ message_id: sent.id, emoji_name: 'green_tick' });
    assert.is(custom.result, 'success', JSON.stringify(custom));
    const again = await cordelia.reactions.add({ message_id: sent.id, emoji_name: 'octopus' });
    assert.is(again.code, 'REACTION_ALREADY_EXISTS', JSON.stringify(again));

    const fetched = await hamlet.messages.retrieve({ anchor: sent.id, num_before: 0, num_after: 0 });
    assert.equal(fetched.messages[0].reactions, [
      { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: 7 },
      { emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji', user_id: 7 },
    ]);

    const events = await hamlet.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1, dont_block: true });
    assert.equal(
      events.events.map((e: { op: string; emoji_name: string; user_id: number }) => [e.op, e.emoji_name, e.user_id]),
      [
        ['add', 'octopus', 7],
        ['add', 'green_tick', 7],
      ],
    );

    // zulip-js sends DELETE parameters in the query string.
    const removed = await cordelia.reactions.remove({ message_id: sent.id, emoji_name: 'octopus' });
    assert.is(removed.result, 'success', JSON.stringify(removed));
    const gone = await cordelia.reactions.remove({ message_id: sent.id, emoji_name: 'octopus' });
    assert.is(gone.code, 'REACTION_DOES_NOT_EXIST', JSON.stringify(gone));
    const customGone = await cordelia.reactions.remove({ message_id: sent.id, emoji_code: '1', reaction_type: 'realm_emoji' });
    assert.is(customGone.result, 'success', JSON.stringify(customGone));

    const emoji = await hamlet.emojis.retrieve();
    assert.is(emoji.result, 'success', JSON.stringify(emoji));
    assert.equal(emoji.emoji['1'], { id: '1', name: 'green_tick', source_url: '/user_avatars/2/emoji/images/1.png', deactivated: false, author_id: 4, still_url: null });
  } finally {
    server.close();
  }
});

test('zulip-js sends a /poll and votes in it through callEndpoint; the fetched message carries both submessages', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const hamlet = await zulipInit({ username: 'hamlet@zulip.com', password: 'secret', realm: REALM });
    const cordelia = await zulipInit({ username: 'cordelia@zulip.com', password: 'secret', realm: REALM });
    const sent = await hamlet.messages.send({ type: 'direct', to: [7], content: '/poll Lunch?\nPizza\nSushi' });
    assert.is(sent.result, 'success', JSON.stringify(sent));
    const vote = await cordelia.callEndpoint('/submessage', 'POST', { message_id: sent.id, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }) });
    assert.is(vote.result, 'success', JSON.stringify(vote));
    const bad = await cordelia.callEndpoint('/submessage', 'POST', { message_id: sent.id, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 5 }) });
    assert.is(bad.msg, 'Invalid poll data["vote"]', JSON.stringify(bad));
    const fetched = await cordelia.messages.retrieve({ anchor: sent.id, num_before: 0, num_after: 0 });
    const subs = fetched.messages[0].submessages as Array<{ sender_id: number; content: string }>;
    assert.equal(
      subs.map((s) => s.sender_id),
      [6, 7],
    );
    assert.is(subs[0]?.content, '{"widget_type": "poll", "extra_data": {"question": "Lunch?", "options": ["Pizza", "Sushi"]}}');
  } finally {
    server.close();
  }
});

test.run();
