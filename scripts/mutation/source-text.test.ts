// The code a mutant replaces, from its location.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { textAt } from './source-text.ts';

const source = 'const a = 1;\nif (a < b) {\n  go();\n}\n';

test('on one line (columns from 1, end exclusive)', () => {
  assert.is(textAt(source, { start: { line: 2, column: 5 }, end: { line: 2, column: 10 } }), 'a < b');
  assert.is(textAt(source, { start: { line: 1, column: 11 }, end: { line: 1, column: 12 } }), '1');
});

test('over lines', () => {
  assert.is(textAt(source, { start: { line: 2, column: 12 }, end: { line: 4, column: 2 } }), '{\n  go();\n}');
});

test('outside the source: empty', () => {
  assert.is(textAt(source, { start: { line: 9, column: 1 }, end: { line: 9, column: 3 } }), '');
});

test.run();
