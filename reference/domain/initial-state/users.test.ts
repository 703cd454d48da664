// The registration response's users and groups: realm_users and the placeholders of
// user_list_incomplete, cross-realm bots, the caller's own keys, realm_bots, and
// include_deactivated_groups.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../../index.ts';
import { registerState } from '../../testing/register-state.ts';

type Person = Record<string, unknown> & { user_id: number };
const id = (ref: Reference, name: string) => ref.store.userByEmail(`${name}@zulip.com`)!.user_id;
const users = (ref: Reference, who: string, capabilities = {}, clientGravatar = true) =>
  registerState(ref, who, { fetch: ['realm_user'], capabilities, clientGravatar });

test('realm_users and realm_non_active_users: every user of the organization by id, without is_active', () => {
  const ref = createReference();
  const gone = ref.control.addUser({ email: 'gone@zulip.com', full_name: 'Gone', is_active: false }).user_id;
  const s = users(ref, 'hamlet');
  const active = s['realm_users'] as Person[];
  const inactive = s['realm_non_active_users'] as Person[];
  assert.equal(active.map((u) => u.user_id), ref.store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id).sort((a, b) => a - b));
  assert.equal(inactive.map((u) => u.user_id), [gone]);
  assert.not.ok([...active, ...inactive].some((u) => 'is_active' in u));
  assert.not.ok(active.some((u) => u.user_id === id(ref, 'notification-bot')), 'system bots are listed apart');
  assert.is(active.find((u) => u.user_id === id(ref, 'cordelia'))!['avatar_url'], null, 'client_gravatar');
  assert.match(String((users(ref, 'hamlet', {}, false)['realm_users'] as Person[])[0]!['avatar_url']), /^https:\/\/secure\.gravatar\.com\//);
  assert.equal(active.find((u) => u.user_id === id(ref, 'cordelia'))!['profile_data'], {});
});

test('cross_realm_bots: the system bots by name, marked, with no owner', () => {
  const ref = createReference();
  const bots = users(ref, 'hamlet')['cross_realm_bots'] as Person[];
  assert.equal(bots.map((b) => b['full_name']), ['Notification Bot', 'Welcome Bot']);
  for (const b of bots) {
    assert.equal([b['is_system_bot'], b['bot_owner_id'], b['is_bot'], b['is_active']], [true, null, true, true]);
    assert.match(String(b['avatar_url']), /gravatar/);
  }
});

