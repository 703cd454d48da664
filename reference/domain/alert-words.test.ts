// Which users' alert words a message's content holds: case aside, between the real
// server's boundary characters, with its quirk at the content's second character.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { usersAlertedBy } from './alert-words.ts';

test('matches at word boundaries, case-insensitively', () => {
  const ref = createReference();
  callAs(ref, 'hamlet', 'POST', '/users/me/alert_words', { alert_words: ['Kraken', 'two words'] });
  const hamlet = ref.store.userByEmail('hamlet@zulip.com')!.user_id;
  const hit = (content: string) => usersAlertedBy(ref.store, content).has(hamlet);
  for (const yes of ['kraken', 'the KRAKEN!', '(kraken)', '*kraken*', 'so: kraken?', 'say two words.', 'krakens kraken']) assert.ok(hit(yes), yes);
  for (const no of ['krakens', 'the krakenx', 'ab kraken_', 'the-kraken', 'xxkraken', 'two wordsmith']) assert.not.ok(hit(no), no);
  // A closing double quote is no boundary after a word (the real server's set lists '",', two characters, which never equal one).
  assert.not.ok(hit('"kraken",'));
  // The real server's start check accepts any index up to 0: a match at the second character counts.
  assert.ok(hit('xkraken'));
});

test('only active users, and only those whose word it is', () => {
  const ref = createReference();
  callAs(ref, 'hamlet', 'POST', '/users/me/alert_words', { alert_words: ['zebra'] });
  callAs(ref, 'cordelia', 'POST', '/users/me/alert_words', { alert_words: ['lion'] });
  const id = (n: string) => ref.store.userByEmail(`${n}@zulip.com`)!.user_id;
  assert.equal([...usersAlertedBy(ref.store, 'a zebra')], [id('hamlet')]);
  ref.store.putUser({ ...ref.store.user(id('hamlet'))!, is_active: false });
  assert.equal([...usersAlertedBy(ref.store, 'a zebra and a lion')], [id('cordelia')]);
  callAs(ref, 'cordelia', 'DELETE', '/users/me/alert_words', { alert_words: ['LION'] });
  assert.equal([...usersAlertedBy(ref.store, 'a lion')], []);
});

test.run();
