import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, matchingIds, op, USERS } from './test-realm.ts';

const CONFLICT = ['NarrowError', 'No message can be both a channel message and direct message'];

test('a channel term with a DM term is an error, in either order', () => {
  assert.equal(errorOf([op('channel', 'Verona'), op('dm', [USERS.cordelia])]), CONFLICT);
  assert.equal(errorOf([op('is', 'dm'), op('topic', 'x')]), CONFLICT);
  assert.equal(errorOf([op('channels', 'public'), op('dm-including', USERS.cordelia)]), CONFLICT);
  assert.equal(errorOf([op('group-pm-with', USERS.cordelia), op('stream', 'Verona')]), CONFLICT);
  assert.equal(errorOf([op('is', 'private'), op('channel', 'Verona')]), CONFLICT);
});

test('the conflict is found before the later term is validated', () => {
  assert.equal(errorOf([op('dm', [USERS.cordelia]), op('channel', 'Elsinore')]), CONFLICT);
  assert.equal(errorOf([op('channel', 'Elsinore'), op('dm', [USERS.cordelia])]), ['NarrowError', 'unknown channel Elsinore']);
  assert.equal(errorOf([op('is', 'dm'), op('channels', 'bogus')]), CONFLICT);
});

test('negated terms do not count', () => {
  assert.equal(matchingIds([op('channel', 'Verona', true), op('dm', [USERS.cordelia])]), [106, 107]);
  assert.equal(matchingIds([op('dm', [USERS.cordelia], true), op('channel', 'Scotland')]), [104, 105]);
});

test('a negated is:dm counts as a channel narrow', () => {
  assert.equal(errorOf([op('is', 'dm', true), op('dm', [USERS.cordelia])]), CONFLICT);
  assert.equal(matchingIds([op('is', 'dm', true), op('channel', 'Scotland')]), [104, 105]);
});

test('other operators never conflict', () => {
  assert.equal(matchingIds([op('dm', [USERS.cordelia]), op('sender', USERS.cordelia), op('is', 'unread')]), [107]);
});

test.run();
