import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, errorOf, matchingIds, op } from '../test-realm.ts';

test('is:dm and is:private match direct messages', () => {
  assert.equal(matchingIds([op('is', 'dm')]), [106, 107, 108, 109, 114]);
  assert.equal(matchingIds([op('is', 'private')]), [106, 107, 108, 109, 114]);
});

test('is:starred reads the starred flag', () => {
  assert.equal(matchingIds([op('is', 'starred')]), [101, 108]);
});

test('is:unread: no read flag; messages without a row count as read', () => {
  assert.equal(matchingIds([op('is', 'unread')]), [101, 103, 104, 107, 109, 112]);
});

test('is:mentioned counts personal, channel-wildcard and topic-wildcard mentions', () => {
  assert.equal(matchingIds([op('is', 'mentioned')]), [101, 109, 112]);
});

test('is:alerted reads has_alert_word', () => {
  assert.equal(matchingIds([op('is', 'alerted')]), [105]);
});

test('is:resolved: the topic starts with "✔ "', () => {
  assert.equal(matchingIds([op('is', 'resolved')]), [111]);
});

test('is:followed: topics the viewer follows', () => {
  assert.equal(matchingIds([op('is', 'followed')]), [113]);
});

test('is:muted: muted topics, and muted channels outside unmuted or followed topics', () => {
  assert.equal(matchingIds([op('is', 'muted')]), [103, 105]);
});

test('negated is: terms', () => {
  assert.equal(matchingIds([op('is', 'starred', true), op('is', 'dm')]), [106, 107, 109, 114]);
  assert.equal(matchingIds([op('is', 'muted', true), op('channel', 'Scotland')]), [104]);
});

test('an unknown is: operand is BAD_NARROW, negated or not', () => {
  assert.equal(errorOf([op('is', 'pinned')]), ['NarrowError', "unknown 'is' operand pinned"]);
  assert.equal(errorOf([op('is', 'Starred', true)]), ['NarrowError', "unknown 'is' operand Starred"]);
});

test('flag-based is: terms search the viewer’s rows; resolved and followed name no index', () => {
  assert.equal(compile([op('is', 'starred')]).source, { kind: 'viewer' });
  assert.equal(compile([op('is', 'resolved')]).source, { kind: 'all' });
  assert.equal(compile([op('is', 'starred', true)]).source, { kind: 'all' });
});

test.run();
