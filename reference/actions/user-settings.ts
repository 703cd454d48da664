// Changing one's own settings (zulip/zulip zerver/views/user_settings.py
// json_change_settings, check_settings_values; zerver/actions/user_settings.py
// do_change_user_setting, check_change_full_name, do_start_email_change_process;
// zerver/lib/users.py check_full_name). Every check runs before any change; then each
// setting whose value differs is changed, with one `user_settings` update event to the
// user alone (and the legacy update_display_settings / update_global_notifications events
// the queues without user_settings_object take before feature level 439, event-hub.ts),
// plus the side effects the real server has for a few settings.
import { BadRequest } from '../errors.ts';
import { DRAFTS } from '../state/drafts.ts';
import type { ServerEvent } from '../state/events.ts';
import type { User } from '../state/types.ts';
import { apiSettingValue, AVAILABLE_NOTIFICATION_SOUNDS, LANGUAGES, SETTING_BY_NAME, SETTINGS, userSetting, withSetting, type SettingValue } from '../domain/user-settings.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { canSeeDeliveryEmail, isAdmin } from '../domain/users.ts';
import { apiEmail } from '../state/store.ts';
import { atLeast } from '../domain/feature-levels.ts';
import type { World } from '../world.ts';
import { presenceEnabledChanged } from './presence.ts';

export interface SettingsInput {
  /** The settings of the table given, by name, validated by type and choices (endpoint). */
  settings: Record<string, SettingValue>;
  timezone?: string;
  full_name?: string;
  email?: string;
}

export interface SettingsPlan {
  changes: Array<[string, SettingValue]>;
  timezone: string | null;
  full_name: string | null;
  email: string | null;
}

const MAX_NAME_LENGTH = 100;
const NAME_INVALID_CHARS = ['*', '`', '\\', '>', '"', '@'];
/** One week: the longest email batching period. */
const MAX_BATCHING_PERIOD = 7 * 24 * 60 * 60;

/** check_settings_values: the language, the sound, the batching period, in that order. */
export function checkSettingsValues(settings: Record<string, SettingValue>): void {
  const language = settings['default_language'];
  if (language !== undefined && !(String(language) in LANGUAGES)) throw new BadRequest('Invalid default_language');
  const sound = settings['notification_sound'];
  if (sound !== undefined && sound !== 'none' && !AVAILABLE_SOUNDS.has(String(sound))) throw new BadRequest(`Invalid notification sound '${String(sound)}'`);
  const period = settings['email_notifications_batching_period_seconds'];
  if (period !== undefined && ((period as number) <= 0 || (period as number) > MAX_BATCHING_PERIOD)) {
    throw new BadRequest(`Invalid email batching period: ${String(period)} seconds`);
  }
}

const AVAILABLE_SOUNDS = new Set(AVAILABLE_NOTIFICATION_SOUNDS);

/**
 * check_full_name: stripped; at most 100 characters; not empty; printable and without
 * the characters of mention syntax; not ending in "|<digits>" (checked on the raw name).
 * NOTE: approximation: require_unique_names is not modeled (the realm setting is off by default).
 */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) throw new BadRequest('Name too long!');
  if (name.length === 0) throw new BadRequest('Name must not be empty!');
  // check_string_is_printable: no control or unassigned characters (Unicode categories Cc, Cs, Cn).
  if (/[\p{Cc}\p{Cs}\p{Cn}]/u.test(name) || NAME_INVALID_CHARS.some((c) => name.includes(c))) throw new BadRequest('Invalid characters in name!');
  if (/\|\d+$/.test(raw)) throw new BadRequest('Invalid format!');
  return name;
}

