// Linkifier and custom profile field events, applied by the client-side applier to a
// registration, give what a fresh registration gives (zulip/zulip zerver/lib/events.py
// apply_event; zerver/tests/test_events.py test_realm_linkifiers_events and
// test_custom_profile_fields_events).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../../index.ts';
import { applyEvents, finishClientState, startClientState, type Obj } from '../apply-events.ts';
import { callAs } from '../call-as.ts';
import { ALL_CAPABILITIES } from './client-state.ts';

const TYPES = ['realm_linkifiers', 'custom_profile_fields', 'realm_user'];

function register(ref: ReturnType<typeof createReference>, capabilities: Record<string, boolean>): Obj {
  const res = callAs(ref, 'hamlet', 'POST', '/register', { fetch_event_types: TYPES, client_capabilities: capabilities, include_subscribers: false });
  assert.is(res.status, 200, res.body);
  return res.json as Obj;
}

for (const caps of [ALL_CAPABILITIES, { notification_settings_null: false }]) {
  test(`linkifier and profile field changes applied match a fresh registration (${caps === ALL_CAPABILITIES ? 'every capability' : 'no capability'})`, () => {
    const ref = createReference();
    const first = register(ref, caps);
    const ok = (res: { status: number; body: string; json: unknown }) => {
      assert.is(res.status, 200, res.body);
      return res.json as Obj;
    };
    const l = ok(callAs(ref, 'iago', 'POST', '/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://e.com/{id}' }));
    ok(callAs(ref, 'iago', 'POST', '/realm/filters', { pattern: 'x(?P<id>[0-9]+)', url_template: 'https://x.com/{id}' }));
    ok(callAs(ref, 'iago', 'PATCH', `/realm/filters/${l['id']}`, { pattern: '#(?P<id>[0-9]+)', url_template: 'https://f.com/{id}' }));
    const f = ok(callAs(ref, 'iago', 'POST', '/realm/profile_fields', { name: 'Phone', field_type: 1 }));
    const g = ok(callAs(ref, 'iago', 'POST', '/realm/profile_fields', { name: 'Editor', field_type: 3, field_data: { a: { text: 'A', order: '1' }, b: { text: 'B', order: '2' } } }));
    ok(callAs(ref, 'othello', 'PATCH', '/users/me/profile_data', { data: [{ id: f['id'], value: '*555*' }, { id: g['id'], value: 'a' }] }));
    ok(callAs(ref, 'hamlet', 'PATCH', '/users/me/profile_data', { data: [{ id: f['id'], value: '1' }] }));
    ok(callAs(ref, 'iago', 'PATCH', `/realm/profile_fields/${g['id']}`, { field_data: { a: { text: 'A', order: '1' } } }));
    ok(callAs(ref, 'hamlet', 'DELETE', '/users/me/profile_data', { data: [f['id']] }));
    ok(callAs(ref, 'iago', 'PATCH', '/realm/profile_fields', { order: [g['id'], f['id']] }));
    ok(callAs(ref, 'iago', 'DELETE', `/realm/profile_fields/${f['id']}`));
    const events = ok(callAs(ref, 'hamlet', 'GET', '/events', { queue_id: first['queue_id'] as string, last_event_id: -1, dont_block: true }))['events'] as Obj[];
    assert.ok(events.length >= 9);
    const client = startClientState(first, { userId: 6, clientGravatar: true, includeSubscribers: false, capabilities: caps, fetchEventTypes: TYPES });
    applyEvents(client, events);
    const applied = finishClientState(client);
    const fresh = register(ref, caps);
    for (const key of ['realm_linkifiers', 'custom_profile_fields', 'realm_users']) assert.equal(applied[key], fresh[key], key);
    if (caps === ALL_CAPABILITIES) assert.is((fresh['realm_linkifiers'] as Obj[]).length, 2);
    else assert.equal(fresh['realm_linkifiers'], []);
    const othello = (fresh['realm_users'] as Obj[]).find((u) => u['user_id'] === 8) as Obj;
    // The deleted field's value went with it. (A removed select choice's values go with no
    // event at all, on the real server too: remove_custom_profile_field_value_if_required.)
    assert.equal(othello['profile_data'], { [String(g['id'])]: { value: 'a' } });
  });
}

test.run();
