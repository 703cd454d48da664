// The apply_events comparison (compare.ts) on hand-made states: what it leaves out, how it
// pairs list elements, and the paths it reports.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathOf, stateDifferences, type Known } from './compare.ts';

const known: Known = { subscribed: new Set([1]), archived: new Set([9]), guestWhoLeft: false };
const sub = (id: number, subscribers: number[], extra = {}) => ({ stream_id: id, name: `c${id}`, subscribers, subscriber_count: subscribers.length, first_message_id: 3, ...extra });

test('what upstream’s match_states leaves out, and the keys left out for their reasons, make no difference', () => {
  const a = {
    queue_id: 'a',
    last_event_id: 4,
    server_timestamp: 1,
    subscriptions: [sub(1, [3, 2]), sub(2, [5])],
    never_subscribed: [sub(4, [], { stream_weekly_traffic: 1, is_recently_active: true })],
    drafts: [{ id: 1 }, { id: 2 }],
    user_topics: [{ stream_id: 9, topic_name: 't' }],
  };
  const b = {
    queue_id: 'b',
    last_event_id: -1,
    server_timestamp: 2,
    subscriptions: [sub(2, [5]), sub(1, [2, 3], { subscriber_count: 7 })],
    never_subscribed: [sub(4, [], { first_message_id: 8 })],
    drafts: [{ id: 2 }, { id: 1 }],
    user_topics: [],
  };
  assert.equal(stateDifferences(a, b, known), []);
});

test('differences: by identity key within lists, in order where order matters, lists of values whole', () => {
  const a = { subscriptions: [sub(1, [2, 3])], streams: [{ stream_id: 1 }, { stream_id: 2 }], realm_users: [{ user_id: 5, full_name: 'A' }], unread_msgs: { mentions: [1, 2] } };
  const b = { subscriptions: [sub(1, [2])], streams: [{ stream_id: 2 }, { stream_id: 1 }], realm_users: [{ user_id: 5, full_name: 'B' }], unread_msgs: { mentions: [1] } };
  const d = stateDifferences(a, b, known).map((x) => [pathOf(x.segments), x.applied, x.fresh]);
  assert.equal(d, [
    ['subscriptions[?stream_id=1].subscribers', [2, 3], [2]],
    ['streams[*].stream_id', [1, 2], [2, 1]],
    ['realm_users[?user_id=5].full_name', 'A', 'B'],
    ['unread_msgs.mentions', [1, 2], [1]],
  ]);
  const missing = stateDifferences({ subscriptions: [sub(1, [])] }, { subscriptions: [] }, known);
  assert.equal(missing.map((x) => [pathOf(x.segments), x.fresh]), [['subscriptions[?stream_id=1]', undefined]]);
});

test('paths: keys a path cannot spell are quoted, indexes stay indexes', () => {
  assert.is(pathOf([{ key: 'presences' }, { key: 'a@b.c' }, { key: 'active' }]), 'presences["a@b.c"].active');
  assert.is(pathOf([{ key: 'user_status' }, { key: '12' }]), 'user_status["12"]');
  assert.is(pathOf([{ key: 'recent_private_conversations' }, { index: 0 }, { key: 'user_ids' }]), 'recent_private_conversations[0].user_ids');
});

test.run();
