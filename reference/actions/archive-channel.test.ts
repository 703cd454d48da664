// The test-control surface's archive: what changes, who hears it, and refusals.
import { emissions } from '../testing/emissions.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import defaultRealm from '../../fixtures/realm.json' with { type: 'json' };

const archive = (ref: ReturnType<typeof createReference>, id: number) => ref.dispatch({ method: 'POST', path: `/_understudy/channels/${id}/archive` });

test('archiving Verona tells everyone who could see it, drops it as the announcement channel, and posts a notice', () => {
  const ref = createReference();
  const verona = ref.store.channelByName('Verona')!;
  const from = emissions(ref).length;
  assert.is(archive(ref, verona.stream_id).status, 200);
  const after = ref.store.channel(verona.stream_id)!;
  assert.equal([after.is_archived, after.is_default], [true, false]);
  assert.is(ref.store.realm.new_stream_announcements_stream_id, null);
  const events = emissions(ref).slice(from);
  const defaults = events.find((e) => e.event['type'] === 'default_streams')!;
  assert.equal(defaults.event['default_streams'], ref.store.channels().filter((c) => c.is_default).map((c) => c.stream_id).sort((a, b) => a - b));
  assert.not.ok(defaults.users.includes(12), 'guests are shown no default channels');
  const pointer = events.find((e) => e.event['type'] === 'realm')!;
  assert.equal(pointer.event, { type: 'realm', op: 'update', property: 'new_stream_announcements_stream_id', value: -1 });
  const update = events.find((e) => e.event['type'] === 'stream' && e.event['op'] === 'update')!;
  assert.equal(update.event, { type: 'stream', op: 'update', stream_id: verona.stream_id, name: 'Verona', property: 'is_archived', value: true });
  assert.ok(update.users.includes(12), 'Polonius is subscribed');
  const del = events.find((e) => (e.event as Record<string, unknown>)['op'] === 'delete')!;
  assert.is((del.event as Record<string, unknown>)['for_archiving'], true);
  const notice = ref.store.message(ref.store.channelMessageIds(verona.stream_id).at(-1)!)!;
  assert.equal([notice.topic, notice.content], ['channel events', 'Channel #**Verona** has been archived.']);
});

test('a queue with archived_channels learns of the archiving from the update alone; one without also gets the delete', () => {
  const ref = createReference();
  const queue = (capabilities: Record<string, boolean>) =>
    callAs(ref, 'hamlet', 'POST', '/register', { event_types: ['stream'], client_capabilities: { notification_settings_null: true, ...capabilities } }).json['queue_id'];
  const [modern, old] = [queue({ archived_channels: true }), queue({})];
  assert.is(archive(ref, 1).status, 200);
  const ops = (id: unknown) =>
    (callAs(ref, 'hamlet', 'GET', '/events', { queue_id: id, last_event_id: -1, dont_block: true }).json['events'] as Array<Record<string, unknown>>).map((e) => e['op']);
  assert.equal(ops(modern), ['update']);
  assert.equal(ops(old), ['delete']);
});

test('archiving a web-public channel tells the non-guests and guest subscribers, not guests who are not subscribed', () => {
  // zerver/lib/streams.py bulk_can_access_stream_metadata_user_ids: no web-public case.
  const ref = createReference();
  const rome = ref.store.channelByName('Rome')!;
  assert.ok(rome.is_web_public && !ref.store.subscribers(rome.stream_id).includes(12));
  const from = emissions(ref).length;
  assert.is(archive(ref, rome.stream_id).status, 200);
  const update = emissions(ref).slice(from).find((e) => e.event['type'] === 'stream' && e.event['op'] === 'update')!;
  const subscribers = new Set(ref.store.subscribers(rome.stream_id));
  const expected = ref.store
    .realmUsers()
    .filter((u) => u.is_active && (u.role !== 600 || subscribers.has(u.user_id)))
    .map((u) => u.user_id)
    .sort((a, b) => a - b);
  assert.not.ok(update.users.includes(12));
  assert.equal(update.users, expected);
});

test('archiving twice, or a missing channel, is refused without change', () => {
  const ref = createReference();
  archive(ref, 1);
  const twice = assertUnchanged(ref, () => archive(ref, 1));
  assert.equal([twice.status, twice.json['msg']], [400, 'Channel is already deactivated']);
  const missing = assertUnchanged(ref, () => archive(ref, 99));
  assert.equal([missing.status, missing.json['msg']], [400, 'Invalid channel ID']);
});

test('default_streams lists the ids ascending even when the fixture lists its channels out of order', () => {
  const realm = structuredClone(defaultRealm) as { channels: Array<{ stream_id: number; is_default?: boolean }> };
  for (const c of realm.channels) c.is_default = true;
  realm.channels.reverse();
  const ref = createReference({ fixture: realm });
  const ids = ref.store.channels().map((c) => c.stream_id);
  assert.equal(ids, [...ids].sort((a, b) => a - b));
  const from = emissions(ref).length;
  assert.is(archive(ref, ref.store.channelByName('Verona')!.stream_id).status, 200);
  const defaults = emissions(ref).slice(from).find((e) => e.event['type'] === 'default_streams')!;
  const listed = defaults.event['default_streams'] as number[];
  assert.ok(listed.length > 1);
  assert.equal(listed, [...listed].sort((a, b) => a - b));
});

test.run();
