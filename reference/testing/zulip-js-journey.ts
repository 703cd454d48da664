// One journey of the real zulip-js client, shared by the msw test
// (reference/adapters/zulip-js.test.ts) and the HTTP test (scripts/serve.test.ts):
// subscribe (creating a channel), send, fetch with narrows and search, list topics,
// unsubscribe. Every call goes through zulip-js's own request code.
import * as assert from 'uvu/assert';
import type { ZulipClient } from 'zulip-js';

/** The parts of a zulip-js client the journey uses (typed in scripts/zulip-js.d.ts). */
type ZulipJsClient = Pick<ZulipClient, 'users' | 'streams' | 'messages'>;

export async function zulipJsJourney(client: ZulipJsClient, channel: string): Promise<void> {
  const added = await client.users.me.subscriptions.add({ subscriptions: [{ name: channel, description: 'made by zulip-js' }] });
  assert.is(added.result, 'success', JSON.stringify(added));
  const { stream_id } = await client.streams.getStreamId(channel);
  assert.type(stream_id, 'number');

  const sent = await client.messages.send({ type: 'stream', to: channel, topic: 'journey', content: 'The **quick** brown fox' });
  assert.is(sent.result, 'success', JSON.stringify(sent));
  const dm = await client.messages.send({ type: 'direct', to: [6], content: 'a direct word' });
  assert.is(dm.result, 'success', JSON.stringify(dm));

  const inTopic = await client.messages.retrieve({
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: channel },
      { operator: 'topic', operand: 'journey' },
    ],
  });
  assert.is(inTopic.result, 'success', JSON.stringify(inTopic));
  assert.equal(
    inTopic.messages.map((m: { id: number }) => m.id),
    [sent.id],
  );
  assert.is(inTopic.messages[0].content, '<p>The <strong>quick</strong> brown fox</p>');

  const found = await client.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'search', operand: 'fox' }] });
  assert.ok(found.messages.some((m: { id: number; match_content: string }) => m.id === sent.id && m.match_content.includes('class="highlight"')));
  const dms = await client.messages.retrieve({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'dm', operand: [6] }] });
  assert.ok(dms.messages.some((m: { id: number }) => m.id === dm.id));

  const topics = await client.streams.topics.retrieve({ stream_id });
  assert.ok(topics.topics.some((t: { name: string; max_id: number }) => t.name === 'journey' && t.max_id === sent.id), JSON.stringify(topics));

  // zulip-js sends DELETE parameters in the query string as given: JSON-encode the list.
  const removed = await client.users.me.subscriptions.remove({ subscriptions: JSON.stringify([channel]) });
  assert.equal(removed.removed, [channel], JSON.stringify(removed));
}
