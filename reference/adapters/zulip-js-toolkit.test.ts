// The client developer's toolkit with the real zulip-js client through msw: a long-poll
// (events.retrieve) from one test ends when the next test resets, a rate_limit fault
// reaches the client as the real 429, and the journal shows what it sent.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { createHandlers } from './msw.ts';

const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const REALM = 'http://zulip.toolkit.test';

test('zulip-js: reset() ends a waiting events.retrieve with BAD_EVENT_QUEUE_ID; a fault and the journal', async () => {
  const ref = createReference();
  const server = setupServer(...createHandlers(ref, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = await zulipInit({ username: 'hamlet@zulip.com', apiKey: '9nYpu0sUHvIrOijMyMFoexS2V8wCEIc1', realm: REALM });
    const queue = await client.queues.register({ event_types: ['message'] });
    const waiting = client.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1 });
    for (let i = 0; i < 100 && ref.control.waitingPolls() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.is(ref.control.waitingPolls(), 1);
    ref.reset(); // the next test's beforeEach
    const gone = await waiting;
    assert.equal([gone.result, gone.code, gone.queue_id], ['error', 'BAD_EVENT_QUEUE_ID', queue.queue_id]);

    ref.control.addFault({ fault: 'rate_limit', method: 'POST', path: '/messages', retry_after: 3 });
    const limited = await client.messages.send({ type: 'stream', to: 'Verona', topic: 'toolkit', content: 'first try' });
    assert.equal([limited.result, limited.code, limited['retry-after']], ['error', 'RATE_LIMIT_HIT', 3]);
    const sent = await client.messages.send({ type: 'stream', to: 'Verona', topic: 'toolkit', content: 'second try' });
    assert.is(sent.result, 'success');
    const journal = ref.control.requests({ method: 'POST', path: '/api/v1/messages' });
    assert.equal(journal.map((r) => [r.status, r.user_id, r.params['content']]), [
      [429, 6, 'first try'],
      [200, 6, 'second try'],
    ]);
  } finally {
    server.close();
  }
});

test.run();
