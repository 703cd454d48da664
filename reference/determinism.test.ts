// The seeded random: derived bytes depend on the seed and the label, never on the counter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SeededRandom } from './determinism.ts';

test('derive() is a function of seed and label, and leaves the counter alone', () => {
  const a = new SeededRandom('s');
  const first = a.derive('push-bouncer');
  a.bytes(10);
  assert.is(a.counter, 1);
  assert.equal(a.derive('push-bouncer'), first);
  assert.is(a.counter, 1);
  assert.equal(new SeededRandom('s').derive('push-bouncer'), first);
  assert.not.equal(new SeededRandom('t').derive('push-bouncer'), first);
  assert.not.equal(a.derive('other'), first);
  assert.is(a.derive('long', 70).length, 70);
  assert.equal(a.derive('long', 70).subarray(0, 32), a.derive('long', 32));
});

test.run();