/** Every check of PATCH /settings, in the real server's order, before anything changes. */
export function checkChangeSettings(world: World, actor: User, input: SettingsInput): SettingsPlan {
  checkSettingsValues(input.settings);
  let email: string | null = null;
  if (input.email !== undefined) {
    const next = input.email.trim();
    if (next !== actor.delivery_email) {
      // validate_email_change_request (the organization's email_changes_disabled is always off here).
      // NOTE: approximation: validate_email_is_valid's checks (the realm's domain
      // restrictions, disposable addresses) are reduced to the address's shape.
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(next)) throw new BadRequest('Invalid address.');
      // validate_email_not_already_in_realm (not verbose).
      const found = world.store.userByEmail(next);
      if (found?.is_system_bot && found.delivery_email.toLowerCase() === next.toLowerCase()) throw new BadRequest('Reserved for system bots.');
      const taken = found !== undefined && found.delivery_email.toLowerCase() === next.toLowerCase() ? found : undefined;
      if (taken) throw new BadRequest(taken.is_active ? 'Already has an account.' : 'Account has been deactivated.');
      email = next;
    }
  }
  let fullName: string | null = null;
  if (input.full_name !== undefined && input.full_name !== actor.full_name) {
    // (The organization's name_changes_disabled, under which the real server silently skips the change, is always off here.)
    fullName = checkFullName(input.full_name);
  }
  // In the order of the view's parameters (nearly alphabetical), as it loops over them.
  const changes: Array<[string, SettingValue]> = [];
  for (const name of SETTINGS.map((row) => row.name).sort()) {
    const value = input.settings[name];
    if (value !== undefined && userSetting(actor, name) !== value) changes.push([name, value]);
  }
  const timezone = input.timezone !== undefined && input.timezone !== actor.timezone ? input.timezone : null;
  return { changes, timezone, full_name: fullName, email };
}

/** Apply a checked plan: the name, the email confirmation, then each setting, then the time zone. */
export function doChangeSettings(world: World, actor: User, plan: SettingsPlan): void {
  const store = world.store;
  if (plan.email !== null) {
    // do_start_email_change_process: a confirmation link to the new address; nothing changes until it is followed.
    // NOTE: approximation: the confirmation link cannot be followed here; the address never changes.
    store.sendEmail({
      to: plan.email,
      subject: 'Verify your new email address',
      body: `Click the link below to confirm the change of your email address from ${actor.delivery_email} to ${plan.email}.`,
      timestamp: world.nowSeconds(),
    });
  }
  if (plan.full_name !== null && plan.full_name !== actor.full_name) changeFullName(world, actor, plan.full_name);
  for (const [name, value] of plan.changes) changeSetting(world, name, value, actor.user_id);
  if (plan.timezone !== null) changeTimezone(world, store.user(actor.user_id) as User, plan.timezone);
}

/** The active users who may know the user (get_user_ids_who_can_access_user). */
function audienceOf(world: World, user: User): number[] {
  const store = world.store;
  const now = world.nowMs();
  return store
    .realmUsers()
    .filter((u) => u.is_active && canAccessUser(store, u, user, now))
    .map((u) => u.user_id);
}

/** do_change_full_name: a realm_user update for everyone who may know the user. */
function changeFullName(world: World, actor: User, name: string): void {
  const updated = { ...(world.store.user(actor.user_id) as User), full_name: name };
  world.store.putUser(updated);
  world.store.emit(audienceOf(world, updated), { type: 'realm_user', op: 'update', person: { user_id: actor.user_id, full_name: name } });
}

/**
 * do_change_user_setting for one setting of the table. PATCH /settings calls it for real
 * changes only (json_change_settings compares first); `always`: also for an unchanged value
 * (do_update_user_status's `away` does, and so sends the event anyway).
 */
