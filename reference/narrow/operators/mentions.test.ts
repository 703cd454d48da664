import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, matchingIds, op, USERS } from '../test-realm.ts';
import { mentionedUserIds } from './mentions.ts';

test('mentions matches a personal mention of that user', () => {
  assert.equal(matchingIds([op('mentions', USERS.hamlet)]), [101]);
  assert.equal(matchingIds([op('mentions', 'hamlet@zulip.com')]), [101]);
});

test('a silent mention does not count', () => {
  assert.equal(matchingIds([op('mentions', USERS.othello)]), []);
});

test('wildcard and group mentions do not count', () => {
  assert.equal(mentionedUserIds('<span class="user-mention" data-user-id="*">@all</span><span class="user-group-mention" data-user-group-id="3">@admins</span>'), new Set());
  assert.equal(mentionedUserIds('<span class="user-mention" data-user-id="4">@Cordelia</span><span class="user-mention silent" data-user-id="5">Othello</span>'), new Set([4]));
});

test('negated mentions, and unknown users', () => {
  assert.equal(matchingIds([op('mentions', USERS.hamlet, true), op('topic', 'party plans')]), [100]);
  assert.equal(errorOf([op('mentions', 'ghost@zulip.com')]), ['NarrowError', 'unknown user ghost@zulip.com']);
});

test.run();
