// Custom profile fields: zulip/zulip zerver/views/custom_profile_fields.py (the
// validation, in its order) and zerver/actions/custom_profile_fields.py (the changes and
// their events: the whole field list to every active user in a custom_profile_fields
// event; a user's changed value in a realm_user update to whoever can see that user).
import { canAccessUser } from '../domain/user-access.ts';
import {
  checkCappedString,
  checkProfileValue,
  DEFAULT_EXTERNAL_ACCOUNTS,
  FIELD_TYPE,
  formatProfileField,
  isDjangoUrl,
  isRenderable,
  orderedProfileFields,
} from '../domain/custom-profile-fields.ts';
import { renderForStore } from '../domain/render-message.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isAdmin } from '../domain/users.ts';
import { BadRequest } from '../errors.ts';
import { PROFILE_FIELDS, type ProfileFieldRecord } from '../state/custom-profile-fields.ts';
import type { Store } from '../state/store.ts';
import type { ProfileValue, User } from '../state/types.ts';
import type { World } from '../world.ts';
import { activeUserIds } from './channel-events.ts';

export type FieldData = Record<string, unknown>;

export interface FieldInput {
  name: string;
  hint: string;
  field_type: number;
  field_data: FieldData;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

const MAX_SUMMARY_FIELDS = 2;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function requiredString(name: string, v: unknown): string {
  if (typeof v !== 'string') throw new BadRequest(`${name} is not a string`);
  if (v.trim() === '') throw new BadRequest(`${name} cannot be blank.`);
  return v;
}

/** check_dict_only: a dict with these keys and no other. */
function checkDictOnly(name: string, v: unknown, required: Record<string, (n: string, x: unknown) => void>, optional: Record<string, (n: string, x: unknown) => void> = {}): Record<string, unknown> {
  if (!isObject(v)) throw new BadRequest(`${name} is not a dict`);
  for (const [k, check] of Object.entries(required)) {
    if (!(k in v)) throw new BadRequest(`${k} key is missing from ${name}`);
    check(`${name}["${k}"]`, v[k]);
  }
  for (const [k, check] of Object.entries(optional)) if (k in v) check(`${name}["${k}"]`, v[k]);
  const extra = Object.keys(v).filter((k) => !(k in required) && !(k in optional));
  if (extra.length > 0) throw new BadRequest(`Unexpected arguments: ${extra.join(', ')}`);
  return v;
}

function checkUrlPattern(name: string, v: unknown): void {
  if (typeof v !== 'string') throw new BadRequest(`${name} is not a string`);
  if (v.split('%(username)s').length !== 2) throw new BadRequest("URL pattern must contain '%(username)s'.");
  if (!isDjangoUrl(v.replace('%(username)s', 'username'))) throw new BadRequest(`${name} is not a URL`);
}

/** validate_custom_field_data */
function checkFieldData(type: number, data: FieldData): void {
  if (type === FIELD_TYPE.SELECT) {
    if (Object.keys(data).length < 1) throw new BadRequest('Field must have at least one choice.');
    const texts = new Set<string>();
    for (const [key, value] of Object.entries(data)) {
      if (key.trim() === '') throw new BadRequest("'value' cannot be blank.");
      const option = checkDictOnly('field_data', value, { text: requiredString, order: requiredString });
      texts.add(option['text'] as string);
    }
    if (texts.size !== Object.keys(data).length) throw new BadRequest('Field must not have duplicate choices.');
  } else if (type === FIELD_TYPE.EXTERNAL_ACCOUNT) {
    checkDictOnly('field_data', data, { subtype: requiredString }, { url_pattern: checkUrlPattern });
    const subtype = data['subtype'] as string;
    if (!Object.hasOwn(DEFAULT_EXTERNAL_ACCOUNTS, subtype)) {
      if (subtype !== 'custom') throw new BadRequest('Invalid external account type');
      if (!('url_pattern' in data)) throw new BadRequest('Custom external account must define URL pattern');
    }
  }
}

function isDefaultExternal(type: number, data: FieldData): boolean {
  return type === FIELD_TYPE.EXTERNAL_ACCOUNT && data['subtype'] !== 'custom';
}

/** validate_custom_profile_field */
function checkField(name: string, hint: string, type: number, data: FieldData, summary: boolean): void {
  checkFieldData(type, data);
  if (!isDefaultExternal(type, data)) {
    if (name.trim() === '') throw new BadRequest('Label cannot be blank.');
    checkCappedString('hint', hint, 80);
    checkCappedString('name', name, 40);
  }
  if (!Object.values(FIELD_TYPE).includes(type as never)) throw new BadRequest('Invalid field type.');
  if (summary && (type === FIELD_TYPE.LONG_TEXT || type === FIELD_TYPE.USER)) {
    throw new BadRequest('Field type not supported for display in profile summary.');
  }
}

function summaryLimitReached(store: Store, exceptId: number | null): boolean {
  return store.table(PROFILE_FIELDS).all().filter((f) => f.display_in_profile_summary && f.id !== exceptId).length >= MAX_SUMMARY_FIELDS;
}

function nameTaken(store: Store, name: string, exceptId: number | null): boolean {
  return store.table(PROFILE_FIELDS).find('name', name).some((f) => f.id !== exceptId);
}

function notifyFields(world: World): void {
  world.store.emit(activeUserIds(world.store), { type: 'custom_profile_fields', fields: orderedProfileFields(world.store).map((f) => formatProfileField(world.store, f)) });
}

export function createProfileField(world: World, _actor: User, input: FieldInput): number {
  const store = world.store;
  if (input.display_in_profile_summary && summaryLimitReached(store, null)) {
    throw new BadRequest('Only 2 custom profile fields can be displayed in the profile summary.');
  }
  checkField(input.name, input.hint, input.field_type, input.field_data, input.display_in_profile_summary);
  let { name, hint } = input;
  let fieldData = '';
  if (isDefaultExternal(input.field_type, input.field_data)) {
    const subtype = input.field_data['subtype'] as string;
    ({ name, hint } = DEFAULT_EXTERNAL_ACCOUNTS[subtype] as { name: string; hint: string });
    fieldData = JSON.stringify({ subtype });
  } else if (input.field_type === FIELD_TYPE.SELECT || input.field_type === FIELD_TYPE.EXTERNAL_ACCOUNT) {
    fieldData = JSON.stringify(input.field_data);
  }
  if (nameTaken(store, name, null)) throw new BadRequest('A field with that label already exists.');
  const table = store.table(PROFILE_FIELDS);
  const id = table.nextId();
  // The new field's order is its id: after every existing one.
  table.put({
    id,
    name,
    hint,
    field_type: input.field_type,
    field_data: fieldData,
    order: id,
    display_in_profile_summary: input.display_in_profile_summary,
    required: input.required,
    editable_by_user: input.editable_by_user,
  });
  notifyFields(world);
  return id;
}

function existingField(store: Store, id: number): ProfileFieldRecord {
  const f = store.table(PROFILE_FIELDS).get(id);
  if (f === undefined) throw new BadRequest(`Field id ${id} not found.`);
  return f;
}

export interface FieldUpdate {
  name?: string | undefined;
  hint?: string | undefined;
  field_data?: FieldData | undefined;
  display_in_profile_summary?: boolean | undefined;
  required?: boolean | undefined;
  editable_by_user?: boolean | undefined;
}

/** Python's == on JSON values: dicts compare without regard to key order. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(canonical) : isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])])) : v;
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export function updateProfileField(world: World, _actor: User, id: number, u: FieldUpdate): void {
  const store = world.store;
  const field = existingField(store, id);
  if (u.display_in_profile_summary === true && summaryLimitReached(store, field.id)) {
    throw new BadRequest('Only 2 custom profile fields can be displayed in the profile summary.');
  }
  const current = (field.field_data === '' ? {} : JSON.parse(field.field_data)) as FieldData;
  if (isDefaultExternal(field.field_type, current)) {
    const onlySummary =
      (u.name === undefined || u.name === field.name) &&
      (u.hint === undefined || u.hint === field.hint) &&
      (u.field_data === undefined || sameJson(u.field_data, current));
    if (!onlySummary) throw new BadRequest('Default custom field cannot be updated.');
  }
  const name = u.name ?? field.name;
  const hint = u.hint ?? field.hint;
  checkField(name, hint, field.field_type, u.field_data ?? current, u.display_in_profile_summary ?? field.display_in_profile_summary);
  if (nameTaken(store, name, field.id)) throw new BadRequest('A field with that label already exists.');
  let fieldData = field.field_data;
  let removedChoices: Set<string> = new Set();
  if (field.field_type === FIELD_TYPE.SELECT || field.field_type === FIELD_TYPE.EXTERNAL_ACCOUNT) {
    if (u.field_data !== undefined && field.field_type === FIELD_TYPE.SELECT) {
      const kept = new Set(Object.keys(u.field_data));
      removedChoices = new Set(Object.keys(current).filter((k) => !kept.has(k)));
    }
    if (u.field_data !== undefined || field.field_data === '') fieldData = JSON.stringify(u.field_data ?? {});
  }
  store.table(PROFILE_FIELDS).put({
    ...field,
    name,
    hint,
    field_data: fieldData,
    required: u.required ?? field.required,
    editable_by_user: u.editable_by_user ?? field.editable_by_user,
    display_in_profile_summary: u.display_in_profile_summary ?? field.display_in_profile_summary,
  });
  // Values of removed choices are deleted, with no event (remove_custom_profile_field_value_if_required).
  if (removedChoices.size > 0) {
    for (const user of store.realmUsers()) {
      const v = user.profile_data[String(id)];
      if (v !== undefined && removedChoices.has(v.value)) store.putUser({ ...user, profile_data: without(user.profile_data, id) });
    }
  }
  notifyFields(world);
}

function without(data: Record<string, ProfileValue>, id: number): Record<string, ProfileValue> {
  const copy = { ...data };
  delete copy[String(id)];
  return copy;
}

export function deleteProfileField(world: World, _actor: User, id: number): void {
  const store = world.store;
  existingField(store, id);
  store.table(PROFILE_FIELDS).delete(id);
  // Every user's value for it goes with it (on_delete=CASCADE), with no realm_user event.
  for (const user of store.realmUsers()) {
    if (user.profile_data[String(id)] !== undefined) store.putUser({ ...user, profile_data: without(user.profile_data, id) });
  }
  notifyFields(world);
}

export function reorderProfileFields(world: World, _actor: User, order: readonly number[]): void {
  const store = world.store;
  const position = new Map<number, number>();
  order.forEach((id, i) => position.set(id, i));
  const fields = store.table(PROFILE_FIELDS).all();
  if (fields.some((f) => !position.has(f.id))) throw new BadRequest('Invalid order mapping.');
  for (const f of fields) store.table(PROFILE_FIELDS).put({ ...f, order: position.get(f.id) as number });
  notifyFields(world);
}

function checkEditable(world: World, actor: User, f: ProfileFieldRecord): void {
  if (!isAdmin(actor) && !f.editable_by_user && atLeast(world, 'profile_field_editable_by_user')) {
    throw new BadRequest('You are not allowed to change this field. Contact an administrator to update it.');
  }
}

function emitValue(world: World, user: User, id: number, value: ProfileValue | null): void {
  const store = world.store;
  const now = world.nowMs();
  const audience = store.realmUsers().filter((u) => u.is_active && canAccessUser(store, u, user, now)).map((u) => u.user_id);
  const data: Record<string, unknown> = { id, value: value === null ? null : value.value };
  if (value?.rendered_value) data['rendered_value'] = value.rendered_value;
  store.emit(audience, { type: 'realm_user', op: 'update', person: { user_id: user.user_id, custom_profile_field: data } });
}

export interface ProfileDataItem {
  id: number;
  value: unknown;
}

/** Profile data checked and ready to save: values to set, fields to clear. */
export interface ProfileDataPlan {
  set: Array<{ f: ProfileFieldRecord; text: string }>;
  clear: number[];
}

/**
 * The items of a profile_data parameter checked with the actor's rights, before anything
 * changes. `emptyClears`: an item whose value is null or empty clears the field, as an
 * administrator's PATCH /users/{user_id} does (check_remove_custom_profile_field_value).
 */
export function checkProfileData(world: World, actor: User, data: readonly ProfileDataItem[], emptyClears = false): ProfileDataPlan {
  const store = world.store;
  const plan: ProfileDataPlan = { set: [], clear: [] };
  for (const item of data) {
    const f = existingField(store, item.id);
    checkEditable(world, actor, f);
    const empty = item.value === null || item.value === '' || (Array.isArray(item.value) && item.value.length === 0);
    if (emptyClears && empty) plan.clear.push(f.id);
    else plan.set.push({ f, text: checkProfileValue(store, f, item.value) });
  }
  return plan;
}

/** The target's changed values saved, each with its realm_user update; cleared fields after. */
export function applyProfileData(world: World, plan: ProfileDataPlan, target: User): void {
  const store = world.store;
  for (const id of plan.clear) {
    const me = store.user(target.user_id) as User;
    if (me.profile_data[String(id)] === undefined) continue;
    const updated: User = { ...me, profile_data: without(me.profile_data, id) };
    store.putUser(updated);
    emitValue(world, updated, id, null);
  }
  for (const { f, text } of plan.set) {
    const me = store.user(target.user_id) as User;
    const old = me.profile_data[String(f.id)];
    if (old !== undefined && old.value === text) continue;
    const value: ProfileValue = isRenderable(f) ? { value: text, rendered_value: renderForStore(store, text).html } : { value: text };
    const updated: User = { ...me, profile_data: { ...me.profile_data, [String(f.id)]: value } };
    store.putUser(updated);
    emitValue(world, updated, f.id, value);
  }
}

/** PATCH /users/me/profile_data: every item checked first, then the changed values saved. */
export function updateProfileData(world: World, actor: User, data: readonly ProfileDataItem[], target: User = actor): void {
  applyProfileData(world, checkProfileData(world, actor, data), target);
}

/** DELETE /users/me/profile_data: each field's value removed; a field without one is skipped. */
export function removeProfileData(world: World, actor: User, ids: readonly number[], target: User = actor): void {
  const store = world.store;
  for (const id of ids) checkEditable(world, actor, existingField(store, id));
  for (const id of ids) {
    const me = store.user(target.user_id) as User;
    if (me.profile_data[String(id)] === undefined) continue;
    const updated: User = { ...me, profile_data: without(me.profile_data, id) };
    store.putUser(updated);
    emitValue(world, updated, id, null);
  }
}
