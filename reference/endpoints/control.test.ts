// The control surface's event record: what each user was sent, shaped as a client with
// every capability receives it, without registering a queue.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const idOf = (ref: ReturnType<typeof createReference>, who: string) => ref.store.userByEmail(`${who}@zulip.com`)!.user_id;

test('a channel message reaches its subscribers\' records as HTML, and nobody else\'s', () => {
  const ref = createReference();
  const sent = callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: 'Denmark', topic: 'castle', content: 'to **be**' });
  assert.is(sent.status, 200);
  const messageId = sent.json['id'];
  const hamlet = ref.control.events(idOf(ref, 'hamlet')).filter((e) => e['type'] === 'message');
  assert.is(hamlet.length, 1);
  const message = hamlet[0]!['message'] as Record<string, unknown>;
  assert.is(message['id'], messageId);
  assert.is(message['content'], '<p>to <strong>be</strong></p>');
  assert.equal(hamlet[0]!['flags'], []);
  const subscribed = new Set(ref.store.subscribers(ref.store.channelByName('Denmark')!.stream_id));
  for (const u of ref.store.realmUsers().filter((x) => !subscribed.has(x.user_id))) {
    assert.not.ok(
      ref.control.events(u.user_id).some((e) => e['type'] === 'message'),
      `${u.delivery_email} is not subscribed to Denmark`,
    );
  }
});

test('the record keeps the last `limit` events, oldest first', () => {
  const ref = createReference();
  for (const n of [1, 2, 3]) callAs(ref, 'iago', 'POST', '/messages', { type: 'direct', to: JSON.stringify([idOf(ref, 'hamlet')]), content: `m${n}` });
  const last = ref.control.events(idOf(ref, 'hamlet'), 2);
  assert.equal(
    last.map((e) => (e['message'] as Record<string, unknown>)['content']),
    ['<p>m2</p>', '<p>m3</p>'],
  );
  assert.ok((last[0]!['id'] as number) < (last[1]!['id'] as number));
});

test('an unknown user is an error', () => {
  const ref = createReference();
  assert.throws(() => ref.control.events(9999), /No user 9999/);
});

test.run();
