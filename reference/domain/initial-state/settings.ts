// Personal settings in the registration response (zulip/zulip zerver/lib/events.py
// `user_settings`, `realm_user_settings_defaults`, and the legacy
// `update_display_settings` / `update_global_notifications` copies).
import {
  apiUserSettings,
  AVAILABLE_NOTIFICATION_SOUNDS,
  EMOJISET_CHOICES,
  LEGACY_DISPLAY_SETTINGS,
  LEGACY_NOTIFICATION_SETTINGS,
  userSettings,
} from '../user-settings.ts';
import { atLeast } from '../feature-levels.ts';
import { realmUserDefaults } from '../realm-user-defaults.ts';
import type { StateContext } from './view.ts';

/** The user's settings as the API shows them (a spectator starts at recent conversations). */
function shownSettings(ctx: StateContext): Record<string, unknown> {
  const settings = userSettings(ctx.user);
  // NOTE: approximation: a spectator's default_language is 'en', not the browser's language.
  if (ctx.spectator) settings['web_home_view'] = 'recent';
  return apiUserSettings(ctx.store, settings);
}

export function userSettingsState(ctx: StateContext): Record<string, unknown> {
  return {
    user_settings: {
      ...shownSettings(ctx),
      emojiset_choices: EMOJISET_CHOICES.map((c) => ({ ...c })),
      timezone: ctx.user.timezone,
      available_notification_sounds: [...AVAILABLE_NOTIFICATION_SOUNDS],
    },
  };
}

/** A new member's settings: the model defaults, as PATCH /realm/user_settings_defaults changed them. */
export function realmUserSettingsDefaultsState(ctx: StateContext): Record<string, unknown> {
  return {
    realm_user_settings_defaults: {
      ...apiUserSettings(ctx.store, realmUserDefaults(ctx.store.realm)),
      emojiset_choices: EMOJISET_CHOICES.map((c) => ({ ...c })),
      available_notification_sounds: [...AVAILABLE_NOTIFICATION_SOUNDS],
    },
  };
}

/** Whether the legacy top-level copies are sent: old servers, to clients without user_settings_object. */
export function sendsLegacySettings(ctx: StateContext): boolean {
  return !atLeast(ctx.store, 'legacy_settings_removed') && !ctx.view.capabilities.user_settings_object;
}

export function legacyDisplaySettingsState(ctx: StateContext): Record<string, unknown> {
  const settings = shownSettings(ctx);
  const out: Record<string, unknown> = {};
  for (const name of LEGACY_DISPLAY_SETTINGS) out[name] = settings[name];
  out['emojiset_choices'] = EMOJISET_CHOICES.map((c) => ({ ...c }));
  out['timezone'] = ctx.user.timezone;
  return out;
}

export function legacyNotificationSettingsState(ctx: StateContext): Record<string, unknown> {
  const settings = shownSettings(ctx);
  const out: Record<string, unknown> = {};
  for (const name of LEGACY_NOTIFICATION_SETTINGS) out[name] = settings[name];
  out['available_notification_sounds'] = [...AVAILABLE_NOTIFICATION_SOUNDS];
  return out;
}
