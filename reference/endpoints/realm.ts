// PATCH /realm and PATCH /realm/user_settings_defaults — zulip/zulip zerver/views/realm.py
// (update_realm, update_realm_user_settings_defaults). The parameters come
// from the two tables of settings (domain/realm-settings.ts REALM_PROPERTIES, each row's
// kind read by its parser here, and domain/permissions.ts REALM_SETTINGS); the change
// itself is actions/update-realm.ts.
import { z } from 'zod';
import { checkUpdateRealm, doUpdateRealm, type GroupSettingChange } from '../actions/update-realm.ts';
import { checkUpdateUserDefaults, doUpdateUserDefaults } from '../actions/realm-user-defaults.ts';
import { REALM_USER_DEFAULT_NAMES, defaultRule, type DefaultSettingRule, type RealmUserDefaultName } from '../domain/realm-user-defaults.ts';
import { realmPropertiesAt, settingRow, apiName, type RealmProperty, type RealmSettingKind } from '../domain/realm-settings.ts';
import { isAdmin } from '../domain/users.ts';
import { RoleRequired } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { groupSettingValue, json, str, type Param } from '../request/params.ts';
import { REALM_GROUP_SETTINGS, type RealmGroupSetting } from '../state/types.ts';

const change = json(z.strictObject({ new: groupSettingValue(), old: groupSettingValue().optional() }));
const GROUP_PARAMS = Object.fromEntries(REALM_GROUP_SETTINGS.map((s) => [s, change.optional()]));

const intOrString = () => json(z.union([z.int(), z.string()]));
/** Each kind's parameter type (update_realm's annotations): the values are checked by the action. */
const PARSERS: Record<RealmSettingKind, (max?: number) => Param<unknown>> = {
  bool: () => json(z.boolean()),
  text: (max) => str(max === undefined ? z.string() : z.string().max(max)),
  language: () => str(),
  enum: () => str(),
  weekday: () => json(z.int()),
  gif_rating: () => json(z.int()),
  video_provider: () => json(z.int()),
  org_type: () => json(z.int()),
  preview_size: () => json(z.int()),
  avatar_source: () => str(),
  channel: () => json(z.int()),
  nonneg: () => json(z.int().min(0)),
  jitsi: () => json(z.string()),
  limit: intOrString,
  retention: intOrString,
};

export function updateRealm(ctx: Ctx): Record<string, unknown> {
  const me = ctx.me;
  // @require_realm_admin runs before the parameters are read.
  if (!isAdmin(me)) throw new RoleRequired('Must be an organization administrator');
  const store = ctx.world.store;
  const names = realmPropertiesAt(store);
  const spec = Object.fromEntries(
    names.map((name) => {
      const row = settingRow(name);
      return [apiName(store, name), PARSERS[row.kind](row.max).optional()];
    }),
  );
  const read = ctx.params.read(spec) as Record<string, unknown>;
  const properties: Partial<Record<RealmProperty, unknown>> = {};
  for (const name of names) {
    const value = read[apiName(store, name)];
    if (value !== undefined) properties[name] = value;
  }
  const groupSettings = ctx.params.read(GROUP_PARAMS) as Partial<Record<RealmGroupSetting, GroupSettingChange>>;
  const other = ctx.params.read({
    authentication_methods: json(z.record(z.string(), z.unknown())).optional(),
    string_id: str(z.string().max(40)).optional(),
  });
  const plan = checkUpdateRealm(ctx.world, me, { groupSettings, properties, authenticationMethods: other.authentication_methods, stringId: other.string_id });
  doUpdateRealm(ctx.world, plan);
  return plan.data;
}

/** Each rule's parameter type (update_realm_user_settings_defaults' annotations). */
const DEFAULT_PARSERS: Record<DefaultSettingRule['kind'], () => Param<unknown>> = {
  bool: () => json(z.boolean()),
  int: () => json(z.int()),
  batching: () => json(z.int()),
  literal: () => str(),
  choice: () => str(),
  enum: () => str(),
  sound: () => str(),
};
const DEFAULT_PARAMS = Object.fromEntries(REALM_USER_DEFAULT_NAMES.map((name) => [name, DEFAULT_PARSERS[defaultRule(name).kind]().optional()]));

/** PATCH /realm/user_settings_defaults (update_realm_user_settings_defaults): administrators. */
export function updateRealmUserDefaults(ctx: Ctx): Record<string, unknown> {
  // @require_realm_admin runs before the parameters are read.
  if (!isAdmin(ctx.me)) throw new RoleRequired('Must be an organization administrator');
  const sent = ctx.params.read(DEFAULT_PARAMS) as Partial<Record<RealmUserDefaultName, unknown>>;
  doUpdateUserDefaults(ctx.world, checkUpdateUserDefaults(ctx.world, ctx.me, sent));
  return {};
}
