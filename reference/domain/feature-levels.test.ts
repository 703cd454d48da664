// The feature-level table holds together: every row is cited, used by the code, and tested
// at both sides of its level — by its scenario, scenarios/feature-levels/<level>-<key>.json,
// which sets the level just below and then the level itself and asserts something at each;
// or, where a scenario cannot express it, by a test here. Every route of a later level
// is absent just below it and present at it. The README's table lists every row.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { ROUTES } from '../routes.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { FEATURE_LEVEL_NOTES } from '../feature-level-notes.ts';
import { atLeast, FEATURE_LEVELS, type FeatureKey, type FeatureRow } from './feature-levels.ts';

const REFERENCE = dirname(dirname(fileURLToPath(import.meta.url)));
const REPO = dirname(REFERENCE);
const ROWS: readonly FeatureRow[] = FEATURE_LEVELS;

/** Rows a scenario cannot express, tested at both sides in this file instead (by test name). */
const UNIT_SIDES: Partial<Record<FeatureKey, string>> = {
  deactivated_group_subgroups: 'deactivated_group_subgroups: a deactivated group keeps its subgroups at 390 and changes them at 391',
};
const unitTests = new Set<string>();
const sideTest = (name: string, fn: () => void) => {
  unitTests.add(name);
  test(name, fn);
};

/** The level a rule starts at. */
const levelOf = (key: FeatureKey): number => (FEATURE_LEVELS.find((row) => row.key === key) as FeatureRow).level;

const slug = (row: FeatureRow) => `${row.level}-${row.key.replaceAll('_', '-')}`;

test('the table: unique keys, ascending levels, every row cited', () => {
  assert.is(new Set(ROWS.map((r) => r.key)).size, ROWS.length);
  ROWS.forEach((row, i) => {
    if (i > 0) assert.ok(row.level >= (ROWS[i - 1] as FeatureRow).level, `${row.key} out of order`);
    const note = FEATURE_LEVEL_NOTES[row.key as FeatureKey];
    assert.match(note.source, /^https:\/\/zulip\.com\/api\//, row.key);
    assert.ok(note.change.length > 0 && note.before.length > 0, row.key);
  });
});

test('atLeast reads the level of a store or a world', () => {
  const ref = createReference({ featureLevel: 333 });
  assert.ok(atLeast(ref.store, 'can_send_message_group'));
  assert.not.ok(atLeast(ref.store, 'empty_topic'));
  assert.ok(atLeast({ config: ref.store.config }, 'can_send_message_group'));
  assert.not.ok(atLeast({ config: { ...ref.store.config, feature_level: 332 } }, 'can_send_message_group'));
});

/** The core's sources but the table itself and the tests. */
function coreSources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) coreSources(path, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'feature-levels.ts') out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

test('every emulated row is asked for by the code; a row marked not emulated by none', () => {
  const code = coreSources(REFERENCE).join('\n');
  for (const row of ROWS) {
    const used = code.includes(`'${row.key}'`);
    if (row.emulated === false) assert.not.ok(used, `${row.key} is marked not emulated but the code asks for it`);
    else assert.ok(used, `nothing asks for ${row.key}`);
  }
});

test('no other code compares feature levels', () => {
  for (const source of coreSources(REFERENCE)) {
    assert.not.match(source, /feature_level\s*[<>]|featureLevel\s*[<>]|[<>]=?\s*\w*\.?feature_level/);
  }
});

interface Step {
  control?: string;
  params?: Record<string, unknown>;
  expect?: unknown;
}

