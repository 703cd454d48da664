// The node:http front door delivers what falls due with no request to prompt it: serve()
// calls the reference's tick() every second (an unref'd timer, cleared on close).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Clock } from '../determinism.ts';
import { createReference } from '../index.ts';
import { SCHEDULED_MESSAGES } from '../state/scheduled-messages.ts';
import { callAs } from '../testing/call-as.ts';
import { serve } from './node-http.ts';

const HAMLET = 6;

/** A clock that calls itself the system clock but that the test moves. */
function handClock(startMs: number): Clock & { to(ms: number): void } {
  let t = startMs;
  return {
    kind: 'system',
    now: () => t,
    advance: () => {
      throw new RangeError('not by hand');
    },
    set: () => undefined,
    setTimer: () => () => undefined,
    to: (ms: number) => void (t = ms),
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

test('a due scheduled message goes out within a second of falling due, no request needed; after close, nothing ticks', async () => {
  const start = Date.parse('2026-01-15T12:00:00Z');
  const clock = handClock(start);
  const ref = createReference({ clock });
  const schedule = (at: number) =>
    callAs(ref, HAMLET, 'POST', '/scheduled_messages', { type: 'channel', to: 1, topic: 't', content: 'tick', scheduled_delivery_timestamp: at }).json['scheduled_message_id'] as number;
  const first = schedule(start / 1000 + 60);
  const second = schedule(start / 1000 + 120);
  const rows = ref.store.table(SCHEDULED_MESSAGES);
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  try {
    clock.to(start + 60_000);
    const deadline = Date.now() + 1500;
    while (!rows.get(first)?.delivered && Date.now() < deadline) await sleep(50);
    assert.ok(rows.get(first)?.delivered, 'delivered by the timer');
  } finally {
    await serving.close();
  }
  clock.to(start + 120_000);
  await sleep(1300);
  assert.not.ok(rows.get(second)?.delivered, 'no timer after close');
});

test.run();
