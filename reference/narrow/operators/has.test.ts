import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, matchingIds, op } from '../test-realm.ts';

test('has:link finds messages with a link', () => {
  assert.equal(matchingIds([op('has', 'link')]), [102, 113]);
});

test('has:attachment: a /user_uploads/ link claims no upload, so nothing matches', () => {
  assert.equal(matchingIds([op('has', 'attachment')]), []);
});

test('has:image finds images and inline image previews', () => {
  assert.equal(matchingIds([op('has', 'image')]), [113]);
});

test('has:reaction finds messages with a reaction', () => {
  assert.equal(matchingIds([op('has', 'reaction')]), [101]);
});

test('negated has:', () => {
  assert.equal(matchingIds([op('channel', 'Verona'), op('has', 'link', true)]), [100, 101, 103, 111, 112]);
});

test('any other has: operand is BAD_NARROW', () => {
  assert.equal(errorOf([op('has', 'images')]), ['NarrowError', "unknown 'has' operand images"]);
});

test.run();
