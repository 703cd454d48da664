// The differential mode's normalisation: two servers with different ids, clocks and keys
// normalise alike when they behave alike, and differently when they do not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstDifference, IdCanon, normalise } from './normalise.ts';

test('ids are labelled by kind in the order each side first sees them', () => {
  const a = new IdCanon();
  const b = new IdCanon();
  const left = normalise({ result: 'success', msg: '', id: 41 }, a);
  const right = normalise({ result: 'success', msg: '', id: 9 }, b);
  // A top-level "id" has no parent: it is compared as it is.
  assert.not.equal(left, right);
  const l = normalise({ messages: [{ id: 41, sender_id: 6, stream_id: 30 }, { id: 44, sender_id: 7, stream_id: 30 }] }, a);
  const r = normalise({ messages: [{ id: 9, sender_id: 100, stream_id: 2 }, { id: 12, sender_id: 101, stream_id: 2 }] }, b);
  assert.equal(l, r);
  assert.equal(l, {
    messages: [
      { id: 'message#1', sender_id: 'user#1', stream_id: 'channel#1' },
      { id: 'message#2', sender_id: 'user#2', stream_id: 'channel#1' },
    ],
  });
  // The same raw id of another kind is another label.
  assert.equal(normalise({ stream_id: 41 }, a), { stream_id: 'channel#2' });
});

test('a message the other side put elsewhere is a difference', () => {
  const a = new IdCanon();
  const b = new IdCanon();
  normalise({ messages: [{ id: 1 }, { id: 2 }] }, a);
  normalise({ messages: [{ id: 1 }, { id: 2 }] }, b);
  const l = normalise({ messages: [{ id: 2 }] }, a);
  const r = normalise({ messages: [{ id: 1 }] }, b);
  assert.is(firstDifference(l, r), 'messages[0].id: "message#2", expected "message#1"');
});

test('sets are sorted before mapping; object keys that are ids are mapped; key order is ignored', () => {
  const a = new IdCanon();
  const b = new IdCanon();
  const l = normalise({ subscribed: { '12': ['x'], '10': ['x'] }, subscribers: [12, 10], msg: '', result: 'success' }, a);
  const r = normalise({ result: 'success', msg: '', subscribers: [3, 5], subscribed: { '3': ['x'], '5': ['x'] } }, b);
  assert.equal(l, r);
  assert.equal(Object.keys(l as object), ['msg', 'result', 'subscribed', 'subscribers']);
  assert.equal((l as { subscribers: string[] }).subscribers, ['user#1', 'user#2']);
});

test('timestamps, keys and versions are masked; null stays null', () => {
  const c = new IdCanon();
  assert.equal(normalise({ timestamp: 1_700_000_000, api_key: 'abc', queue_id: 'q-1', last_edit_timestamp: null }, c), {
    api_key: '<string>',
    last_edit_timestamp: null,
    queue_id: '<string>',
    timestamp: '<number>',
  });
});

test('ids in rendered HTML, group settings, drafts, display recipients and matches_narrow are mapped', () => {
  const a = new IdCanon();
  const html = '<a class="stream" data-stream-id="17" href="/#narrow/channel/17-x">#x</a> <span data-user-id="6">@h</span>';
  const out = normalise(
    {
      rendered_content: html,
      can_send_message_group: { direct_members: [8, 6], direct_subgroups: [3] },
      can_administer_channel_group: 11,
      drafts: [{ id: 5 }],
      display_recipient: [{ id: 6, email: 'h' }],
      messages: { '23': { match_content: '<p>x</p>' } },
    },
    a,
  ) as Record<string, unknown>;
  assert.is(out['rendered_content'], '<a class="stream" data-stream-id="channel#1" href="/#narrow/channel/channel#1-x">#x</a> <span data-user-id="user#1">@h</span>');
  assert.equal(out['can_send_message_group'], { direct_members: ['user#1', 'user#2'], direct_subgroups: ['group#1'] });
  assert.is(out['can_administer_channel_group'], 'group#2');
  assert.equal(out['drafts'], [{ id: 'draft#1' }]);
  assert.equal(out['display_recipient'], [{ email: 'h', id: 'user#1' }]);
  assert.equal(out['messages'], { 'message#1': { match_content: '<p>x</p>' } });
});

test('firstDifference names the path: missing, unexpected, length, value', () => {
  assert.is(firstDifference({ a: 1 }, { a: 1 }), '');
  assert.is(firstDifference({ a: 1 }, { a: 1, b: 2 }), 'b: missing, expected 2');
  assert.is(firstDifference({ a: 1, c: 3 }, { a: 1 }), 'c: unexpected 3');
  assert.is(firstDifference({ l: [1, 2] }, { l: [1] }), 'l: 2 elements, expected 1');
  assert.is(firstDifference([1], [2]), '[0]: 1, expected 2');
  assert.is(firstDifference('x', 'y'), '(body): "x", expected "y"');
  assert.is(firstDifference({ o: { p: [true] } }, { o: { p: [false] } }), 'o.p[0]: true, expected false');
});

test.run();
