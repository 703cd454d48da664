import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { REALM_EMOJI } from '../state/realm-emoji.ts';
import { checkEmojiRequest, emojiDataForName, isUnicodeEmojiCode, unicodeEmojiCode } from './emoji.ts';

const store = () => createReference({}).store;

test("the real server's curated names and aliases (custom_emoji_names.py)", () => {
  for (const [name, code] of [['octopus', '1f419'], ['+1', '1f44d'], ['thumbs_up', '1f44d'], ['like', '1f44d'], ['smile', '1f604'], ['slight_smile', '1f642'], ['tada', '1f389'], ['heart', '2764'], ['working_on_it', '1f6e0'], ['nope', '1f645']]) {
    assert.is(unicodeEmojiCode(name as string), code, name);
  }
});

test('names from the CLDR annotations for the emoji the curation leaves out; iamcal-only names are none', () => {
  assert.is(unicodeEmojiCode('lime'), '1f34b-200d-1f7e9');
  assert.is(unicodeEmojiCode('phoenix'), '1f426-200d-1f525');
  assert.is(unicodeEmojiCode('woman_shrugging'), '1f937-200d-2640');
  assert.is(unicodeEmojiCode('slightly_smiling_face'), undefined);
  assert.is(unicodeEmojiCode('no_such_emoji'), undefined);
});

test('codes without the presentation selector; skin tones are not emoji of their own', () => {
  assert.ok(isUnicodeEmojiCode('2764'));
  assert.not.ok(isUnicodeEmojiCode('2764-fe0f'));
  assert.not.ok(isUnicodeEmojiCode('1f3fb'));
  assert.ok(isUnicodeEmojiCode('1f937-200d-2640'));
});

test('get_emoji_data: custom emoji first, then zulip, then Unicode', () => {
  const s = store();
  assert.equal(emojiDataForName(s, 'green_tick'), { emoji_code: '1', reaction_type: 'realm_emoji' });
  assert.equal(emojiDataForName(s, 'zulip'), { emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
  assert.equal(emojiDataForName(s, 'octopus'), { emoji_code: '1f419', reaction_type: 'unicode_emoji' });
  assert.throws(() => emojiDataForName(s, 'no_such_emoji'), /Emoji 'no_such_emoji' does not exist/);
});

test('a deactivated custom emoji is no name, and refused for a new reaction', () => {
  const s = store();
  const row = s.table(REALM_EMOJI).get(1);
  assert.ok(row, 'the default realm has custom emoji 1');
  s.table(REALM_EMOJI).put({ ...row, deactivated: true });
  assert.throws(() => emojiDataForName(s, 'green_tick'), /Emoji 'green_tick' does not exist/);
  assert.throws(() => checkEmojiRequest(s, 'green_tick', '1', 'realm_emoji'), /This custom emoji has been deactivated\./);
});

test('check_emoji_request, in its order', () => {
  const s = store();
  assert.throws(() => checkEmojiRequest(s, 'green_tick', '01', 'realm_emoji'), /Invalid custom emoji\./);
  assert.throws(() => checkEmojiRequest(s, 'other', '1', 'realm_emoji'), /Invalid custom emoji name\./);
  assert.throws(() => checkEmojiRequest(s, 'smile', 'nope', 'unicode_emoji'), /Invalid emoji code\./);
  assert.throws(() => checkEmojiRequest(s, 'octopus', '1f604', 'unicode_emoji'), /Invalid emoji name\./);
  assert.throws(() => checkEmojiRequest(s, 'zulip', 'zulip', 'other'), /Invalid emoji type\./);
  checkEmojiRequest(s, 'smile', '1f604', 'unicode_emoji');
  checkEmojiRequest(s, 'green_tick', '1', 'realm_emoji');
});

test.run();
