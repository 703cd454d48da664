// Subscription settings: the two muting events in the real order, and refusals that change nothing.
import { emissions } from '../testing/emissions.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';

const api = callAs;
const verona = (ref: Reference) => ref.store.channelByName('Verona')!.stream_id;

test('muting Verona tells Hamlet twice: in_home_view first, then is_muted', () => {
  const ref = createReference();
  const from = emissions(ref).length;
  assert.is(api(ref, 'hamlet', 'PATCH', `/users/me/subscriptions/${verona(ref)}`, { property: 'is_muted', value: 'true' }).status, 200);
  assert.equal(
    emissions(ref).slice(from).map((e) => [e.users, e.event]),
    [
      [[6], { type: 'subscription', op: 'update', property: 'in_home_view', value: false, stream_id: verona(ref) }],
      [[6], { type: 'subscription', op: 'update', property: 'is_muted', value: true, stream_id: verona(ref) }],
    ],
  );
});

test('in_home_view=true unmutes, and still sends both events in the same order', () => {
  const ref = createReference();
  const from = emissions(ref).length;
  api(ref, 'hamlet', 'PATCH', `/users/me/subscriptions/${verona(ref)}`, { property: 'in_home_view', value: 'true' });
  assert.equal(
    emissions(ref).slice(from).map((e) => [(e.event as Record<string, unknown>)['property'], (e.event as Record<string, unknown>)['value']]),
    [['in_home_view', true], ['is_muted', false]],
  );
  assert.is(ref.store.subscription(6, verona(ref))!.is_muted, false);
});

test('the bulk form applies every change in order, one event each', () => {
  const ref = createReference();
  const from = emissions(ref).length;
  const res = api(ref, 'hamlet', 'POST', '/users/me/subscriptions/properties', {
    subscription_data: [
      { stream_id: verona(ref), property: 'color', value: '#fff' },
      { stream_id: verona(ref), property: 'push_notifications', value: true },
      { stream_id: verona(ref), property: 'color', value: '#000000' },
    ],
  });
  assert.is(res.status, 200, res.body);
  assert.equal(emissions(ref).slice(from).map((e) => [(e.event as Record<string, unknown>)['property'], (e.event as Record<string, unknown>)['value']]), [['color', '#fff'], ['push_notifications', true], ['color', '#000000']]);
  const sub = ref.store.subscription(6, verona(ref))!;
  assert.equal([sub.color, sub.push_notifications], ['#000000', true]);
});

const REFUSED: Array<[string, string, string, Record<string, unknown>, string]> = [
  ['an unknown property', 'PATCH', '/users/me/subscriptions/1', { property: 'volume', value: 'true' }, 'Unknown subscription property: volume'],
  ['a non-boolean', 'PATCH', '/users/me/subscriptions/1', { property: 'pin_to_top', value: 'sure' }, 'pin_to_top is not a boolean'],
  ['a channel Hamlet is not subscribed to', 'PATCH', '/users/me/subscriptions/4', { property: 'pin_to_top', value: 'true' }, 'Not subscribed to channel ID 4'],
  ['a private channel out of reach', 'PATCH', '/users/me/subscriptions/7', { property: 'pin_to_top', value: 'true' }, 'Invalid channel ID'],
  ['a missing channel', 'PATCH', '/users/me/subscriptions/99', { property: 'pin_to_top', value: 'true' }, 'Invalid channel ID'],
  [
    'a later bad entry',
    'POST',
    '/users/me/subscriptions/properties',
    { subscription_data: [{ stream_id: 1, property: 'pin_to_top', value: true }, { stream_id: 4, property: 'pin_to_top', value: true }] },
    'Not subscribed to channel ID 4',
  ],
  [
    'an unknown property after a bad color',
    'POST',
    '/users/me/subscriptions/properties',
    { subscription_data: [{ stream_id: 1, property: 'color', value: 'nope' }, { stream_id: 1, property: 'volume', value: true }] },
    'Unknown subscription property: volume',
  ],
  ['a missing value', 'POST', '/users/me/subscriptions/properties', { subscription_data: [{ stream_id: 1, property: 'color' }] }, 'subscription_data[0]["value"] field is missing: Field required'],
  ['a string stream id', 'POST', '/users/me/subscriptions/properties', { subscription_data: [{ stream_id: '1', property: 'color', value: '#fff' }] }, 'subscription_data[0]["stream_id"] is not an integer'],
];

for (const [what, method, path, params, msg] of REFUSED) {
  test(`refusing ${what} leaves the state unchanged`, () => {
    const ref = createReference();
    const res = assertUnchanged(ref, () => api(ref, 'hamlet', method, path, params));
    assert.is(res.status, 400, res.body);
    assert.is(res.json['msg'], msg);
  });
}

test.run();
