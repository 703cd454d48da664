// max_message_id, recent_private_conversations and starred_messages, from the user's own
// message rows; presence at a fresh organization's value.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../../index.ts';
import { callAs } from '../../testing/call-as.ts';
import { registerState } from '../../testing/register-state.ts';
import { FLAG } from '../../state/types.ts';

const id = (ref: Reference, name: string) => ref.store.userByEmail(`${name}@zulip.com`)!.user_id;
const dm = (ref: Reference, who: string, to: number[]) => {
  const res = callAs(ref, who, 'POST', '/messages', { type: 'direct', to, content: 'hi' });
  assert.is(res.status, 200, res.body);
  return res.json['id'] as number;
};

test('recent_private_conversations: newest first, the other participants, none for oneself', () => {
  const ref = createReference();
  const [cordelia, hamlet, othello] = [id(ref, 'cordelia'), id(ref, 'hamlet'), id(ref, 'othello')];
  const before = registerState(ref, 'cordelia', { fetch: ['recent_private_conversations'] })['recent_private_conversations'] as unknown[];
  const toOthello = dm(ref, 'cordelia', [othello]);
  const group = dm(ref, 'hamlet', [cordelia, othello]);
  const self = dm(ref, 'cordelia', [cordelia]);
  const again = dm(ref, 'othello', [cordelia]);
  const recent = registerState(ref, 'cordelia', { fetch: ['recent_private_conversations'] })['recent_private_conversations'] as Array<{ max_message_id: number }>;
  assert.equal(recent.slice(0, 3), [
    { max_message_id: again, user_ids: [othello] },
    { max_message_id: self, user_ids: [] },
    { max_message_id: group, user_ids: [hamlet, othello].sort((a, b) => a - b) },
  ]);
  assert.ok(toOthello < again);
  assert.is(recent.length, 3 + before.filter((c) => !JSON.stringify(c).includes(`[${othello}]`)).length);
});

test('max_message_id and starred_messages come from the user’s rows; a new user has -1 and none', () => {
  const ref = createReference();
  const newcomer = ref.control.addUser({ email: 'new@zulip.com', full_name: 'New' }).user_id;
  assert.equal(registerState(ref, newcomer, { fetch: ['message', 'starred_messages'] }), { max_message_id: -1, starred_messages: [] });
  const hamlet = id(ref, 'hamlet');
  const starredBefore = registerState(ref, 'hamlet', { fetch: ['starred_messages'] })['starred_messages'] as number[];
  const a = dm(ref, 'cordelia', [hamlet]);
  const b = dm(ref, 'cordelia', [hamlet]);
  dm(ref, 'cordelia', [id(ref, 'othello')]);
  for (const m of [b, a]) ref.store.setUserMessageFlags(hamlet, m, ref.store.userMessageFlags(hamlet, m)! | FLAG.starred);
  const s = registerState(ref, 'hamlet', { fetch: ['message', 'starred_messages'] });
  assert.equal(s, { max_message_id: b, starred_messages: [...starredBefore, a, b] });
});

test('presence: nobody is present yet; the server time is the clock', () => {
  const ref = createReference();
  ref.control.advance(1500);
  assert.equal(registerState(ref, 'hamlet', { fetch: ['presence'] }), { presences: {}, presence_last_update_id: -1, server_timestamp: ref.control.now() / 1000 });
});

test('user_settings: the defaults, the settings the user changed, the time zone and the choices', () => {
  const ref = createReference();
  const hamlet = ref.store.userByEmail('hamlet@zulip.com')!;
  ref.store.putUser({ ...hamlet, email_address_visibility: 3 });
  const settings = registerState(ref, 'hamlet', { fetch: ['user_settings'] })['user_settings'] as Record<string, unknown>;
  assert.equal(
    [settings['receives_typing_notifications'], settings['send_stream_typing_notifications'], settings['send_private_typing_notifications'], settings['email_address_visibility']],
    [true, true, true, 3],
  );
  assert.equal([settings['timezone'], settings['resolved_topic_notice_auto_read_policy'], settings['web_home_view']], ['Europe/Copenhagen', 'except_followed', 'inbox']);
  assert.ok((settings['available_notification_sounds'] as string[]).includes('zulip'));
  assert.equal((settings['emojiset_choices'] as Array<{ key: string }>).map((c) => c.key), ['google', 'twitter', 'text', 'google-blob']);
  const defaults = registerState(ref, 'hamlet', { fetch: ['realm_user_settings_defaults'] })['realm_user_settings_defaults'] as Record<string, unknown>;
  assert.equal([defaults['receives_typing_notifications'], defaults['email_address_visibility'], 'timezone' in defaults], [true, 1, false]);
});

test.run();
