// Colors of new subscriptions (zerver/lib/stream_color.py pick_colors, as
// zerver/actions/streams.py bulk_add_subscriptions calls it once per user and request).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { STREAM_ASSIGNMENT_COLORS } from './subscription-colors.ts';

const PALETTE = STREAM_ASSIGNMENT_COLORS.length;

test('past the palette, a channel gets the palette color at its recipient id, not at its channel id', () => {
  const ref = createReference();
  const names = Array.from({ length: PALETTE + 6 }, (_, i) => `hue-${String(i).padStart(2, '0')}`);
  for (const name of names) assert.is(callAs(ref, 'iago', 'POST', '/users/me/subscriptions', { subscriptions: [{ name }] }).status, 200);
  const user = ref.control.addUser({ email: 'painter@zulip.com', full_name: 'Painter' });
  const res = callAs(ref, user.user_id, 'POST', '/users/me/subscriptions', { subscriptions: names.map((name) => ({ name })) });
  assert.is(res.status, 200, res.body);
  const channels = names.map((name) => ref.store.channelByName(name)!);
  const recipient = (streamId: number) => ref.store.recipientIdFor(`s:${streamId}`);
  // Recipient ids grow with creation here, so recipient-id order is the order of names.
  channels.forEach((c, i) => {
    const color = ref.store.subscription(user.user_id, c.stream_id)!.color;
    const want = i < PALETTE ? STREAM_ASSIGNMENT_COLORS[i] : STREAM_ASSIGNMENT_COLORS[recipient(c.stream_id) % PALETTE];
    assert.is(color, want, c.name);
  });
  // The test tells the two rules apart: some reused color differs by channel id.
  assert.ok(channels.slice(PALETTE).some((c) => recipient(c.stream_id) % PALETTE !== c.stream_id % PALETTE));
});

test.run();
