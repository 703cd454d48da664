import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, matchingIds, op } from '../test-realm.ts';
import { parseSearchQuery } from './search-query.ts';

test('a search matches words of the content, whatever their form and case', () => {
  assert.equal(matchingIds([op('search', 'RUN')]), [101]);
  assert.equal(matchingIds([op('search', 'hears')]), [103]);
  assert.equal(matchingIds([op('search', 'silence')]), [105]);
});

test('the topic is searched too', () => {
  assert.equal(matchingIds([op('search', 'castle')]), [102, 110]);
  assert.equal(matchingIds([op('search', 'resolved')]), [111]);
  assert.equal(matchingIds([op('search', 'parties')]), [100, 101], 'topic "party plans"');
});

test('every word must occur (AND)', () => {
  assert.equal(matchingIds([op('search', 'castle plans')]), [110]);
  assert.equal(matchingIds([op('search', 'castle'), op('search', 'plans')]), [110]);
});

test('words inside HTML tags do not count', () => {
  assert.equal(matchingIds([op('search', 'span')]), []);
  assert.equal(matchingIds([op('search', 'thumbnail')]), []);
  assert.equal(matchingIds([op('search', 'webp')]), []);
});

test('stop words are ignored, and a query of stop words alone matches nothing', () => {
  assert.equal(matchingIds([op('search', 'the castle')]), [102, 110]);
  assert.equal(matchingIds([op('search', 'the')]), []);
  assert.equal(matchingIds([op('search', '!!!')]), []);
});

test('there is no prefix matching', () => {
  assert.equal(matchingIds([op('search', 'cast')]), []);
});

test('a quoted phrase must also occur as a substring of the raw content or topic', () => {
  assert.equal(matchingIds([op('search', '"running late"')]), [101]);
  assert.equal(matchingIds([op('search', '"late running"')]), []);
  assert.equal(matchingIds([op('search', '"PARTY plans"')]), [100, 101]);
  assert.equal(matchingIds([op('search', '"King Hamlet"')]), [101], 'the raw Markdown has @**King Hamlet**');
});

test('the phrase regex is upstream’s: a lone quote is an empty phrase', () => {
  assert.equal(parseSearchQuery('"a b"c "d').phrases, ['a b']);
  assert.equal(parseSearchQuery('x " y').phrases, ['']);
});

test('a negated search term searches positively, as upstream merges search terms into one un-negated term', () => {
  assert.equal(matchingIds([op('search', 'castle', true)]), [102, 110]);
});

test('search combines with other operators', () => {
  assert.equal(matchingIds([op('channel', 'Denmark'), op('search', 'castle')]), [102]);
  assert.equal(compile([op('search', 'castle')]).terms, [{ operator: 'search', operand: 'castle', negated: false }]);
});

test.run();
