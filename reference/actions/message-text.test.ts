// Content and topic normalization: the same answers as the real server's
// normalize_body and check_stream_topic, counted in code points, and a megabyte-long
// value costs about what a short one does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { ApiError } from '../errors.ts';
import { codePointsUpTo, firstCodePoints } from './code-points.ts';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH, normalizeContent, normalizeTopic } from './message-text.ts';

const store = createReference().store;
const smile = '\u{1F600}';

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  return assert.unreachable('no error') as never;
}

test('code points: counted up to a bound, surrogate pairs as one, lone surrogates as one', () => {
  assert.is(codePointsUpTo(`a${smile}b`, 10), 3);
  assert.is(codePointsUpTo(`a${smile}b`, 2), 2);
  assert.is(codePointsUpTo('\ud800x\udc00', 10), 3);
  assert.is(firstCodePoints(`${smile}${smile}${smile}`, 2), `${smile}${smile}`);
  assert.is(firstCodePoints('abc', 10), 'abc');
  assert.is(firstCodePoints('\ud800', 1), '\ud800');
});

test('content: kept up to 10000 code points, then cut and marked, counting astral characters once', () => {
  const exact = smile.repeat(MAX_MESSAGE_LENGTH);
  assert.is(normalizeContent(exact), exact);
  const cut = normalizeContent(`${smile.repeat(MAX_MESSAGE_LENGTH)}x`);
  assert.ok(cut.endsWith('\n[message truncated]'));
  assert.is([...cut].length, MAX_MESSAGE_LENGTH);
  assert.is(normalizeContent(`\n\nhi  ${' '.repeat(1000)}`), 'hi');
  assert.is(refusal(() => normalizeContent('\n \n')), 'Message must not be empty');
  assert.is(refusal(() => normalizeContent(`${'x'.repeat(50000)}\u0000`)), 'Message must not contain null bytes');
});

test('topic: the position of a bad character in code points; cut to 60 with "..."', () => {
  assert.is(refusal(() => normalizeTopic(store, `${smile}${smile}a\u0007`)), 'Invalid character in topic, at position 4!');
  assert.is(refusal(() => normalizeTopic(store, `${'x'.repeat(1 << 20)}\u0001`)), `Invalid character in topic, at position ${(1 << 20) + 1}!`);
  assert.is(refusal(() => normalizeTopic(store, 'a\ud800b')), 'Invalid character in topic, at position 2!');
  const long = normalizeTopic(store, smile.repeat(100));
  assert.is(long, `${smile.repeat(MAX_TOPIC_LENGTH - 3)}...`);
  assert.is(normalizeTopic(store, smile.repeat(MAX_TOPIC_LENGTH)), smile.repeat(MAX_TOPIC_LENGTH));
  assert.is(normalizeTopic(store, ' (no topic) '), '');
});

test.run();
