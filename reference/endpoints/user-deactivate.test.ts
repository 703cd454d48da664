// DELETE /users/{user_id} through dispatch: who may deactivate whom, the cascade to
// bots, the actions, the notification email, and the events in the real order. Every
// refusal leaves the state exactly as it was.
import { emissions } from '../testing/emissions.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import type { User } from '../state/types.ts';

const DESDEMONA = 3;
const IAGO = 4;
const SHIVA = 5;
const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;
const POLONIUS = 12;
const DEFAULT_BOT = 13;
const NOTIFICATION_BOT = 1;
const VERONA = 1;
const DENMARK = 2;
const SCOTLAND = 3;
const ROME = 5;
const CORE_TEAM = 6;
const ALL_ACTIVE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

type Params = Record<string, unknown>;

const call = callAs;

function deactivate(ref: Reference, by: number, target: number, params: Params = {}) {
  const res = call(ref, by, 'DELETE', `/users/${target}`, params);
  assert.is(res.status, 200, JSON.stringify(res.json));
}

function refused(ref: Reference, by: number, target: number | string, params: Params, msg: string, code = 'BAD_REQUEST') {
  const res = assertUnchanged(ref, () => call(ref, by, 'DELETE', `/users/${target}`, params));
  assert.is(res.json['msg'], msg);
  assert.is(res.json['code'], code);
  assert.is(res.status, 400);
}

const user = (ref: Reference, id: number) => ref.store.user(id) as User;
const nextEventId = (ref: Reference) => (emissions(ref).at(-1)?.id ?? -1) + 1;
const eventsFrom = (ref: Reference, from: number) => emissions(ref).filter((e) => e.id >= from);

test('Iago deactivates Hamlet: his bot first, then him; their keys stop working', () => {
  const ref = createReference();
  deactivate(ref, IAGO, HAMLET);
  assert.is(user(ref, HAMLET).is_active, false);
  assert.is(user(ref, DEFAULT_BOT).is_active, false);
  assert.is(user(ref, HAMLET).full_name, 'King Hamlet', 'no actions: the profile stays');
  for (const id of [HAMLET, DEFAULT_BOT]) {
    const res = call(ref, id, 'GET', '/users/me');
    assert.is(res.status, 401);
    assert.is(res.json['msg'], 'Account is deactivated');
  }
  assert.equal(ref.control.emailOutbox(), [], 'no comment, no email');
});

