// A logged-out spectator's initial state (zerver/lib/events.py with user_profile None):
// the organization's public data, a stand-in guest's own keys and settings, empty
// per-user data, and nothing about channels that are not web-public.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../../index.ts';
import { registerState } from '../../testing/register-state.ts';

type Obj = Record<string, unknown>;
const spectator = (ref: ReturnType<typeof createReference>, fetch?: string[]) => registerState(ref, null, { clientGravatar: false, ...(fetch ? { fetch } : {}) });

test('the same keys as a user, without streams and the presence update id', () => {
  const ref = createReference();
  const user = Object.keys(registerState(ref, 'hamlet')).filter((k) => k !== 'streams' && k !== 'presence_last_update_id');
  assert.equal(Object.keys(spectator(ref)).sort(), user.sort());
});

test('own keys of the stand-in guest; the public realm settings shown as disabled', () => {
  const ref = createReference();
  const s = spectator(ref);
  assert.equal(
    [s['user_id'], s['full_name'], s['email'], s['delivery_email'], s['is_guest'], s['is_admin'], s['can_create_streams'], s['can_invite_others_to_realm']],
    [0, 'Anonymous User', 'username@example.com', 'username@example.com', true, false, false, false],
  );
  assert.equal([s['realm_allow_message_editing'], s['realm_presence_disabled']], [false, true]);
  assert.equal([s['onboarding_steps'], s['realm_bots'], s['recent_private_conversations'], s['starred_messages'], s['max_message_id']], [[], [], [], [], -1]);
  assert.equal(s['unread_msgs'], { pms: [], streams: [], huddles: [], mentions: [], count: 0, old_unreads_missing: false });
  assert.equal(s['realm_default_streams'], []);
  // The Recent view is "recent" from feature level 454, "recent_topics" before.
  assert.is((s['user_settings'] as Obj)['web_home_view'], 'recent');
  assert.is((spectator(createReference({ featureLevel: 453 }))['user_settings'] as Obj)['web_home_view'], 'recent_topics');
});

test('users without email addresses, time zones, profile data, or the time they joined', () => {
  const ref = createReference();
  const users = spectator(ref, ['realm_user'])['realm_users'] as Obj[];
  assert.is(users.length, ref.store.realmUsers().filter((u) => u.is_active).length, 'spectators may know everyone');
  for (const u of users) {
    assert.is(u['delivery_email'], null, String(u['user_id']));
    assert.not.ok('timezone' in u || 'profile_data' in u || 'is_active' in u);
    assert.match(String(u['date_joined']), /^\d{4}-\d\d-\d\d$/);
    assert.match(String(u['avatar_url']), /^https:\/\//);
  }
});

test('subscriptions: the web-public channels, as fresh subscriptions; nothing else about channels', () => {
  const ref = createReference();
  const s = spectator(ref, ['subscription', 'stream']);
  assert.equal(Object.keys(s).sort(), ['never_subscribed', 'subscriptions', 'unsubscribed']);
  const subs = s['subscriptions'] as Obj[];
  const webPublic = ref.store.channels().filter((c) => c.is_web_public);
  assert.equal(subs.map((x) => x['name']), webPublic.map((c) => c.name));
  assert.equal(
    [subs[0]!['color'], subs[0]!['is_muted'], subs[0]!['desktop_notifications'], subs[0]!['wildcard_mentions_notify'], 'subscribers' in subs[0]!],
    ['#76ce90', false, true, true, false],
  );
  const text = JSON.stringify(spectator(ref));
  for (const c of ref.store.channels().filter((x) => !x.is_web_public)) assert.not.ok(text.includes(JSON.stringify(c.name)), c.name);
});

test.run();
