// The sorted id list of the unread index against a plain sorted Set.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addId, addIds, emptyIdList, hasId, idView, removeIds } from './id-list.ts';

test('adds and batch removals keep the list sorted, unique and equal to a model', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.nat(60).map((id) => ({ add: [id] })),
          fc.array(fc.nat(60), { maxLength: 8 }).map((ids) => ({ merge: ids.sort((a, b) => a - b) })),
          fc.array(fc.nat(60), { maxLength: 8 }).map((ids) => ({ drop: ids })),
        ),
      ),
      (ops) => {
      const list = emptyIdList(2);
      const model = new Set<number>();
      for (const op of ops) {
        if ('add' in op) for (const id of op.add) (addId(list, id), model.add(id));
        else if ('merge' in op) (addIds(list, op.merge), op.merge.forEach((id) => model.add(id)));
        else (removeIds(list, op.drop), op.drop.forEach((id) => model.delete(id)));
        assert.equal([...idView(list)], [...model].sort((a, b) => a - b));
      }
      for (let id = 0; id <= 60; id++) assert.is(hasId(list, id), model.has(id));
    },
    ),
    { seed: 7, numRuns: 200 },
  );
});

test('an empty view for no list', () => {
  assert.is(idView(undefined).length, 0);
});

test.run();
