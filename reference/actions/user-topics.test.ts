// Topic visibility through dispatch: who gets which events, that a refusal changes
// nothing, what a muted or followed topic does to pushes, and the automatic policies on
// send as each user's settings choose them (zerver/tests/test_user_topics.py).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pushTrigger } from '../domain/push.ts';
import { createReference, type Reference } from '../index.ts';
import { FLAG } from '../state/types.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';

const HAMLET = 6;
const CORDELIA = 7;
const VERONA = 1;

function ok(ref: Reference, who: number, method: string, path: string, params: Record<string, unknown> = {}): Record<string, unknown> {
  const res = callAs(ref, who, method, path, params);
  assert.is(res.status, 200, res.body);
  return res.json;
}
const policy = (ref: Reference, who: number, topic: string) => ref.store.topicPolicy(who, VERONA, topic);
const send = (ref: Reference, who: number, topic: string, content = 'hi') => ok(ref, who, 'POST', '/messages', { type: 'stream', to: 'Verona', topic, content });

test('a change: muted_topics then user_topic, to the user alone; the same policy again sends nothing', () => {
  const ref = createReference();
  const log = emissions(ref);
  ok(ref, HAMLET, 'POST', '/user_topics', { stream_id: VERONA, topic: 'Quiet', visibility_policy: 1 });
  assert.equal(
    log.map((e) => [e.users, e.event.type]),
    [
      [[HAMLET], 'muted_topics'],
      [[HAMLET], 'user_topic'],
    ],
  );
  assert.equal((log[0]?.event as { muted_topics: unknown }).muted_topics, [['Verona', 'Quiet', ref.store.userTopicRows(HAMLET)[0]?.last_updated]]);
  log.length = 0;
  assertUnchanged(ref, () => ok(ref, HAMLET, 'POST', '/user_topics', { stream_id: VERONA, topic: 'QUIET', visibility_policy: 1 }));
  assert.equal(log, []);
});

test('a refused request changes nothing', () => {
  const ref = createReference();
  for (const params of [
    { stream_id: 999999, topic: 't', visibility_policy: 1 },
    { stream_id: VERONA, topic: 'x'.repeat(61), visibility_policy: 1 },
    { stream_id: VERONA, topic: 't', visibility_policy: 4 },
  ]) {
    assertUnchanged(ref, () => assert.is(callAs(ref, HAMLET, 'POST', '/user_topics', params).status, 400));
  }
});

test('pushes: a muted topic silences the channel setting and wildcard mentions, not a mention; a followed topic notifies', () => {
  const ref = createReference();
  ok(ref, CORDELIA, 'PATCH', `/users/me/subscriptions/${VERONA}`, { property: 'push_notifications', value: true });
  const message = ref.store.message(send(ref, HAMLET, 'news')['id'] as number)!;
  assert.is(pushTrigger(ref.store, CORDELIA, message, 0), 'stream_push_notify');
  ok(ref, CORDELIA, 'POST', '/user_topics', { stream_id: VERONA, topic: 'news', visibility_policy: 1 });
  assert.is(pushTrigger(ref.store, CORDELIA, message, 0), null);
  assert.is(pushTrigger(ref.store, CORDELIA, message, FLAG.stream_wildcard_mentioned), null);
  assert.is(pushTrigger(ref.store, CORDELIA, message, FLAG.mentioned), 'mentioned');
  ok(ref, CORDELIA, 'POST', '/user_topics', { stream_id: VERONA, topic: 'news', visibility_policy: 3 });
  assert.is(pushTrigger(ref.store, CORDELIA, message, 0), 'followed_topic_push_notify');
  ok(ref, CORDELIA, 'PATCH', '/settings', { enable_followed_topic_push_notifications: false });
  assert.is(pushTrigger(ref.store, CORDELIA, message, 0), 'stream_push_notify', 'then the channel setting decides');
});

test('automatic policies on send follow the sender\'s settings', () => {
  const ref = createReference();
  // Never: starting a topic follows nothing.
  ok(ref, HAMLET, 'PATCH', '/settings', { automatically_follow_topics_policy: 4 });
  send(ref, HAMLET, 'fresh');
  assert.is(policy(ref, HAMLET, 'fresh'), 0);
  // On participation (which sending is): any message follows.
  send(ref, CORDELIA, 'theirs');
  ok(ref, HAMLET, 'PATCH', '/settings', { automatically_follow_topics_policy: 1 });
  assert.equal(send(ref, HAMLET, 'theirs')['automatic_new_visibility_policy'], 3);
  // In a muted channel with following off: unmute on send (the default), or never.
  ok(ref, HAMLET, 'PATCH', '/settings', { automatically_follow_topics_policy: 4 });
  ok(ref, HAMLET, 'PATCH', `/users/me/subscriptions/${VERONA}`, { property: 'is_muted', value: true });
  assert.equal(send(ref, HAMLET, 'theirs2')['automatic_new_visibility_policy'], 2);
  ok(ref, HAMLET, 'PATCH', '/settings', { automatically_unmute_topics_in_muted_streams_policy: 4 });
  assert.is(send(ref, HAMLET, 'theirs3')['automatic_new_visibility_policy'], undefined);
  // Nothing lowers a followed topic.
  ok(ref, HAMLET, 'POST', '/user_topics', { stream_id: VERONA, topic: 'kept', visibility_policy: 3 });
  ok(ref, HAMLET, 'PATCH', '/settings', { automatically_unmute_topics_in_muted_streams_policy: 2 });
  assert.is(send(ref, HAMLET, 'kept')['automatic_new_visibility_policy'], undefined);
  assert.is(policy(ref, HAMLET, 'kept'), 3);
});

test.run();
