import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, MESSAGES, op, testEnv } from '../test-realm.ts';

test('in:home hides muted topics and muted channels, except unmuted topics in them', () => {
  assert.equal(matchingIds([op('in', 'home')]), [100, 101, 102, 104, 106, 107, 108, 109, 110, 111, 112, 113, 114]);
});

test('in:home applies channel muting even inside a channel narrow, as upstream', () => {
  assert.equal(matchingIds([op('channel', 'Scotland'), op('in', 'home')]), [104]);
});

test('negated in:home is what muting hides; DMs are never there', () => {
  assert.equal(matchingIds([op('in', 'home', true)]), [103, 105]);
});

test('in:all filters nothing, negated or not', () => {
  assert.equal(matchingIds([op('in', 'all')]), MESSAGES.map((m) => m.id));
  assert.equal(matchingIds([op('in', 'all', true)]), MESSAGES.map((m) => m.id));
});

test('any other in: operand is BAD_NARROW', () => {
  assert.equal(errorOf([op('in', 'inbox')]), ['NarrowError', "unknown 'in' operand inbox"]);
});

test('the first-unread anchor skips muted messages; a channel narrow lifts channel muting', () => {
  const byId = (id: number) => MESSAGES.find((m) => m.id === id)!;
  const all = compile([]);
  assert.ok(all.mutedForFirstUnread(byId(103)));
  assert.ok(all.mutedForFirstUnread(byId(105)));
  assert.not.ok(all.mutedForFirstUnread(byId(104)));
  const scotland = compile([op('channel', 'Scotland', true)]);
  assert.not.ok(scotland.mutedForFirstUnread(byId(105)));
  assert.not.ok(scotland.mutedForFirstUnread(byId(103)), 'topic mutes outside the named channel do not count');
  assert.ok(compile([op('channel', 'Verona')]).mutedForFirstUnread(byId(103)));
  assert.ok(compile([op('channel', 'Verona')], testEnv()).mutedForFirstUnread(byId(103)));
});

test.run();
