// The table of realm settings drives PATCH /realm, its events and the registration
// response: for every row, a value other than the current one is accepted, shown by a
// fresh registration as realm_<name>, and the events it sends bring an earlier
// registration to the same state (as a client's event applier would).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { applyEvents, finishClientState, startClientState, type Obj } from '../testing/apply-events.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { REALM_PROPERTY_NAMES, apiName, realmProperty, settingRow, type RealmProperty } from './realm-settings.ts';

/** A value of each setting other than the fixture's, as sent and as the registration then shows it. */
function otherValue(name: RealmProperty, current: unknown): { sent: unknown; shown: unknown } {
  const row = settingRow(name);
  switch (row.kind) {
    case 'bool':
      return { sent: !current, shown: !current };
    case 'text':
      return { sent: `new ${name}`.slice(0, row.max ?? 100), shown: `new ${name}`.slice(0, row.max ?? 100) };
    case 'language':
      return { sent: 'de', shown: 'de' };
    case 'weekday':
      return { sent: 4, shown: 4 };
    case 'gif_rating':
      return { sent: 3, shown: 3 };
    case 'video_provider':
      return { sent: 0, shown: 0 };
    case 'jitsi':
      return { sent: '"https://jitsi.example.com"', shown: 'https://jitsi.example.com' };
    case 'limit':
      return { sent: 1234, shown: 1234 };
    case 'retention':
      return { sent: 30, shown: 30 };
    case 'nonneg':
      return { sent: 5, shown: 5 };
    case 'enum': {
      const other = Object.keys(row.names ?? {}).find((n) => n !== current) as string;
      return { sent: other, shown: other };
    }
    case 'channel':
      return current === -1 ? { sent: 7, shown: 7 } : { sent: -1, shown: -1 };
    case 'org_type':
      return { sent: 30, shown: 30 };
    case 'avatar_source':
      return { sent: 'J', shown: 'J' };
    case 'preview_size':
      return { sent: 200, shown: 200 };
  }
}

const options = { userId: 10, clientGravatar: true, includeSubscribers: true, capabilities: {}, fetchEventTypes: ['realm'] };

for (const name of REALM_PROPERTY_NAMES) {
  test(`${name}: changed by an owner, shown by registration, and the events reach the same state`, () => {
    const ref = createReference();
    const key = `realm_${apiName(ref.store, name)}`;
    const before = callAs(ref, 'hamlet', 'POST', '/register', { fetch_event_types: ['realm'] }).json as Obj;
    const { sent, shown } = otherValue(name, realmProperty(ref.store, ref.store.realm, name));
    assert.is.not(before[key], shown, 'the fixture differs from the new value');
    const res = callAs(ref, 'desdemona', 'PATCH', '/realm', { [apiName(ref.store, name)]: sent });
    assert.is(res.status, 200, JSON.stringify(res.json));
    assert.not.ok(res.json['ignored_parameters_unsupported'], 'the parameter is read');
    const after = callAs(ref, 'hamlet', 'POST', '/register', { fetch_event_types: ['realm'] }).json as Obj;
    assert.equal(after[key], shown);
    const events = (callAs(ref, 'hamlet', 'GET', '/events', { queue_id: before['queue_id'], last_event_id: -1, dont_block: true }).json['events'] as Obj[]).filter((e) => e['type'] !== 'heartbeat');
    assert.ok(events.length > 0, 'an event tells the change');
    const client = startClientState({ ...before }, options);
    applyEvents(client, events);
    const applied = finishClientState(client);
    for (const k of Object.keys(after)) {
      if (k.startsWith('realm_') || k === 'jitsi_server_url') assert.equal(applied[k], after[k], k);
    }
  });
}

test('a setting sent with its current value changes nothing and is not echoed (enums and org_type excepted)', () => {
  const ref = createReference();
  const res = callAs(ref, 'desdemona', 'PATCH', '/realm', { avatar_changes_disabled: false, digest_weekday: 1, default_language: 'en', waiting_period_threshold: 0 });
  assert.is(res.status, 200);
  assert.equal(Object.keys(res.json).sort(), ['msg', 'result']);
});

test('a refused request changes nothing, the settings before the refused one included', () => {
  const ref = createReference();
  const everyone = ref.store.groupByName('role:everyone')!.id;
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['admin', { avatar_changes_disabled: true, can_add_custom_emoji_group: { new: everyone } }, "'can_add_custom_emoji_group' setting cannot be set to 'role:everyone' group."],
    ['admin', { name: 'New', invite_required: false }, 'Must be an organization owner'],
    ['desdemona', { enter_sends: true, default_language: 'xx' }, "Invalid language 'xx'"],
    ['desdemona', { message_content_edit_limit_seconds: '"unlimited"', move_messages_within_stream_limit_seconds: 0 }, "Bad value for 'move_messages_within_stream_limit_seconds': 0"],
    ['desdemona', { signup_announcements_stream_id: 1, moderation_request_channel_id: 999999 }, 'Invalid channel ID'],
  ];
  for (const [who, params, msg] of cases) {
    const res = assertUnchanged(ref, () => callAs(ref, who === 'admin' ? 'iago' : who, 'PATCH', '/realm', params));
    assert.is(res.status, 400);
    assert.is(res.json['msg'], msg);
  }
});

test('PATCH /realm/user_settings_defaults: each change reaches registration and, through its events, an earlier registration', () => {
  const ref = createReference();
  const fetch = { fetch_event_types: ['realm_user_settings_defaults'] };
  const before = callAs(ref, 'hamlet', 'POST', '/register', fetch).json as Obj;
  const sent = { enter_sends: true, color_scheme: 3, emojiset: 'text', web_home_view: 'all_messages', resolved_topic_notice_auto_read_policy: 'always', notification_sound: 'ding' };
  assert.is(callAs(ref, 'iago', 'PATCH', '/realm/user_settings_defaults', sent).status, 200);
  const after = callAs(ref, 'hamlet', 'POST', '/register', fetch).json as Obj;
  for (const [k, v] of Object.entries(sent)) assert.is(after['realm_user_settings_defaults'][k], v, k);
  const events = callAs(ref, 'hamlet', 'GET', '/events', { queue_id: before['queue_id'], last_event_id: -1, dont_block: true }).json['events'] as Obj[];
  const client = startClientState({ ...before }, { ...options, fetchEventTypes: ['realm_user_settings_defaults'] });
  applyEvents(client, events.filter((e) => e['type'] !== 'heartbeat'));
  assert.equal(finishClientState(client)['realm_user_settings_defaults'], after['realm_user_settings_defaults']);
  const refused = assertUnchanged(ref, () => callAs(ref, 'iago', 'PATCH', '/realm/user_settings_defaults', { enter_sends: false, email_notifications_batching_period_seconds: 0 }));
  assert.is(refused.json['msg'], 'Invalid email batching period: 0 seconds');
});

test.run();