export function changeSetting(world: World, name: string, value: SettingValue, userId: number, always = false): void {
  const store = world.store;
  const before = store.user(userId) as User;
  const old = userSetting(before, name);
  if (old === value && !always) return;
  const after = withSetting(before, name, value);
  store.putUser(after);
  const row = SETTING_BY_NAME.get(name);
  const event: ServerEvent = { type: 'user_settings', op: 'update', property: name, value: row ? apiSettingValue(store, row, value) : value };
  if (name === 'default_language') event.language_name = LANGUAGES[String(value)] ?? 'Unknown';
  store.emit([userId], event);
  emitLegacy(world, after, row?.legacy, name, event.value, event.language_name);
  switch (name) {
    case 'enable_drafts_synchronization':
      // Drafts are deleted without drafts events: nothing was deleted by the user.
      if (value === false) {
        const drafts = store.table(DRAFTS);
        for (const draft of drafts.find('owner', userId)) drafts.delete(draft.id);
      }
      break;
    case 'allow_private_data_export': {
      // The organization's human administrators learn of the consent.
      const admins = store
        .realmUsers()
        .filter((u) => u.is_active && !u.is_bot && isAdmin(u))
        .map((u) => u.user_id);
      store.emit(admins, { type: 'realm_export_consent', user_id: userId, consented: value as boolean });
      break;
    }
    case 'email_address_visibility':
      emailVisibilityEvents(world, before, after);
      break;
    case 'presence_enabled':
      // do_change_user_setting records a presence update, so that others see the change at once.
      presenceEnabledChanged(world, after, value as boolean);
      break;
    default:
      break;
  }
}

/**
 * send_delivery_email_update_events, then (when "everyone" is the old or the new value)
 * the new API email for everyone who may know the user.
 * NOTE: approximation: the avatar update the real server sends beside the new email
 * (notify_avatar_url_change) is not sent; a client's avatar URL for the user is unchanged.
 */
function emailVisibilityEvents(world: World, before: User, after: User): void {
  const store = world.store;
  const audience = audienceOf(world, after);
  const visible: number[] = [];
  const invisible: number[] = [];
  for (const id of audience) {
    const viewer = store.user(id) as User;
    const was = canSeeDeliveryEmail(viewer, before);
    const is = canSeeDeliveryEmail(viewer, after);
    if (was !== is) (is ? visible : invisible).push(id);
  }
  if (visible.length > 0) store.emit(visible, { type: 'realm_user', op: 'update', person: { user_id: after.user_id, delivery_email: after.delivery_email } });
  if (invisible.length > 0) store.emit(invisible, { type: 'realm_user', op: 'update', person: { user_id: after.user_id, delivery_email: null } });
  const everyone = 1;
  if (before.email_address_visibility !== everyone && after.email_address_visibility !== everyone) return;
  if (apiEmail(before, store.realm) === apiEmail(after, store.realm)) return;
  store.emit(audience, { type: 'realm_user', op: 'update', person: { user_id: after.user_id, new_email: apiEmail(after, store.realm) } });
}

/**
 * Before feature level 439, the same change in the legacy event of its group, for the
 * queues without user_settings_object (event-queues.ts).
 */
function emitLegacy(world: World, user: User, group: 'display' | 'notification' | undefined, name: string, value: unknown, languageName: string | undefined): void {
  if (group === undefined || atLeast(world.store, 'legacy_settings_removed')) return;
  const email = apiEmail(user, world.store.realm);
  if (group === 'notification') {
    world.store.emit([user.user_id], { type: 'update_global_notifications', user: email, notification_name: name, setting: value });
    return;
  }
  const event: ServerEvent = { type: 'update_display_settings', user: email, setting_name: name, setting: value };
  if (languageName !== undefined) event.language_name = languageName;
  world.store.emit([user.user_id], event);
}

/** The time zone: a user_settings event, and a realm_user update for everyone who may know the user. */
function changeTimezone(world: World, user: User, timezone: string): void {
  const store = world.store;
  const updated = { ...user, timezone };
  store.putUser(updated);
  store.emit([user.user_id], { type: 'user_settings', op: 'update', property: 'timezone', value: timezone });
  emitLegacy(world, updated, 'display', 'timezone', timezone, undefined);
  store.emit(audienceOf(world, updated), { type: 'realm_user', op: 'update', person: { email: apiEmail(updated, store.realm), user_id: user.user_id, timezone } });
}

/** Turning draft synchronization on or off (the drafts scenarios' path, kept for its callers). */
export function changeDraftsSynchronization(world: World, actor: User, value: boolean): void {
  changeSetting(world, 'enable_drafts_synchronization', value, actor.user_id);
}
