// The settings table against the real server's sources, read as data: every setting of
// UserBaseSettings.property_types is a row with the model's default, every parameter of
// json_change_settings is a row or one of the account fields, and each choice list is the
// model's. (Skipped, with the reason, where ../shared/upstream is absent.)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { userSettingsState } from './initial-state/settings.ts';
import { LEGACY_DISPLAY_SETTINGS, LEGACY_NOTIFICATION_SETTINGS, SETTINGS, SETTING_BY_NAME, USER_SETTING_DEFAULTS, userSetting, withSetting } from './user-settings.ts';

const REPO = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const UPSTREAM = join(REPO, '..', 'shared', 'upstream', 'zulip-server');
const MODELS = join(UPSTREAM, 'zerver/models/users.py');
const VIEW = join(UPSTREAM, 'zerver/views/user_settings.py');
const have = existsSync(MODELS) && existsSync(VIEW);
const upstreamTest = (name: string, fn: () => void) =>
  test(name, () => {
    if (!have) {
      console.log(`skipped "${name}": the real server's sources are not at ${UPSTREAM}`);
      return;
    }
    fn();
  });

/** The keys of `name = dict(...)` in models/users.py. */
function dictKeys(source: string, name: string): string[] {
  const start = source.indexOf(`${name} = dict(`);
  assert.ok(start >= 0, name);
  const body = source.slice(start, source.indexOf('\n    )', start));
  return [...body.matchAll(/^\s+(\w+)=/gm)].map((m) => m[1] as string);
}

upstreamTest('every setting of property_types is a row, and every row a setting (at level 442, plus the ones this table knows)', () => {
  const source = readFileSync(MODELS, 'utf8');
  const upstream = [...dictKeys(source, 'modern_notification_settings'), ...dictKeys(source, 'modern_settings')];
  assert.ok(upstream.length > 50, 'the parse found the settings');
  for (const name of upstream) assert.ok(SETTING_BY_NAME.has(name), `${name} is missing from the table`);
  for (const row of SETTINGS) assert.ok(upstream.includes(row.name), `${row.name} is not a setting of the real server`);
});

upstreamTest("each row's default is the model field's", () => {
  const source = readFileSync(MODELS, 'utf8');
  const constants = new Map([...source.matchAll(/^\s+([A-Z_]+) = (\d+)$/gm)].map((m) => [m[1] as string, Number(m[2])]));
  let checked = 0;
  for (const m of source.matchAll(/^\s+(\w+) = models\.\w+Field\(\s*(?:max_length=\d+,\s*)?default=([^,)\n]+)/gm)) {
    const [name, raw] = [m[1] as string, (m[2] as string).trim()];
    const row = SETTING_BY_NAME.get(name);
    if (!row) continue;
    let expected: unknown;
    if (raw === 'True' || raw === 'False') expected = raw === 'True';
    else if (/^\d+$/.test(raw)) expected = Number(raw);
    else if (/^"[^"]*"$/.test(raw)) expected = raw.slice(1, -1);
    else if (constants.has(raw)) expected = constants.get(raw);
    else if (raw === 'GOOGLE_EMOJISET') expected = 'google';
    else if (raw.startsWith('ResolvedTopicNoticeAutoReadPolicyEnum.except_followed')) expected = 2;
    else continue;
    assert.equal(row.default, expected, name);
    checked++;
  }
  assert.ok(checked >= 55, `only ${checked} defaults checked`);
});

upstreamTest('every parameter of json_change_settings is a row or an account field', () => {
  const source = readFileSync(VIEW, 'utf8');
  const start = source.indexOf('def json_change_settings(');
  const signature = source.slice(start, source.indexOf(') -> HttpResponse:', start));
  const params = [...signature.matchAll(/^\s{4}(\w+): /gm)].map((m) => m[1] as string).filter((p) => p !== 'request' && p !== 'user_profile');
  assert.ok(params.length > 60, 'the parse found the parameters');
  const account = new Set(['email', 'full_name', 'new_password', 'old_password', 'timezone']);
  for (const p of params) assert.ok(SETTING_BY_NAME.has(p) || account.has(p), `${p} is neither a setting nor an account field`);
});

upstreamTest("each integer choice list is the model's CHOICES", () => {
  const source = readFileSync(MODELS, 'utf8');
  const view = readFileSync(VIEW, 'utf8');
  const constants = new Map([...source.matchAll(/^\s+([A-Z_]+) = (\d+)$/gm)].map((m) => [m[1] as string, Number(m[2])]));
  let checked = 0;
  for (const m of view.matchAll(/(\w+): Annotated\[\s*Json\[int\],\s*check_int_in_validator\(UserProfile\.(\w+)\)/g)) {
    const [name, list] = [m[1] as string, m[2] as string];
    const literal = new RegExp(`${list} = \\[([^\\]]*)\\]`).exec(source);
    // EMAIL_ADDRESS_VISIBILITY_TYPES is built from a map's keys, not written as a list.
    if (literal === null) continue;
    checked++;
    const body = literal[1] as string;
    const expected = body.split(',').map((s) => s.trim()).filter(Boolean).map((c) => constants.get(c) ?? Number.NaN).sort();
    const row = SETTING_BY_NAME.get(name);
    assert.ok(row && row.validator.kind === 'int-in', name);
    if (row.validator.kind === 'int-in') assert.equal([...row.validator.choices].sort(), expected, name);
  }
  assert.ok(checked >= 10, `only ${checked} lists checked`);
});

test('names are unique; the legacy groups are the pre-439 keys; every default passes its own validator', () => {
  assert.is(SETTING_BY_NAME.size, SETTINGS.length);
  assert.is(LEGACY_DISPLAY_SETTINGS.length, 13);
  assert.is(LEGACY_NOTIFICATION_SETTINGS.length, 20);
  for (const row of SETTINGS) {
    const v = row.validator;
    if (v.kind === 'bool') assert.type(row.default, 'boolean', row.name);
    if (v.kind === 'int-in') assert.ok(v.choices.includes(row.default as number), row.name);
    if (v.kind === 'string-in') assert.ok(v.choices.includes(row.default as string), row.name);
    if (v.kind === 'enum-name') assert.ok(v.names[row.default as number] !== undefined, row.name);
  }
});

test("a user's value: as changed, else the default; the registration shows enum settings by name", () => {
  const ref = createReference();
  const user = ref.store.user(6)!;
  assert.is(userSetting(user, 'emojiset'), USER_SETTING_DEFAULTS['emojiset']);
  const changed = withSetting(withSetting(user, 'emojiset', 'text'), 'resolved_topic_notice_auto_read_policy', 3);
  assert.is(userSetting(changed, 'emojiset'), 'text');
  assert.is(userSetting(user, 'emojiset'), 'google', 'the record is replaced, not changed');
  ref.store.putUser(changed);
  const state = userSettingsState({ store: ref.store, user: changed, spectator: false } as never)['user_settings'] as Record<string, unknown>;
  assert.is(state['emojiset'], 'text');
  assert.is(state['resolved_topic_notice_auto_read_policy'], 'never');
});

test.run();
