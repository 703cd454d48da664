// Deleting a topic: batches of 100, newest first, one event each; refusals change nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';
import { DELETE_BATCH_SIZE } from './delete-topic.ts';

test('a topic of 250 messages goes in three batches, newest first: one delete_message event each, ids ascending', () => {
  const ref = createReference();
  const verona = ref.store.channelByName('Verona')!;
  const ids: number[] = [];
  for (let i = 0; i < 250; i++) {
    const sent = callAs(ref, 'hamlet', 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'Big', content: `m${i}` });
    ids.push(sent.json['id'] as number);
  }
  const kept = callAs(ref, 'hamlet', 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'small', content: 'stays' }).json['id'] as number;
  const from = emissions(ref).length;
  const res = callAs(ref, 'iago', 'POST', `/streams/${verona.stream_id}/delete_topic`, { topic_name: 'big' });
  assert.equal(res.json, { result: 'success', msg: '', complete: true });
  const deletes = emissions(ref)
    .slice(from)
    .filter((e) => e.event['type'] === 'delete_message');
  assert.equal(
    deletes.map((e) => e.event['message_ids']),
    [ids.slice(150), ids.slice(50, 150), ids.slice(0, 50)],
  );
  assert.ok(deletes.every((e) => e.event['topic'] === 'big' && e.event['stream_id'] === verona.stream_id));
  const hamlet = ref.store.userByEmail('hamlet@zulip.com')!;
  assert.ok(deletes.every((e) => e.users.includes(hamlet.user_id)));
  assert.is(DELETE_BATCH_SIZE, 100);
  assert.equal(ref.store.topicMessageIds(verona.stream_id, 'Big'), []);
  assert.ok(ids.every((id) => ref.store.message(id) === undefined));
  assert.ok(ref.store.message(kept));
  const topics = callAs(ref, 'hamlet', 'GET', `/users/me/${verona.stream_id}/topics`).json['topics'] as Array<{ name: string }>;
  assert.not.ok(topics.some((t) => t.name.toLowerCase() === 'big'));
});

test('refused deletions change nothing', () => {
  const ref = createReference();
  const verona = ref.store.channelByName('Verona')!;
  callAs(ref, 'hamlet', 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'keep', content: 'x' });
  for (const [who, path, params, msg] of [
    ['hamlet', `/streams/${verona.stream_id}/delete_topic`, { topic_name: 'keep' }, 'Must be an organization administrator'],
    ['shiva', `/streams/${verona.stream_id}/delete_topic`, { topic_name: 'keep' }, 'Must be an organization administrator'],
    ['iago', `/streams/${verona.stream_id}/delete_topic`, {}, "Missing 'topic_name' argument"],
    ['iago', '/streams/99999/delete_topic', { topic_name: 'keep' }, 'Invalid channel ID'],
  ] as const) {
    const res = assertUnchanged(ref, () => callAs(ref, who, 'POST', path, params));
    assert.is(res.json['msg'], msg, `${who} ${path}`);
  }
});
test.run();