test("the caller's own keys follow their role and the realm's settings", () => {
  const ref = createReference();
  const own = (who: string) => users(ref, who);
  const hamlet = own('hamlet');
  assert.equal(
    [hamlet['user_id'], hamlet['email'], hamlet['full_name'], hamlet['is_admin'], hamlet['is_owner'], hamlet['is_moderator'], hamlet['is_guest']],
    [id(ref, 'hamlet'), 'hamlet@zulip.com', 'King Hamlet', false, false, false, false],
  );
  assert.equal([hamlet['can_create_public_streams'], hamlet['can_create_web_public_streams'], hamlet['can_create_streams'], hamlet['can_invite_others_to_realm']], [true, false, true, true]);
  assert.match(String(hamlet['avatar_url_medium']), /&s=500$/);
  assert.match(String(hamlet['avatar_url']), /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
  assert.equal([own('shiva')['is_moderator'], own('iago')['is_moderator'], own('iago')['is_admin']], [true, false, true]);
  assert.equal([own('desdemona')['is_owner'], own('desdemona')['can_create_web_public_streams']], [true, true]);
  const guest = own('polonius');
  assert.equal([guest['is_guest'], guest['can_create_streams'], guest['can_invite_others_to_realm']], [true, false, false]);
});

test('user_list_incomplete: a guest who may not see everyone gets placeholders, or nothing with the capability', () => {
  const ref = createReference();
  const stranger = ref.control.addUser({ email: 'stranger@example.com', full_name: 'Stranger' }).user_id;
  // With the default (role:everyone) a guest sees everyone.
  assert.ok((users(ref, 'polonius')['realm_users'] as Person[]).some((u) => u['full_name'] === 'Stranger'));
  ref.store.setRealm({ ...ref.store.realm, can_access_all_users_group: ref.store.groupByName('role:members')!.id });
  const placeholders = users(ref, 'polonius')['realm_users'] as Person[];
  const shown = placeholders.find((u) => u.user_id === stranger)!;
  assert.equal(shown, {
    email: `user${stranger}@zulip.localhost`,
    user_id: stranger,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: 400,
    is_bot: false,
    full_name: 'Unknown user',
    timezone: '',
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    avatar_url: 'http://localhost:9991/static/images/unknown-user-avatar.png',
    profile_data: {},
  });
  assert.not.ok(JSON.stringify(placeholders).includes('stranger@example.com'));
  const incomplete = users(ref, 'polonius', { user_list_incomplete: true })['realm_users'] as Person[];
  assert.not.ok(incomplete.some((u) => u.user_id === stranger));
  assert.ok(incomplete.some((u) => u.user_id === id(ref, 'hamlet')), 'a fellow subscriber');
  assert.ok(incomplete.some((u) => u.user_id === id(ref, 'webhook-bot')), 'bots are always known');
  assert.ok((users(ref, 'hamlet', { user_list_incomplete: true })['realm_users'] as Person[]).some((u) => u.user_id === stranger), 'members see everyone');
});

test('realm_bots: the bots one owns, with their keys; every bot for an administrator; none for others (below feature level 474)', () => {
  const ref = createReference({ featureLevel: 473 });
  const bots = (who: string) => registerState(ref, who, { fetch: ['realm_bot'] })['realm_bots'] as Person[];
  const mine = bots('hamlet');
  assert.equal(mine.map((b) => b.user_id), [id(ref, 'default-bot')]);
  assert.equal(mine[0], {
    email: 'default-bot@zulip.com',
    user_id: id(ref, 'default-bot'),
    full_name: 'Zulip Default Bot',
    bot_type: 1,
    is_active: true,
    api_key: ref.store.userByEmail('default-bot@zulip.com')!.api_key,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: false,
    owner_id: id(ref, 'hamlet'),
    avatar_url: mine[0]!['avatar_url'],
    services: [],
  });
  assert.equal(bots('iago').map((b) => b.user_id), [id(ref, 'default-bot'), id(ref, 'webhook-bot')]);
  assert.equal(bots('cordelia'), []);
  assert.equal(bots('default-bot'), []);
});

test('realm_bots from feature level 474: only user_id and the bot settings', () => {
  const ref = createReference();
  const mine = registerState(ref, 'hamlet', { fetch: ['realm_bot'] })['realm_bots'] as Person[];
  assert.equal(mine, [{ user_id: id(ref, 'default-bot'), default_sending_stream: null, default_events_register_stream: null, default_all_public_streams: false, services: [] }]);
});

test('realm_user_groups: by id; deactivated groups only with include_deactivated_groups', () => {
  const ref = createReference();
  const group = ref.store.groupByName('hamletcharacters')!;
  ref.store.putGroup({ ...group, deactivated: true });
  const ids = (capabilities = {}) => (registerState(ref, 'hamlet', { fetch: ['realm_user_groups'], capabilities })['realm_user_groups'] as Person[]).map((g) => g['id']);
  const all = ref.store.groups().map((g) => g.id).sort((a, b) => a - b);
  assert.equal(ids(), all.filter((g) => g !== group.id));
  assert.equal(ids({ include_deactivated_groups: true }), all);
});

test('user_topics: the empty topic shown as the display name unless empty_topic_name; archived channels left out', () => {
  const ref = createReference();
  const hamlet = id(ref, 'hamlet');
  const verona = ref.store.channelByName('Verona')!.stream_id;
  const scotland = ref.store.channelByName('Scotland')!.stream_id;
  ref.store.setTopicPolicy(hamlet, verona, '', 1, 1000);
  ref.store.setTopicPolicy(hamlet, scotland, 'Moor', 3, 2000);
  const topics = (capabilities = {}) => registerState(ref, 'hamlet', { fetch: ['user_topic', 'muted_topics'], capabilities })['user_topics'];
  assert.equal(topics(), [
    { stream_id: verona, topic_name: 'general chat', visibility_policy: 1, last_updated: 1000 },
    { stream_id: scotland, topic_name: 'Moor', visibility_policy: 3, last_updated: 2000 },
  ]);
  assert.equal((topics({ empty_topic_name: true }) as Person[])[0]!['topic_name'], '');
  assert.equal(registerState(ref, 'hamlet', { fetch: ['muted_topics'] })['muted_topics'], [['Verona', '', 1000]]);
  assert.is(ref.dispatch({ method: 'POST', path: `/_understudy/channels/${scotland}/archive` }).status, 200);
  assert.equal((topics() as Person[]).map((t) => t['stream_id']), [verona]);
});

test.run();