test('every emulated row has a scenario (or a test here) at both sides of its level', () => {
  const dir = join(REPO, 'scenarios', 'feature-levels');
  const files = new Set(readdirSync(dir));
  for (const row of ROWS) {
    const name = `${slug(row)}.json`;
    if (row.emulated === false || UNIT_SIDES[row.key as FeatureKey] !== undefined) {
      assert.not.ok(files.has(name), `${name}: the row is covered elsewhere`);
      continue;
    }
    assert.ok(files.has(name), `no scenario ${name}`);
    const scenario = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id: string; needs?: string[]; steps: Step[] };
    assert.is(scenario.id, `feature-levels/${slug(row)}`);
    assert.ok(scenario.needs?.includes('control'), `${name} sets the level: it needs control`);
    // The levels set, each with the number of checked steps that follow it.
    const sides: Array<{ level: number; checks: number }> = [];
    for (const step of scenario.steps) {
      const level = step.control === 'set_config' ? step.params?.['feature_level'] : undefined;
      if (typeof level === 'number') sides.push({ level, checks: 0 });
      else if (sides.length > 0 && step.expect !== undefined) (sides[sides.length - 1] as { checks: number }).checks++;
    }
    assert.ok(sides.some((s) => s.level === row.level - 1 && s.checks > 0), `${name}: nothing checked at level ${row.level - 1}`);
    assert.ok(sides.some((s) => s.level === row.level && s.checks > 0), `${name}: nothing checked at level ${row.level}`);
  }
  for (const [key, name] of Object.entries(UNIT_SIDES)) assert.ok(unitTests.has(name), `${key}: no test "${name}"`);
  // No stray files.
  for (const file of files) assert.ok(ROWS.some((row) => `${slug(row)}.json` === file), `${file} names no row`);
});

test('a route of a later level is absent just below it (404, or 405 beside another method) and present at it', () => {
  const later = ROUTES.filter((r) => r.since !== undefined);
  assert.ok(later.length >= 10);
  for (const route of later) {
    const level = levelOf(route.since as FeatureKey);
    // An id parameter takes digits; another ({email}) any segment, here one no id route takes.
    const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (/_id$/.test(name) ? '1' : 'x@example.com'));
    const ask = (featureLevel: number) => {
      const ref = createReference({ featureLevel });
      const user = ref.store.userByEmail('hamlet@zulip.com');
      if (!user) throw new Error('no hamlet');
      return ref.dispatch({ method: route.method, path, headers: { authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}` } });
    };
    const below = ask(level - 1);
    const otherMethod = ROUTES.some((r) => r !== route && r.path === route.path && (r.since === undefined || levelOf(r.since) < level));
    assert.is(below.status, otherMethod ? 405 : 404, `${route.method} ${route.path} at ${level - 1}`);
    assert.is(below.json['msg'], otherMethod ? 'Method Not Allowed' : 'Not Found');
    // At its level the route answers (a 404 of its own, like "Reminder does not exist", is an answer).
    const at = ask(level);
    assert.ok(at.status !== 405 && at.json['msg'] !== 'Not Found', `${route.method} ${route.path} at ${level}: ${at.body}`);
  }
});

test('an unauthenticated request to a route of a later level is a 404 too: routing comes before authentication', () => {
  const ref = createReference({ featureLevel: 492 });
  const res = ref.dispatch({ method: 'POST', path: '/api/v1/calls/vidprov/create' });
  assert.is(res.status, 404);
  ref.control.setConfig({ feature_level: 493 });
  assert.is(ref.dispatch({ method: 'POST', path: '/api/v1/calls/vidprov/create' }).status, 401);
});

sideTest(UNIT_SIDES.deactivated_group_subgroups as string, () => {
  // No endpoint of Understudy's deactivates a group, so the state is set directly.
  const ref = createReference({ featureLevel: 390 });
  const create = (name: string) => callAs(ref, 'hamlet', 'POST', '/user_groups/create', { name, description: '', members: [] }).json['group_id'] as number;
  const gone = create('gone');
  const other = create('other');
  ref.store.putGroup({ ...(ref.store.group(gone) as NonNullable<ReturnType<typeof ref.store.group>>), deactivated: true });
  const res = assertUnchanged(ref, () => callAs(ref, 'hamlet', 'POST', `/user_groups/${gone}/subgroups`, { add: [other] }));
  assert.is(res.status, 400);
  assert.is(res.json['msg'], 'User group is deactivated.');
  ref.control.setConfig({ feature_level: 391 });
  assert.is(callAs(ref, 'hamlet', 'POST', `/user_groups/${gone}/subgroups`, { add: [other] }).status, 200);
  const group = callAs(ref, 'hamlet', 'GET', '/user_groups', { include_deactivated_groups: true }).json['user_groups'] as Array<Record<string, unknown>>;
  assert.equal(group.find((g) => g['id'] === gone)?.['direct_subgroup_ids'], [other]);
});

test("the README's feature-level table has every row", () => {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  for (const row of ROWS) assert.ok(readme.includes(`| ${row.level} | \`${row.key}\` |`), `README: no row for ${row.level} ${row.key}`);
});

test.run();
