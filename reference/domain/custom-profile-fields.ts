// Custom profile field rules shared by the field and profile-data actions: the field
// as the API shows it (CustomProfileField.as_dict), the types, and the validators of a
// user's value per type (zerver/lib/users.py validate_user_custom_profile_field,
// zerver/lib/validator.py, zerver/models/custom_profile_fields.py check_valid_user_ids).
import { BadRequest } from '../errors.ts';
import { atLeast } from './feature-levels.ts';
import { PROFILE_FIELDS, type ProfileFieldRecord } from '../state/custom-profile-fields.ts';
import type { Store } from '../state/store.ts';

export const FIELD_TYPE = { SHORT_TEXT: 1, LONG_TEXT: 2, SELECT: 3, DATE: 4, URL: 5, USER: 6, EXTERNAL_ACCOUNT: 7, PRONOUNS: 8 } as const;

/** The default external accounts (zerver/lib/external_accounts.py DEFAULT_EXTERNAL_ACCOUNTS). */
export const DEFAULT_EXTERNAL_ACCOUNTS: Readonly<Record<string, { name: string; hint: string }>> = {
  twitter: { name: 'Twitter username', hint: '' },
  github: { name: 'GitHub username', hint: '' },
};

/** custom_profile_fields_for_realm: by order (ties by id). */
export function orderedProfileFields(store: Store): ProfileFieldRecord[] {
  return store.table(PROFILE_FIELDS).all().sort((a, b) => a.order - b.order || a.id - b.id);
}

export function formatProfileField(store: Store, f: ProfileFieldRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    type: f.field_type,
    hint: f.hint,
    field_data: f.field_data,
    order: f.order,
    required: f.required,
    editable_by_user: f.editable_by_user,
  };
  if (!atLeast(store, 'profile_field_editable_by_user')) delete out['editable_by_user'];
  if (!atLeast(store, 'profile_field_required')) delete out['required'];
  if (f.display_in_profile_summary) out['display_in_profile_summary'] = true;
  return out;
}

/**
 * Old zulip-mobile releases (before 27.192) do not know the pronouns type: they are shown
 * such fields as short text, in /register and in events (zerver/lib/compatibility.py
 * is_pronouns_field_type_supported, with parse_user_agent and version_lt).
 */
export function pronounsFieldTypeSupported(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return true;
  const m = /^([^/ ]*[^0-9/(]*)(?:\/([^/ ]*))?(?:[ /].*)?$/s.exec(userAgent);
  if (m === null || m[1] !== 'ZulipMobile') return true;
  return versionLt(m[2] ?? '', '27.192') !== true;
}

function popNumerals(v: string): [number[], string] {
  const m = /^(\d+(?:\.\d+)*)(.*)$/s.exec(v);
  return m === null ? [[], v] : [(m[1] as string).split('.').map(Number), m[2] as string];
}

/** version_lt: true, false, or null when it cannot tell. */
function versionLt(a: string, b: string): boolean | null {
  const [n1, rest1] = popNumerals(a);
  const [n2, rest2] = popNumerals(b);
  if (n1.length === 0 || n2.length === 0) return null;
  const common = Math.min(n1.length, n2.length);
  for (let i = 0; i < common; i++) if (n1[i] !== n2[i]) return (n1[i] as number) < (n2[i] as number);
  const more1 = n1.length > common;
  const more2 = n2.length > common;
  if (rest1 === '' && more2) return true;
  if (more1 && rest2 === '') return false;
  if (more1 || more2) return null;
  return rest1 === rest2 ? false : null;
}

/** The field list as a client without the pronouns type sees it. */
export function withoutPronounsType<T extends Record<string, unknown>>(fields: readonly T[]): T[] {
  return fields.map((f) => (f['type'] === FIELD_TYPE.PRONOUNS ? { ...f, type: FIELD_TYPE.SHORT_TEXT } : { ...f }));
}

/** Short and long text values are rendered as Markdown (is_renderable). */
export function isRenderable(f: ProfileFieldRecord): boolean {
  return f.field_type === FIELD_TYPE.SHORT_TEXT || f.field_type === FIELD_TYPE.LONG_TEXT;
}

export function checkString(name: string, v: unknown): string {
  if (typeof v !== 'string') throw new BadRequest(`${name} is not a string`);
  return v;
}

export function checkCappedString(name: string, v: unknown, max: number): string {
  const s = checkString(name, v);
  if ([...s].length > max) throw new BadRequest(`${name} is too long (limit: ${max} characters)`);
  return s;
}

/** Python's date.fromisoformat(s).isoformat() == s: exactly YYYY-MM-DD, a real day. */
function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= (days[mo - 1] as number);
}

