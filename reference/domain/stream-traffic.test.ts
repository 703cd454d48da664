// stream_weekly_traffic as zerver/lib/stream_traffic.py get_average_weekly_stream_traffic
// computes it from a channel's age and its messages of the last 28 days.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { streamWeeklyTraffic } from './channels.ts';

const DAY_MS = 86_400_000;

function channelWith(ref: Reference, messages: number): number {
  assert.is(callAs(ref, 'iago', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'traffic' }] }).status, 200);
  for (let i = 0; i < messages; i++) {
    assert.is(callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: 'traffic', topic: 't', content: `m${i}` }).status, 200);
  }
  return ref.store.channelByName('traffic')!.stream_id;
}
const traffic = (ref: Reference, id: number) => streamWeeklyTraffic(ref.store, ref.store.channel(id)!, Math.floor(ref.control.now() / 1000));

test('younger than 7 whole days: null', () => {
  const ref = createReference();
  const id = channelWith(ref, 3);
  ref.control.advance(7 * DAY_MS - 1000);
  assert.is(traffic(ref, id), null);
});

test('between 7 and 28 days: messages × 7 / age in whole days, floored', () => {
  const ref = createReference();
  // The notice Notification Bot posts at creation counts too: 1 + 9 messages.
  const id = channelWith(ref, 9);
  ref.control.advance(10 * DAY_MS + 1000);
  assert.is(ref.store.channelMessageIds(id).length, 10);
  assert.is(traffic(ref, id), 7);
});

test('a few messages never average to 0; past 28 days, messages / 4 of the last 28 days', () => {
  const ref = createReference();
  const id = channelWith(ref, 0);
  ref.control.advance(20 * DAY_MS);
  assert.is(traffic(ref, id), 1, '1 message × 7 / 20 days floors to 0, shown as 1');
  ref.control.advance(20 * DAY_MS);
  assert.is(traffic(ref, id), 0, 'no message in the last 28 days');
});

test('two significant digits, half to even', () => {
  const ref = createReference();
  const id = channelWith(ref, 0);
  ref.control.advance(30 * DAY_MS);
  for (let i = 0; i < 500; i++) callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: 'traffic', topic: 't', content: `x${i}` });
  assert.is(traffic(ref, id), 120, '500 / 4 = 125 rounds half to even: 120');
  for (let i = 0; i < 40; i++) callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: 'traffic', topic: 't', content: `y${i}` });
  assert.is(traffic(ref, id), 140, '540 / 4 = 135 rounds half to even: 140');
});

test.run();
