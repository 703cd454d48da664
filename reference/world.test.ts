// Snapshots: one implementation (World) behind ref.snapshot(), control.snapshot() and the
// HTTP control surface; released ones cannot be restored; the HTTP shelf is bounded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from './index.ts';
import { stateDigest } from './testing/atomic.ts';
import { SnapshotShelf } from './world.ts';

const control = (ref: ReturnType<typeof createReference>, path: string, body: Record<string, string> = {}) =>
  ref.dispatch({ method: 'POST', path: `/_understudy${path}`, body });

test('a snapshot restores the state, the clock and the random counter', () => {
  const ref = createReference();
  const before = stateDigest(ref);
  const snap = ref.control.snapshot();
  ref.control.advance(5000);
  ref.control.addUser({ email: 'new@zulip.com', full_name: 'New' });
  assert.is.not(stateDigest(ref), before);
  ref.control.restore(snap);
  assert.is(stateDigest(ref), before);
});

test('a released snapshot cannot be restored, in process', () => {
  const ref = createReference();
  const snap = ref.control.snapshot();
  ref.control.release(snap);
  assert.throws(() => ref.control.restore(snap), /released/);
});

test('over HTTP: restore, release, and an unknown or released id is a 400', () => {
  const ref = createReference();
  const id = String(control(ref, '/snapshot').json['snapshot_id']);
  control(ref, '/clock/advance', { ms: '1000' });
  assert.is(control(ref, '/restore', { id }).status, 200);
  assert.is(ref.control.now(), createReference().control.now());
  assert.is(control(ref, '/release', { id }).status, 200);
  const again = control(ref, '/restore', { id });
  assert.is(again.status, 400);
  assert.is(again.json['msg'], `No snapshot ${id}`);
  assert.is(control(ref, '/release', { id }).status, 400);
});

test('the HTTP shelf keeps the newest 32 snapshots and releases the oldest first', () => {
  const ref = createReference();
  const ids = Array.from({ length: SnapshotShelf.CAPACITY + 2 }, () => String(control(ref, '/snapshot').json['snapshot_id']));
  assert.is(control(ref, '/restore', { id: ids[0] as string }).status, 400);
  assert.is(control(ref, '/restore', { id: ids[1] as string }).status, 400);
  assert.is(control(ref, '/restore', { id: ids[2] as string }).status, 200);
  assert.is(control(ref, '/restore', { id: ids.at(-1) as string }).status, 200);
});

test('snapshots survive a reset', () => {
  const ref = createReference();
  ref.control.advance(60_000);
  const id = String(control(ref, '/snapshot').json['snapshot_id']);
  const at = ref.control.now();
  ref.reset();
  assert.is.not(ref.control.now(), at);
  assert.is(control(ref, '/restore', { id }).status, 200);
  assert.is(ref.control.now(), at);
});

test.run();
