// A keyed table declared anywhere is covered by snapshot, restore, reset and the state
// digest without any code of its own; its indexes and order follow every write.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { stateDigest } from '../testing/atomic.ts';
import { defineTable } from './table.ts';

interface Note {
  id: number;
  owner: number;
  text: string;
  due: number | null;
}
const NOTES = defineTable<Note>('test_notes', { indexes: { owner: (n) => n.owner }, orderBy: (n) => n.due });

test('a new table starts empty and hands out increasing ids', () => {
  const ref = createReference();
  const notes = ref.store.table(NOTES);
  assert.is(notes.size, 0);
  assert.equal(notes.all(), []);
  const a = notes.nextId();
  const b = notes.nextId();
  assert.ok(b > a);
});

test('reading a table that was never written changes nothing', () => {
  const ref = createReference();
  const before = stateDigest(ref);
  assert.equal(ref.store.table(NOTES).find('owner', 8), []);
  assert.is(ref.store.table(NOTES).first(), undefined);
  assert.is(stateDigest(ref), before);
});

test('snapshot, restore and reset cover the rows, the ids and the digest', () => {
  const ref = createReference();
  const fresh = stateDigest(ref);
  const notes = ref.store.table(NOTES);
  notes.put({ id: notes.nextId(), owner: 8, text: 'one', due: null });
  const afterOne = stateDigest(ref);
  assert.is.not(afterOne, fresh, 'a row moves the digest');
  const snap = ref.snapshot();
  notes.put({ id: notes.nextId(), owner: 8, text: 'two', due: null });
  assert.is(notes.size, 2);
  ref.restore(snap);
  assert.equal(ref.store.table(NOTES).all().map((n) => n.text), ['one']);
  assert.is(stateDigest(ref), afterOne);
  const next = ref.store.table(NOTES).nextId();
  assert.is(next, 2, 'the id sequence was restored with the rows');
  ref.reset();
  assert.is(ref.store.table(NOTES).size, 0);
  assert.is(stateDigest(ref), fresh);
});

test('a snapshot does not change when a row is replaced afterwards', () => {
  const ref = createReference();
  const notes = ref.store.table(NOTES);
  notes.put({ id: 1, owner: 8, text: 'before', due: null });
  const snap = ref.snapshot();
  notes.put({ id: 1, owner: 8, text: 'after', due: null });
  ref.restore(snap);
  assert.is(ref.store.table(NOTES).get(1)?.text, 'before');
});

test('an index follows puts, moves and deletes, and is rebuilt after a restore', () => {
  const ref = createReference();
  const notes = ref.store.table(NOTES);
  notes.put({ id: 3, owner: 8, text: 'c', due: null });
  notes.put({ id: 1, owner: 8, text: 'a', due: null });
  notes.put({ id: 2, owner: 9, text: 'b', due: null });
  assert.equal(notes.find('owner', 8).map((n) => n.id), [1, 3]);
  const snap = ref.snapshot();
  notes.put({ id: 3, owner: 9, text: 'c', due: null });
  assert.equal(notes.find('owner', 8).map((n) => n.id), [1]);
  assert.equal(notes.find('owner', 9).map((n) => n.id), [2, 3]);
  assert.ok(notes.delete(2));
  assert.not.ok(notes.delete(2));
  assert.equal(notes.find('owner', 9).map((n) => n.id), [3]);
  ref.restore(snap);
  assert.equal(ref.store.table(NOTES).find('owner', 8).map((n) => n.id), [1, 3]);
  assert.equal(ref.store.table(NOTES).find('owner', 9).map((n) => n.id), [2]);
  assert.throws(() => notes.find('nope', 1), /no index nope/);
});

test('first() gives the smallest key, ties by id, skipping rows that left the order', () => {
  const ref = createReference();
  const notes = ref.store.table(NOTES);
  for (const [id, due] of [[5, 30], [2, 10], [9, 10], [4, null], [7, 20]] as const) notes.put({ id, owner: 1, text: '', due });
  const order: number[] = [];
  for (let head = notes.first(); head !== undefined; head = notes.first()) {
    order.push(head.id);
    notes.put({ ...head, due: null }); // delivered: out of the order
  }
  assert.equal(order, [2, 9, 7, 5]);
  notes.put({ id: 4, owner: 1, text: '', due: 15 });
  notes.put({ id: 7, owner: 1, text: '', due: 12 });
  notes.put({ id: 7, owner: 1, text: '', due: 16 });
  assert.is(notes.first()?.id, 4);
  notes.delete(4);
  assert.is(notes.first()?.id, 7);
});

test('two tables may not share a name', () => {
  const ref = createReference();
  ref.store.table(NOTES);
  assert.throws(() => ref.store.table(defineTable<Note>('test_notes')), /two tables named test_notes/);
});

test.run();