test('refusals, each in the real order, each leaving everything as it was', () => {
  const ref = createReference();
  ref.control.addUser({ email: 'gone@zulip.com', full_name: 'Gone', is_active: false });
  const gone = ref.store.userByEmail('gone@zulip.com')?.user_id as number;
  const second = ref.control.addUser({ email: 'owner2@zulip.com', full_name: 'Second owner', role: 'owner' }).user_id;
  refused(ref, IAGO, 2147480000, {}, 'No such user');
  refused(ref, IAGO, NOTIFICATION_BOT, {}, 'No such user');
  refused(ref, IAGO, DEFAULT_BOT, {}, 'No such user');
  refused(ref, HAMLET, DEFAULT_BOT, {}, 'No such user', 'BAD_REQUEST');
  refused(ref, IAGO, gone, {}, 'User is deactivated');
  refused(ref, HAMLET, gone, {}, 'User is deactivated');
  for (const who of [SHIVA, HAMLET, POLONIUS]) refused(ref, who, CORDELIA, {}, 'Insufficient permission');
  refused(ref, HAMLET, HAMLET, {}, 'Insufficient permission');
  refused(ref, IAGO, DESDEMONA, {}, 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
  refused(ref, IAGO, second, {}, 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
  // Parameters are read before the user is looked up.
  refused(ref, IAGO, 2147480000, { deactivation_notification_comment: 'x'.repeat(2001) }, 'deactivation_notification_comment is too long (limit: 2000 characters)');
  refused(ref, IAGO, CORDELIA, { actions: ['delete_profile'] }, 'actions is not a dict');
  refused(ref, IAGO, CORDELIA, { actions: { delete_profile: 'yes' } }, 'actions["delete_profile"] is not a boolean');
  deactivate(ref, DESDEMONA, second);
  refused(ref, DESDEMONA, DESDEMONA, {}, 'Cannot deactivate the only organization owner');
});

test('the comment is capped at 2000 code points, stripped, and "" still sends the email', () => {
  const ref = createReference();
  const a = ref.control.addUser({ email: 'a@zulip.com', full_name: 'A' }).user_id;
  const b = ref.control.addUser({ email: 'b@zulip.com', full_name: 'B' }).user_id;
  const c = ref.control.addUser({ email: 'c@zulip.com', full_name: 'C' }).user_id;
  deactivate(ref, IAGO, a, { deactivation_notification_comment: '🎭'.repeat(2000) });
  deactivate(ref, IAGO, b, { deactivation_notification_comment: '' });
  deactivate(ref, IAGO, c, { deactivation_notification_comment: '  Farewell.\n' });
  const emails = ref.control.emailOutbox() as Array<{ to: string; body: string; subject: string; timestamp: number }>;
  assert.equal(emails.map((e) => e.to), ['a@zulip.com', 'b@zulip.com', 'c@zulip.com']);
  assert.not.match(emails[1]?.body ?? '', 'comment');
  assert.ok(emails[2]?.body.endsWith('\n\nFarewell.'));
  assert.is(emails[0]?.timestamp, Math.floor(ref.control.now() / 1000));
});

test('an administrator may deactivate themselves; an owner may deactivate another owner', () => {
  const ref = createReference();
  deactivate(ref, IAGO, IAGO);
  assert.is(user(ref, IAGO).is_active, false);
  const second = ref.control.addUser({ email: 'owner2@zulip.com', full_name: 'Second owner', role: 'owner' }).user_id;
  deactivate(ref, second, DESDEMONA);
  assert.is(user(ref, DESDEMONA).is_active, false);
});

test('the events: per account peer_remove, then realm_user; a bot also realm_bot; the bot before its owner (realm_bot updates: below feature level 474)', () => {
  const ref = createReference({ featureLevel: 473 });
  const from = nextEventId(ref);
  deactivate(ref, IAGO, HAMLET);
  const events = eventsFrom(ref, from).map((e) => ({ ...e.event, to: e.users }));
  const afterBot = ALL_ACTIVE.filter((id) => id !== DEFAULT_BOT);
  const afterBoth = afterBot.filter((id) => id !== HAMLET);
  const nonGuests = (ids: number[]) => ids.filter((id) => id !== POLONIUS);
  assert.equal(events, [
    // The bot is subscribed to Verona, which has a guest subscriber (Polonius).
    { type: 'subscription', op: 'peer_remove', stream_ids: [VERONA], user_ids: [DEFAULT_BOT], to: afterBot },
    { type: 'realm_user', op: 'update', person: { user_id: DEFAULT_BOT, is_active: false }, to: afterBot },
    { type: 'realm_bot', op: 'update', bot: { user_id: DEFAULT_BOT, is_active: false }, to: [DESDEMONA, IAGO, HAMLET] },
    // Hamlet: core team is private (its subscribers and the administrators); Verona and
    // Denmark have a guest subscriber, each alone; Rome is web-public (everyone);
    // Scotland is public without guests (every non-guest).
    { type: 'subscription', op: 'peer_remove', stream_ids: [CORE_TEAM], user_ids: [HAMLET], to: [DESDEMONA, IAGO] },
    { type: 'subscription', op: 'peer_remove', stream_ids: [VERONA], user_ids: [HAMLET], to: afterBoth },
    { type: 'subscription', op: 'peer_remove', stream_ids: [DENMARK], user_ids: [HAMLET], to: afterBoth },
    { type: 'subscription', op: 'peer_remove', stream_ids: [ROME], user_ids: [HAMLET], to: afterBoth },
    { type: 'subscription', op: 'peer_remove', stream_ids: [SCOTLAND], user_ids: [HAMLET], to: nonGuests(afterBoth) },
    { type: 'realm_user', op: 'update', person: { user_id: HAMLET, is_active: false }, to: afterBoth },
  ]);
});

test('subscriber lists leave deactivated users out; their subscriptions stay', () => {
  const ref = createReference();
  deactivate(ref, IAGO, HAMLET);
  assert.not.ok(ref.store.subscribers(CORE_TEAM).includes(HAMLET));
  assert.ok(ref.store.subscriptionRow(HAMLET, CORE_TEAM)?.active);
});

test('peer_remove: none before level 377; archived channels only from level 428', () => {
  const old = createReference({ featureLevel: 376 });
  const from = nextEventId(old);
  deactivate(old, IAGO, CORDELIA);
  assert.equal(eventsFrom(old, from).map((e) => (e.event as Record<string, unknown>)['type']), ['realm_user']);
  for (const [level, expected] of [[427, [VERONA, DENMARK]], [428, [VERONA, DENMARK, 4]]] as const) {
    const ref = createReference({ featureLevel: level });
    const venice = ref.store.channel(4);
    if (!venice) throw new Error('no Venice');
    ref.store.putChannel({ ...venice, is_archived: true });
    const start = nextEventId(ref);
    deactivate(ref, IAGO, CORDELIA);
    const streams = eventsFrom(ref, start)
      .filter((e) => (e.event as Record<string, unknown>)['op'] === 'peer_remove')
      .flatMap((e) => (e.event as Record<string, unknown>)['stream_ids'] as number[]);
    assert.equal(streams.sort(), [...expected].sort(), `level ${level}`);
  }
});

test('actions apply to the bots and then to the user: profile, and messages by kind', () => {
  const ref = createReference();
  // Hamlet sent 1 (Verona, public), 5 (Denmark, public), 13 (core team, private), 15 (a DM).
  const from = nextEventId(ref);
  deactivate(ref, IAGO, HAMLET, { actions: { delete_profile: true, delete_private_channel_messages: true, delete_direct_messages: true } });
  for (const id of [HAMLET, DEFAULT_BOT]) {
    const u = user(ref, id);
    // A user becomes 'Deleted user', a bot 'Deactivated bot' (do_deactivate_user).
    assert.is(u.full_name, id === DEFAULT_BOT ? 'Deactivated bot' : 'Deleted user');
    assert.is(u.is_deleted, true);
    assert.is(u.is_active, false);
  }
  assert.ok(ref.store.message(1) && ref.store.message(5), 'public channel messages stay');
  assert.is(ref.store.message(13), undefined);
  assert.is(ref.store.message(15), undefined);
  const deletions = eventsFrom(ref, from).filter((e) => (e.event as Record<string, unknown>)['type'] === 'delete_message');
  assert.equal(deletions.map((e) => (e.event as Record<string, unknown>)['message_ids']), [[13], [15]]);
  const shown = call(ref, IAGO, 'GET', `/users/${HAMLET}`).json['user'] as Record<string, unknown>;
  assert.is(shown['full_name'], 'Deleted user');
  assert.is(shown['is_deleted'], true);
  // The picture removed: the default one (a Gravatar URL, version 2), not none.
  const picture = (call(ref, IAGO, 'GET', `/users/${HAMLET}`, { client_gravatar: false }).json['user'] as Record<string, unknown>)['avatar_url'];
  assert.match(String(picture), /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=2$/);
  // The profile changes come after the deactivation events: bot first.
  const names = eventsFrom(ref, from)
    .filter((e) => ['Deleted user', 'Deactivated bot'].includes(((e.event as Record<string, unknown>)['person'] as Record<string, unknown> | undefined)?.['full_name'] as string))
    .map((e) => ((e.event as Record<string, unknown>)['person'] as { user_id: number }).user_id);
  assert.equal(names, [DEFAULT_BOT, HAMLET]);
  // From feature level 474 the realm_user updates say it all: no realm_bot update.
  assert.equal(eventsFrom(ref, from).filter((e) => e.event['type'] === 'realm_bot'), []);
});

test('below feature level 474 the bot\'s owner and the administrators keep its realm_bots entry in step with realm_bot updates', () => {
  const ref = createReference({ featureLevel: 473 });
  const from = nextEventId(ref);
  deactivate(ref, IAGO, HAMLET, { actions: { delete_profile: true } });
  const botChanges = eventsFrom(ref, from)
    .filter((e) => e.event['type'] === 'realm_bot' && e.event['op'] === 'update')
    .map((e) => [e.users, e.event['bot']]);
  const url = (call(ref, IAGO, 'GET', `/users/${DEFAULT_BOT}`, { client_gravatar: false }).json['user'] as Record<string, unknown>)['avatar_url'];
  assert.type(url, 'string');
  assert.equal(botChanges, [
    [[DESDEMONA, IAGO, HAMLET], { user_id: DEFAULT_BOT, is_active: false }],
    [[DESDEMONA, IAGO, HAMLET], { user_id: DEFAULT_BOT, full_name: 'Deactivated bot' }],
    [[DESDEMONA, IAGO, HAMLET], { user_id: DEFAULT_BOT, avatar_url: url }],
  ]);
});

test('public channel messages: invite_only false and shared history; the actions accepted in the query string', () => {
  const ref = createReference();
  const res = ref.dispatch({
    method: 'DELETE',
    path: `/api/v1/users/${HAMLET}?actions=${encodeURIComponent(JSON.stringify({ delete_public_channel_messages: true }))}`,
    headers: { authorization: `Basic ${btoa(`iago@zulip.com:${user(ref, IAGO).api_key}`)}` },
  });
  assert.is(res.status, 200);
  assert.is(ref.store.message(1), undefined);
  assert.is(ref.store.message(5), undefined);
  assert.ok(ref.store.message(13) && ref.store.message(15));
});

test('where users cannot all see each other, guests hear of the deactivation only through a DM or lose the user', () => {
  const ref = createReference();
  ref.store.setRealm({ ...ref.store.realm, can_access_all_users_group: 6 });
  // Polonius shares Verona and Denmark with Hamlet, but no direct message.
  const from = nextEventId(ref);
  deactivate(ref, IAGO, HAMLET);
  const hamletEvents = eventsFrom(ref, from).filter((e) => JSON.stringify(e.event).includes(`"user_id":${HAMLET}`));
  const update = hamletEvents.find((e) => (e.event as Record<string, unknown>)['type'] === 'realm_user' && (e.event as Record<string, unknown>)['op'] === 'update');
  assert.not.ok(update?.users.includes(POLONIUS));
  const removeMembers = eventsFrom(ref, from).filter((e) => (e.event as Record<string, unknown>)['op'] === 'remove_members' && ((e.event as Record<string, unknown>)['user_ids'] as number[])[0] === HAMLET);
  // His direct groups: role:fullmembers (a member past the waiting period), role:members and hamletcharacters.
  assert.equal(removeMembers.map((e) => (e.event as Record<string, unknown>)['group_id']), [5, 6, 9]);
  assert.ok(removeMembers.every((e) => e.users.length === 1 && e.users[0] === POLONIUS));
  const lost = hamletEvents.find((e) => (e.event as Record<string, unknown>)['op'] === 'remove');
  assert.equal(lost?.event, { type: 'realm_user', op: 'remove', person: { user_id: HAMLET, full_name: 'Unknown user' } });
  assert.equal(lost?.users, [POLONIUS]);
  // Shiva did write to Polonius (message 18).
  const start = nextEventId(ref);
  deactivate(ref, IAGO, SHIVA);
  const shivaUpdate = eventsFrom(ref, start).find((e) => (e.event as Record<string, unknown>)['type'] === 'realm_user' && (e.event as Record<string, unknown>)['op'] === 'update');
  assert.ok(shivaUpdate?.users.includes(POLONIUS));
  assert.ok(shivaUpdate?.users.includes(OTHELLO), 'every non-guest still hears of it');
});

test.run();
