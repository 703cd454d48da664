// PATCH /settings (and its legacy aliases /settings/display, /settings/notifications) —
// zulip/zulip zerver/views/user_settings.py json_change_settings. Bots are refused before
// any parameter is read (human_users_only). Each setting of the table in
// domain/user-settings.ts is a parameter, decoded and validated as its row says; then
// timezone, full_name, email and the password pair.
// NOTE: approximation: the parameters are checked in alphabetical order; the real server's
// signature is nearly alphabetical, so with two bad parameters it may name another first.
// NOTE: approximation: target_users (an administrator changing others' settings, feature
// level 444) is not implemented: it is reported in ignored_parameters_unsupported.
import { z } from 'zod';
import { checkChangeSettings, checkSettingsValues, doChangeSettings, type SettingsInput } from '../actions/user-settings.ts';
import { refuseBots } from '../actions/register-push.ts';
import { BadRequest } from '../errors.ts';
import { SETTINGS, webHomeViewOptions, type SettingRow, type SettingValue } from '../domain/user-settings.ts';
import type { Ctx } from '../request/context.ts';
import { json, str, type Param } from '../request/params.ts';
import { changePassword, checkChangePassword } from '../actions/password-change.ts';

const NOT_IN_LIST = 'Invalid {var}: Value error, Not in the list of possible values';

/** The parameter a setting's row declares. */
function paramOf(row: SettingRow, homeViews: readonly string[]): Param<SettingValue | undefined> {
  const v = row.validator;
  switch (v.kind) {
    case 'bool':
      return json(z.boolean()).optional();
    case 'int':
      return json(z.int()).optional();
    case 'int-in':
      return json(z.int().refine((n) => v.choices.includes(n), { message: NOT_IN_LIST })).optional();
    case 'string-in':
      return str(z.string().refine((s) => v.choices.includes(s), { message: NOT_IN_LIST })).optional();
    case 'enum-name':
      return str().optional();
    case 'string':
      if (row.name === 'web_home_view') return str(z.string().refine((s) => homeViews.includes(s), { message: NOT_IN_LIST })).optional();
      return str().optional();
  }
}

/**
 * timezone_validator: a time zone the IANA database knows.
 * NOTE: approximation: the platform's time zone data decides, and old aliases are not renamed (canonicalize_timezone).
 */
function isTimezone(s: string): boolean {
  if (s === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: s });
    return true;
  } catch {
    return false;
  }
}

export function updateSettings(ctx: Ctx): Record<string, unknown> {
  refuseBots(ctx.me);
  const homeViews = webHomeViewOptions(ctx.store);
  const rows = new Map(SETTINGS.map((row) => [row.name, row]));
  const names = [...rows.keys(), 'email', 'full_name', 'new_password', 'old_password', 'timezone'].sort();
  const input: SettingsInput = { settings: {} };
  let newPassword: string | undefined;
  let oldPassword: string | undefined;
  for (const name of names) {
    const row = rows.get(name);
    if (row !== undefined) {
      let value = ctx.params.one(name, paramOf(row, homeViews));
      if (value === undefined) continue;
      if (row.validator.kind === 'enum-name') {
        const names = row.validator.names;
        const key = Object.keys(names).find((k) => names[Number(k)] === value);
        if (key === undefined) throw new BadRequest(`Invalid ${name}`);
        value = Number(key);
      }
      // "recent_topics" below feature level 454 is the same view, kept as "recent".
      if (name === 'web_home_view' && value === 'recent_topics') value = 'recent';
      input.settings[name] = value;
      continue;
    }
    const text = ctx.params.one(name, str().optional());
    if (text === undefined) continue;
    if (name === 'timezone') {
      if (!isTimezone(text)) throw new BadRequest('Invalid timezone: Value error, Not a recognized time zone');
      input.timezone = text;
    } else if (name === 'email') input.email = text;
    else if (name === 'full_name') input.full_name = text;
    else if (name === 'new_password') newPassword = text;
    else oldPassword = text;
  }
  // check_settings_values, then the password, then the rest.
  checkSettingsValues(input.settings);
  const password = newPassword === undefined ? null : checkChangePassword(ctx.world, ctx.me, oldPassword, newPassword);
  const plan = checkChangeSettings(ctx.world, ctx.me, input);
  if (password !== null) changePassword(ctx.world, ctx.me, password);
  doChangeSettings(ctx.world, ctx.store.user(ctx.me.user_id) ?? ctx.me, plan);
  return {};
}
