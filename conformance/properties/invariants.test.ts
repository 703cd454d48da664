// The invariants every answer keeps: each broken rule is found, and the expectation it
// brings fails on the broken answer (so that a saved scenario fails the same way) and
// holds on a good one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkExpect, type Observed } from '../matcher.ts';
import { envelopeProblems, windowProblems, type WindowRequest } from './invariants.ts';

const answer = (status: number, json: unknown): Observed => ({ status, headers: {}, text: JSON.stringify(json), json });
const text = (status: number, body: string): Observed => ({ status, headers: {}, text: body, json: undefined });

/** Each problem's expectation fails on `bad`; every expectation holds on `good`. */
function holdsTo(problems: ReturnType<typeof envelopeProblems>, bad: Observed, good?: Observed): void {
  assert.ok(problems.length > 0, 'a problem is found');
  for (const p of problems) {
    assert.ok(p.expect, p.message);
    assert.ok(checkExpect(p.expect, bad).length > 0, `${p.message}: the expectation fails on the bad answer`);
    if (good) assert.equal(checkExpect(p.expect, good), [], `${p.message}: the expectation holds on a good answer`);
  }
}

test('a good envelope has no problem, HEAD has no body to check', () => {
  assert.equal(envelopeProblems(answer(200, { result: 'success', msg: '' }), 'GET'), []);
  assert.equal(envelopeProblems(answer(400, { result: 'error', msg: 'no', code: 'BAD_REQUEST' }), 'POST'), []);
  assert.equal(envelopeProblems(text(200, ''), 'HEAD'), []);
});

test('5xx, 3xx and 1xx are never right', () => {
  for (const status of [500, 503, 302, 101]) {
    const bad = answer(status, { result: 'error', msg: 'Internal server error' });
    holdsTo(envelopeProblems(bad, 'GET'), bad, answer(400, { result: 'error', msg: 'x', code: 'BAD_REQUEST' }));
  }
  const redirect = answer(301, { result: 'success', msg: '' });
  holdsTo(envelopeProblems(redirect, 'GET'), redirect, answer(200, { result: 'success', msg: '' }));
});

test('a body that is no JSON object, a wrong result, a msg that is no string, an error without code', () => {
  const html = text(404, '<html>Not Found</html>');
  holdsTo(envelopeProblems(html, 'GET'), html, answer(404, { result: 'error', msg: 'Not Found', code: 'NOT_FOUND' }));
  // A download outside the API answers bytes, HTML pages or a login redirect; only a 5xx is wrong there.
  assert.equal(envelopeProblems(html, 'GET', '/user_uploads/2/ab/x/f.txt'), []);
  assert.equal(envelopeProblems(text(302, ''), 'GET', '/user_uploads/2/ab/x/f.txt'), []);
  assert.is(envelopeProblems(text(500, ''), 'GET', '/user_uploads/2/ab/x/f.txt').length, 1);
  assert.is(envelopeProblems(html, 'GET', '/api/v1/user_uploads/2/ab/x/f.txt').length, 1);
  const list = answer(200, [1, 2]);
  holdsTo(envelopeProblems(list, 'GET'), list);
  const wrong = answer(200, { result: 'error', msg: '' });
  holdsTo(envelopeProblems(wrong, 'GET'), wrong, answer(200, { result: 'success', msg: '' }));
  const errorOk = answer(400, { result: 'success', msg: '', code: 'X' });
  holdsTo(envelopeProblems(errorOk, 'GET'), errorOk, answer(400, { result: 'error', msg: '', code: 'X' }));
  const noMsg = answer(200, { result: 'success' });
  holdsTo(envelopeProblems(noMsg, 'GET'), noMsg, answer(200, { result: 'success', msg: '' }));
  const noCode = answer(400, { result: 'error', msg: 'Invalid message(s)' });
  holdsTo(envelopeProblems(noCode, 'DELETE'), noCode, answer(400, { result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' }));
});

const window = (messages: number[], more: Record<string, unknown> = {}) =>
  answer(200, { result: 'success', msg: '', messages: messages.map((id) => ({ id })), found_oldest: true, found_newest: true, found_anchor: false, ...more });
const req = (anchor: WindowRequest['anchor'], num_before: number, num_after: number, include_anchor = true): WindowRequest => ({ anchor, num_before, num_after, include_anchor });

test('a sorted, bounded, consistent window has no problem; refusals are not windows', () => {
  assert.equal(windowProblems(window([1, 2, 3], { anchor: 10 ** 16 }), req('newest', 3, 0)), []);
  assert.equal(windowProblems(window([5, 6, 7], { found_anchor: true, found_oldest: false, found_newest: false }), req(6, 1, 1)), []);
  assert.equal(windowProblems(answer(400, { result: 'error', msg: 'x', code: 'BAD_REQUEST' }), req('newest', 1, 0)), []);
});

test('a window out of order, with ids that are no numbers, or without a list', () => {
  const unsorted = window([3, 1, 2], { anchor: 10 ** 16 });
  holdsTo(windowProblems(unsorted, req('newest', 5, 0)), unsorted, window([1, 2, 3]));
  const repeated = window([1, 1], { anchor: 10 ** 16 });
  holdsTo(windowProblems(repeated, req('newest', 5, 0)), repeated, window([1]));
  const strings = answer(200, { result: 'success', msg: '', messages: [{ id: '1' }] });
  holdsTo(windowProblems(strings, req('newest', 5, 0)), strings, window([1]));
  const none = answer(200, { result: 'success', msg: '' });
  holdsTo(windowProblems(none, req('newest', 5, 0)), none, window([]));
});

test('too many before or after the anchor, or in all', () => {
  const before = window([1, 2, 3, 9], { anchor: 9, found_anchor: true });
  holdsTo(windowProblems(before, req(9, 2, 0)), before, window([2, 3, 9]));
  const after = window([9, 10, 11, 12], { anchor: 9, found_anchor: true });
  holdsTo(windowProblems(after, req(9, 0, 2)), after, window([9, 10, 11]));
  const all = window([1, 2, 3], {});
  holdsTo(windowProblems(all, req('first_unread', 0, 1)), all, window([1, 2]));
});

test('found_oldest and found_newest false only with a full window; the anchor found when listed; ends found by their anchors', () => {
  const oldest = window([8, 9], { anchor: 9, found_anchor: true, found_oldest: false });
  holdsTo(windowProblems(oldest, req(9, 3, 0)), oldest, window([8, 9], { found_oldest: true }));
  const newest = window([9, 10], { anchor: 9, found_anchor: true, found_newest: false });
  holdsTo(windowProblems(newest, req(9, 0, 3)), newest, window([9, 10], { found_newest: true }));
  const anchor = window([8, 10], { anchor: 9, found_anchor: true });
  holdsTo(windowProblems(anchor, req(9, 1, 1)), anchor, window([8, 10], { found_anchor: false }));
  const newestEnd = window([1], { found_newest: false });
  assert.ok(windowProblems(newestEnd, req('newest', 1, 0)).some((p) => p.message.includes('anchor newest')));
  const oldestEnd = window([1], { found_oldest: false });
  assert.ok(windowProblems(oldestEnd, req('oldest', 0, 1)).some((p) => p.message.includes('anchor oldest')));
});

test.run();
