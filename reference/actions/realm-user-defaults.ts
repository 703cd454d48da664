// PATCH /realm/user_settings_defaults: zulip/zulip zerver/views/realm.py
// update_realm_user_settings_defaults and zerver/actions/realm_settings.py
// do_set_realm_user_default_setting. Every value is checked before any is stored; each
// changed one is told to every active user as a realm_user_settings_defaults update
// (an enum setting by its name).
import { REALM_USER_DEFAULT_NAMES, defaultRule, isNotificationSound, realmUserDefaults, type RealmUserDefaultName } from '../domain/realm-user-defaults.ts';
import { BadRequest } from '../errors.ts';
import type { RealmUserSettingsDefaultsEvent } from '../state/events.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

const WEEK_S = 7 * 24 * 60 * 60;
const NOT_IN_LIST = 'Value error, Not in the list of possible values';

export interface DefaultsPlan {
  values: Record<string, boolean | number | string>;
  events: RealmUserSettingsDefaultsEvent[];
}

/** `sent`: each parameter sent, of its rule's JSON type (the endpoint checked that). */
export function checkUpdateUserDefaults(world: World, _me: User, sent: Partial<Record<RealmUserDefaultName, unknown>>): DefaultsPlan {
  // The parameters' validators, in the order of the view's signature.
  for (const name of REALM_USER_DEFAULT_NAMES) {
    const raw = sent[name];
    if (raw === undefined) continue;
    const rule = defaultRule(name);
    if (rule.kind === 'int' && rule.ints && !rule.ints.includes(raw as number)) throw new BadRequest(`Invalid ${name}: ${NOT_IN_LIST}`);
    if (rule.kind === 'choice' && !rule.values.includes(raw as string)) throw new BadRequest(`Invalid ${name}: ${NOT_IN_LIST}`);
    if (rule.kind === 'literal' && !rule.values.includes(raw as string)) throw new BadRequest(`Invalid ${name}`);
    if (rule.kind === 'enum' && !Object.hasOwn(rule.names, raw as string)) throw new BadRequest(`Invalid ${name}`);
  }
  // check_settings_values.
  const sound = sent.notification_sound;
  if (sound !== undefined && !isNotificationSound(sound as string)) throw new BadRequest(`Invalid notification sound '${String(sound)}'`);
  const period = sent.email_notifications_batching_period_seconds;
  if (period !== undefined && ((period as number) <= 0 || (period as number) > WEEK_S)) {
    throw new BadRequest(`Invalid email batching period: ${String(period)} seconds`);
  }

  const current = realmUserDefaults(world.store.realm) as Record<string, boolean | number | string>;
  const values = { ...(world.store.realm.user_settings_defaults ?? {}) } as Record<string, boolean | number | string>;
  const events: RealmUserSettingsDefaultsEvent[] = [];
  for (const name of REALM_USER_DEFAULT_NAMES) {
    const raw = sent[name];
    if (raw === undefined) continue;
    const rule = defaultRule(name);
    const value = rule.kind === 'enum' ? (rule.names[raw as string] as number) : (raw as boolean | number | string);
    if (value === current[name]) continue;
    values[name] = value;
    events.push({ type: 'realm_user_settings_defaults', op: 'update', property: name, value: raw });
  }
  return { values, events };
}

export function doUpdateUserDefaults(world: World, plan: DefaultsPlan): void {
  const store = world.store;
  if (plan.events.length === 0) return;
  store.setRealm({ ...store.realm, user_settings_defaults: plan.values });
  const everyone = store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id);
  for (const event of plan.events) store.emit(everyone, event);
}
