// access_message's rule (has_message_access) in the cases where it differs from the
// narrow rules of GET /messages: guests and web-public channels, groups granting content access.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { accessWebPublicMessage, canAccessMessage, isWebPublicMessage } from './message-access.ts';
import { hasMessageAccess } from './messages.ts';

const ok = (res: { json: Record<string, unknown> }) => (assert.is(res.json['result'], 'success', JSON.stringify(res.json)), res.json);

test('a guest not subscribed to a web-public channel may search it, but not fetch one of its messages by id', () => {
  const ref = createReference();
  const rome = ref.store.channelByName('Rome')!;
  const polonius = ref.store.userByEmail('polonius@zulip.com')!;
  assert.not.ok(ref.store.subscribers(rome.stream_id).includes(polonius.user_id));
  const id = ok(callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: 'Rome', topic: 'open', content: 'hi' }))['id'] as number;
  const m = ref.store.message(id)!;
  assert.ok(hasMessageAccess(ref.store, polonius, m, ref.control.now()));
  assert.not.ok(canAccessMessage(ref.store, polonius, m, ref.control.now(), false));
  assert.is(callAs(ref, 'polonius', 'GET', `/messages/${id}`).json['msg'], 'Invalid message(s)');
  const hamlet = ref.store.userByEmail('hamlet@zulip.com')!;
  assert.ok(canAccessMessage(ref.store, hamlet, m, ref.control.now(), false), 'a member may');
});

test('with protected history, a group granting content access stands in for the subscription, never for the row', () => {
  const ref = createReference();
  const cordelia = ref.store.userByEmail('cordelia@zulip.com')!;
  const othello = ref.store.userByEmail('othello@zulip.com')!;
  ok(
    callAs(ref, 'hamlet', 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
      history_public_to_subscribers: false,
      principals: [ref.store.userByEmail('hamlet@zulip.com')!.user_id, cordelia.user_id],
      can_subscribe_group: { direct_members: [cordelia.user_id, othello.user_id], direct_subgroups: [] },
    }),
  );
  const id = ok(callAs(ref, 'hamlet', 'POST', '/messages', { type: 'stream', to: 'vault', topic: 't', content: 'x' }))['id'] as number;
  ok(callAs(ref, 'cordelia', 'DELETE', '/users/me/subscriptions', { subscriptions: ['vault'] }));
  const m = ref.store.message(id)!;
  const now = ref.control.now();
  assert.ok(canAccessMessage(ref.store, cordelia, m, now, false), 'row + can_subscribe_group');
  assert.not.ok(canAccessMessage(ref.store, othello, m, now, false), 'can_subscribe_group without the row');
  assert.ok(ok(callAs(ref, 'cordelia', 'GET', `/messages/${id}`))['message']);
  assert.is(callAs(ref, 'othello', 'GET', `/messages/${id}`).json['msg'], 'Invalid message(s)');
});

test('modifying: a message of an archived channel is out of reach, reading it is not', () => {
  const ref = createReference();
  const id = ok(callAs(ref, 'hamlet', 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 't', content: 'x' }))['id'] as number;
  const verona = ref.store.channelByName('Verona')!;
  assert.is(ref.dispatch({ method: 'POST', path: `/_understudy/channels/${verona.stream_id}/archive` }).status, 200);
  const hamlet = ref.store.userByEmail('hamlet@zulip.com')!;
  const m = ref.store.message(id)!;
  assert.ok(canAccessMessage(ref.store, hamlet, m, ref.control.now(), false));
  assert.not.ok(canAccessMessage(ref.store, hamlet, m, ref.control.now(), true));
});

test('a spectator reads messages of web-public channels only, while the server and the organization allow it', () => {
  const ref = createReference();
  const send = (to: string) => ok(callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to, topic: 't', content: 'x' }))['id'] as number;
  const rome = ref.store.message(send('Rome'))!;
  const verona = ref.store.message(send('Verona'))!;
  const dm = ref.store.message(ok(callAs(ref, 'iago', 'POST', '/messages', { type: 'direct', to: JSON.stringify(['hamlet@zulip.com']), content: 'x' }))['id'] as number)!;
  assert.ok(isWebPublicMessage(ref.store, rome));
  assert.not.ok(isWebPublicMessage(ref.store, verona), 'public, not web-public');
  assert.not.ok(isWebPublicMessage(ref.store, dm), 'a direct message');
  assert.is(accessWebPublicMessage(ref.store, rome.id), rome);
  for (const id of [verona.id, dm.id, 10 ** 9]) {
    try {
      accessWebPublicMessage(ref.store, id);
      assert.unreachable(`message ${id}`);
    } catch (e) {
      assert.is((e as { status: number }).status, 401, 'the same session 401 for each');
    }
  }
  // Archived: still web-public (get_web_public_streams_queryset does not look at it).
  assert.is(ref.dispatch({ method: 'POST', path: `/_understudy/channels/${rome.stream_id}/archive` }).status, 200);
  assert.ok(isWebPublicMessage(ref.store, rome));
  ref.control.setConfig({ enable_spectator_access: false });
  assert.not.ok(isWebPublicMessage(ref.store, rome), 'enable_spectator_access off');
  ref.control.setConfig({ enable_spectator_access: true, web_public_streams_enabled: false });
  assert.not.ok(isWebPublicMessage(ref.store, rome), 'the server setting off');
});

test.run();
