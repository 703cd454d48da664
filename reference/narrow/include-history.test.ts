import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, op, testEnv } from './test-realm.ts';

const history = (narrow: readonly unknown[], env = testEnv()) => compile(narrow, env).includeHistory;
const guest = testEnv({ viewer: { user_id: 6, is_guest: true } });

test('without a channel term only the viewer’s own rows are searched', () => {
  assert.not.ok(history([]));
  assert.not.ok(history([op('sender', 4), op('search', 'party')]));
});

test('a channel whose history the viewer may read includes history', () => {
  assert.ok(history([op('channel', 'Verona')]));
  assert.ok(history([op('stream', 10), op('topic', 'party plans')]));
  assert.not.ok(history([op('channel', 'core team')]));
});

test('a negated channel term does not', () => {
  assert.not.ok(history([op('channel', 'Verona', true)]));
});

test('the last channel term wins', () => {
  assert.not.ok(history([op('channel', 'Verona'), op('channel', 'core team')]));
  assert.ok(history([op('channel', 'core team'), op('channel', 'Verona')]));
});

test('channels:public includes history, except for guests', () => {
  assert.ok(history([op('channels', 'public')]));
  assert.ok(history([op('streams', 'public')]));
  assert.not.ok(history([op('channels', 'public')], guest));
  assert.not.ok(history([op('channels', 'public', true)]));
  assert.not.ok(history([op('channels', 'web-public')]));
});

test('any is: term but is:resolved turns history off, even negated', () => {
  assert.not.ok(history([op('channel', 'Verona'), op('is', 'starred')]));
  assert.not.ok(history([op('channel', 'Verona'), op('is', 'unread', true)]));
  assert.not.ok(history([op('channel', 'Verona'), op('is', 'followed')]));
  assert.ok(history([op('channel', 'Verona'), op('is', 'resolved')]));
  assert.ok(history([op('channel', 'Verona'), op('is', 'resolved', true)]));
});

test('a with expansion to a channel conversation includes history', () => {
  assert.ok(history([op('with', 101)]));
  assert.not.ok(history([op('with', 106)]));
});

test.run();
