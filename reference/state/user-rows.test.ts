// A batch of rows merged in (historical rows) against the same rows added one by one.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emptyRows, insertRows, rowFlags, setRow } from './user-rows.ts';

test('insertRows equals setRow for each id, and keeps every other row and its flags', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.nat(100), { maxLength: 30 }), fc.uniqueArray(fc.nat(100), { maxLength: 30 }), (before, batch) => {
      const fresh = batch.filter((id) => !before.includes(id)).sort((a, b) => a - b);
      const merged = emptyRows(1);
      const model = emptyRows(1);
      for (const id of before) (setRow(merged, id, id % 7), setRow(model, id, id % 7));
      insertRows(merged, fresh, 200);
      for (const id of fresh) setRow(model, id, 200);
      assert.equal([...merged.ids.subarray(0, merged.length)], [...model.ids.subarray(0, model.length)]);
      assert.equal([...merged.flags.subarray(0, merged.length)], [...model.flags.subarray(0, model.length)]);
      for (const id of before) assert.is(rowFlags(merged, id), id % 7);
    }),
    { seed: 11, numRuns: 300 },
  );
});

test.run();