/**
 * Django's URLValidator: http(s) or ftp(s), a host name with a top-level domain,
 * localhost or an IP address, an optional port, no whitespace.
 * NOTE: approximation: a simplified form of Django's regular expression (IPv6 hosts
 * and the finer label rules are not checked).
 */
export function isDjangoUrl(s: string): boolean {
  if (s.length > 2048 || /\s/.test(s)) return false;
  const label = '[a-z0-9\\u00a1-\\uffff](?:[a-z0-9\\u00a1-\\uffff-]{0,61}[a-z0-9\\u00a1-\\uffff])?';
  const host = `(?:localhost|\\d{1,3}(?:\\.\\d{1,3}){3}|(?:${label}\\.)+(?:[a-z\\u00a1-\\uffff-]{2,63}|xn--[a-z0-9]{1,59})\\.?)`;
  const re = new RegExp(`^(?:https?|ftps?)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?${host}(?::\\d{1,5})?(?:[/?#][^\\s]*)?$`, 'i');
  return re.test(s);
}

/** check_valid_user_ids: a list of ints naming active, non-bot users of the realm. */
function checkUserIds(store: Store, v: unknown): number[] {
  if (!Array.isArray(v)) throw new BadRequest('User IDs is not a list');
  v.forEach((x, i) => {
    if (typeof x !== 'number' || !Number.isInteger(x)) throw new BadRequest(`User IDs[${i}] is not an integer`);
  });
  const ids = v as number[];
  const invalid = ids.filter((id) => store.user(id) === undefined);
  if (invalid.length > 0) throw new BadRequest(`Invalid user IDs: ${invalid.join(', ')}`);
  // The users are looked at in id order (the query's order).
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const u = store.user(id);
    if (u === undefined) continue;
    if (!u.is_active) throw new BadRequest(`User with ID ${id} is deactivated`);
    if (u.is_bot) throw new BadRequest(`User with ID ${id} is a bot`);
  }
  return ids;
}

/** A user's value for a field, validated by its type; returns the stored text. */
export function checkProfileValue(store: Store, f: ProfileFieldRecord, value: unknown): string {
  const name = f.name;
  switch (f.field_type) {
    case FIELD_TYPE.SHORT_TEXT:
    case FIELD_TYPE.EXTERNAL_ACCOUNT:
    case FIELD_TYPE.PRONOUNS:
      return checkCappedString(name, value, 50);
    case FIELD_TYPE.LONG_TEXT:
      return checkCappedString(name, value, 500);
    case FIELD_TYPE.DATE:
      if (!isIsoDate(checkString(name, value))) throw new BadRequest(`${name} is not a date`);
      return value as string;
    case FIELD_TYPE.URL:
      if (!isDjangoUrl(checkString(name, value))) throw new BadRequest(`${name} is not a URL`);
      return value as string;
    case FIELD_TYPE.SELECT: {
      const s = checkString(name, value);
      const choices = JSON.parse(f.field_data || '{}') as Record<string, unknown>;
      if (!Object.hasOwn(choices, s)) throw new BadRequest(`'${s}' is not a valid choice for '${name}'.`);
      return s;
    }
    default:
      // USER: stored as the JSON of the list (orjson.dumps: no spaces).
      return JSON.stringify(checkUserIds(store, value));
  }
}
