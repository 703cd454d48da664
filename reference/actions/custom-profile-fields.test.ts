// Custom profile field rules a scenario cannot state on any server (they depend on the
// organization's existing fields): default external accounts, the profile summary limit
// (zulip/zulip zerver/tests/test_custom_profile_data.py
// test_create_default_external_account_field, test_default_external_account_type_field,
// test_update_display_in_profile_summary, test_create).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const json = (r: { json: unknown }) => r.json as Record<string, unknown>;

test('a default external account takes its name from the subtype and cannot be changed but for the summary', () => {
  const ref = createReference();
  const made = json(callAs(ref, 'iago', 'POST', '/realm/profile_fields', { field_type: 7, field_data: { subtype: 'github' }, name: 'ignored' }));
  assert.is(made['result'], 'success', JSON.stringify(made));
  const id = made['id'] as number;
  const fields = json(callAs(ref, 'hamlet', 'GET', '/realm/profile_fields'))['custom_fields'] as Array<Record<string, unknown>>;
  assert.equal(fields.find((f) => f['id'] === id), { id, name: 'GitHub username', type: 7, hint: '', field_data: '{"subtype":"github"}', order: id, required: false, editable_by_user: true });
  const again = json(callAs(ref, 'iago', 'POST', '/realm/profile_fields', { field_type: 7, field_data: { subtype: 'github' } }));
  assert.is(again['msg'], 'A field with that label already exists.');
  assert.is(json(callAs(ref, 'iago', 'PATCH', `/realm/profile_fields/${id}`, { name: 'Mine' }))['msg'], 'Default custom field cannot be updated.');
  assert.is(json(callAs(ref, 'iago', 'PATCH', `/realm/profile_fields/${id}`, { field_data: { subtype: 'twitter' } }))['msg'], 'Default custom field cannot be updated.');
  // The same values, or only the summary flag, are fine.
  assert.is(json(callAs(ref, 'iago', 'PATCH', `/realm/profile_fields/${id}`, { name: 'GitHub username', display_in_profile_summary: true }))['result'], 'success');
  const shown = (json(callAs(ref, 'hamlet', 'GET', '/realm/profile_fields'))['custom_fields'] as Array<Record<string, unknown>>).find((f) => f['id'] === id);
  assert.is(shown?.['display_in_profile_summary'], true);
});

test('at most two fields in the profile summary; a field may keep its own place', () => {
  const ref = createReference();
  const add = (name: string) => json(callAs(ref, 'iago', 'POST', '/realm/profile_fields', { name, field_type: 1, display_in_profile_summary: true }));
  const a = add('A')['id'] as number;
  assert.is(add('B')['result'], 'success');
  assert.is(add('C')['msg'], 'Only 2 custom profile fields can be displayed in the profile summary.');
  assert.is(json(callAs(ref, 'iago', 'PATCH', `/realm/profile_fields/${a}`, { display_in_profile_summary: true, hint: 'h' }))['result'], 'success');
  const d = json(callAs(ref, 'iago', 'POST', '/realm/profile_fields', { name: 'D', field_type: 1 }))['id'] as number;
  assert.is(json(callAs(ref, 'iago', 'PATCH', `/realm/profile_fields/${d}`, { display_in_profile_summary: true }))['msg'], 'Only 2 custom profile fields can be displayed in the profile summary.');
});

test('a refused profile data update changes nothing and sends nothing', () => {
  const ref = createReference();
  const f = json(callAs(ref, 'iago', 'POST', '/realm/profile_fields', { name: 'Phone', field_type: 1 }))['id'] as number;
  const before = callAs(ref, 'hamlet', 'GET', '/users/6', { include_custom_profile_fields: true }).body;
  const res = json(callAs(ref, 'hamlet', 'PATCH', '/users/me/profile_data', { data: [{ id: f, value: 'ok' }, { id: 999, value: 'x' }] }));
  assert.is(res['msg'], 'Field id 999 not found.');
  assert.is(callAs(ref, 'hamlet', 'GET', '/users/6', { include_custom_profile_fields: true }).body, before);
});

test.run();
