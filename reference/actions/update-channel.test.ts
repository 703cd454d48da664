// PATCH /streams/{stream_id}: atomicity, who hears what, and Notification Bot's exact texts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { emissions } from '../testing/emissions.ts';

type Ref = ReturnType<typeof createReference>;
const HAMLET = 6;

/** Hamlet creates a channel with these subscribers (ids); its id. */
function channel(ref: Ref, name: string, principals: number[], extra: Record<string, unknown> = {}): number {
  const r = callAs(ref, 'hamlet', 'POST', '/users/me/subscriptions', { subscriptions: [{ name }], principals, ...extra });
  assert.is(r.status, 200, JSON.stringify(r.json));
  return ref.store.channelByName(name)!.stream_id;
}

const lastNotice = (ref: Ref, id: number) => ref.store.message(ref.store.channelMessageIds(id).at(-1)!)!;

test('a refused PATCH changes nothing, even where the real server would have applied an earlier parameter', () => {
  const ref = createReference();
  const id = channel(ref, 'atomic', [HAMLET]);
  const everyone = ref.store.groupByName('role:everyone')!.id;
  const r = assertUnchanged(ref, () =>
    callAs(ref, 'hamlet', 'PATCH', `/streams/${id}`, { new_name: 'renamed', description: 'new', can_add_subscribers_group: { new: everyone } }),
  );
  assert.is(r.json['msg'], "'can_add_subscribers_group' setting cannot be set to 'role:everyone' group.");
});

test('making a channel private tells only who can still see it, with its whole privacy; the others hear nothing', () => {
  const ref = createReference();
  const id = channel(ref, 'closing', [HAMLET, 7]);
  const from = emissions(ref).length;
  assert.is(callAs(ref, 'hamlet', 'PATCH', `/streams/${id}`, { is_private: true }).status, 200);
  const events = emissions(ref).slice(from).filter((e) => e.event['type'] === 'stream');
  assert.is(events.length, 1);
  assert.equal(events[0]!.event, { type: 'stream', op: 'update', stream_id: id, name: 'closing', property: 'invite_only', value: true, history_public_to_subscribers: false, is_web_public: false });
  // Subscribers, administrators and owners (bots with those roles too), and no one else.
  const admins = ref.store.realmUsers().filter((u) => u.is_active && u.role <= 200).map((u) => u.user_id);
  assert.equal(events[0]!.users, [...new Set([...admins, HAMLET, 7])].sort((a, b) => a - b));
  assert.is(
    lastNotice(ref, id).content,
    `@_**King Hamlet|${HAMLET}** changed the [access permissions](/help/channel-permissions) for this channel from **Public** to **Private, protected history**.`,
  );
});

test('making a private channel public sends newcomers stream create and peer_add, the others the update', () => {
  const ref = createReference();
  const id = channel(ref, 'opening', [HAMLET], { invite_only: true });
  const from = emissions(ref).length;
  assert.is(callAs(ref, 'hamlet', 'PATCH', `/streams/${id}`, { is_private: false }).status, 200);
  const events = emissions(ref).slice(from);
  const create = events.find((e) => e.event['type'] === 'stream' && e.event['op'] === 'create')!;
  const peer = events.find((e) => e.event['op'] === 'peer_add')!;
  const update = events.find((e) => e.event['type'] === 'stream' && e.event['op'] === 'update')!;
  assert.ok(create.users.includes(7) && !create.users.includes(HAMLET) && !create.users.includes(4), 'Cordelia is new to it; Hamlet and Iago knew it');
  assert.not.ok(create.users.includes(12), 'a guest still cannot see it');
  assert.equal(peer.users, create.users);
  assert.equal(peer.event, { type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [HAMLET] });
  assert.ok(update.users.includes(HAMLET) && update.users.includes(4) && !update.users.includes(7));
});

test('can_send_message_group: the legacy stream_post_policy events when it moves, and the posting permissions notice', () => {
  const ref = createReference();
  const id = channel(ref, 'announcements', [HAMLET]);
  const admins = ref.store.groupByName('role:administrators')!.id;
  const from = emissions(ref).length;
  assert.is(callAs(ref, 'iago', 'PATCH', `/streams/${id}`, { can_send_message_group: { new: admins } }).status, 200);
  const props = emissions(ref)
    .slice(from)
    .filter((e) => e.event['type'] === 'stream')
    .map((e) => [e.event['property'], e.event['value']]);
  assert.equal(props, [
    ['can_send_message_group', admins],
    ['stream_post_policy', 2],
    ['is_announcement_only', true],
  ]);
  assert.is(
    lastNotice(ref, id).content,
    '@_**Iago|4** changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n* **Old**: @_*role:everyone*\n* **New**: @_*role:administrators*',
  );
});

test('message retention: owners only, and the notice names the old and new periods', () => {
  const ref = createReference();
  const id = channel(ref, 'kept', [HAMLET]);
  assert.is(callAs(ref, 'desdemona', 'PATCH', `/streams/${id}`, { message_retention_days: 30 }).status, 200);
  assert.is(ref.store.channel(id)!.message_retention_days, 30);
  assert.is(
    lastNotice(ref, id).content,
    '@_**Desdemona|3** has changed the [message retention period](/help/message-retention-policy) for this channel:\n* **Old retention period**: Forever\n* **New retention period**: 30 days\n\nMessages in this channel will now be automatically deleted 30 days after they are sent.',
  );
  assert.is(callAs(ref, 'desdemona', 'PATCH', `/streams/${id}`, { message_retention_days: '"unlimited"' }).status, 200);
  assert.match(lastNotice(ref, id).content, /\* \*\*Old retention period\*\*: 30 days\n\* \*\*New retention period\*\*: Forever\n\nMessages in this channel will now be retained forever\.$/);
});

test('an archived channel is renamed without its default status coming back; unarchiving a private one needs a subscriber', () => {
  const ref = createReference();
  const id = channel(ref, 'lonely', [HAMLET], { invite_only: true });
  assert.is(callAs(ref, 'hamlet', 'DELETE', `/streams/${id}`).status, 200);
  assert.is(callAs(ref, 'hamlet', 'DELETE', '/users/me/subscriptions', { subscriptions: ['lonely'] }).status, 200);
  const r = callAs(ref, 'iago', 'PATCH', `/streams/${id}`, { is_archived: false });
  assert.is(r.json['msg'], 'Channel is private and have no subscribers');
  assert.ok(ref.store.channel(id)!.is_archived);
});

test.run();
