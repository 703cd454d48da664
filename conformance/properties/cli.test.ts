// `understudy conformance --suite properties|all` end to end: its flags, progress, the
// four reporters, the exit statuses, the differential mode over HTTP, and a failure of a
// broken server (npm start -- --fault NAME) written as a scenario the scenario runner
// replays with the same failure.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { main, parseDuration } from '../cli.ts';
import { EXIT } from '../exit-codes.ts';
import { FAMILIES } from './family.ts';

/** How many families the suite has: each family added changes the console's counts. */
const N = FAMILIES.length;

const REPO = new URL('../../', import.meta.url).pathname;

/** npm start (scripts/serve.ts) on a free port, once it has printed its URL and anything after it. */
async function startServe(args: string[]): Promise<{ url: string; output(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => void (out += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => void (out += b.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  for (let i = 0; i < 300 && !/listening on http:\S+\n/.test(out); i++) await new Promise((done) => setTimeout(done, 50));
  await new Promise((done) => setTimeout(done, 100));
  const url = /listening on (http:\S+)/.exec(out)?.[1];
  if (url === undefined) {
    child.kill('SIGKILL');
    throw new Error(`npm start printed no URL:\n${out}`);
  }
  return { url, output: () => out, stop: () => (child.kill('SIGTERM'), exited) };
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { stdout: (s) => void (out += s), stderr: (s) => void (err += s) });
  return { code, out, err };
}

test('durations: 60s, 2m, 500ms, plain seconds; anything else is refused', () => {
  assert.is(parseDuration('60s'), 60_000);
  assert.is(parseDuration('2m'), 120_000);
  assert.is(parseDuration('500ms'), 500);
  assert.is(parseDuration('1.5'), 1500);
  assert.throws(() => parseDuration('soon'), /--time-budget: a duration such as 60s/);
});

test('bad property flags exit 2 in one line', async () => {
  for (const [args, message] of [
    [['--runs', '0'], /--runs: a whole number from 1, not "0"/],
    [['--runs', 'many'], /--runs: a whole number from 1/],
    [['--seed', 'x'], /--seed: an integer \(32 bits\), not "x"/],
    [['--seed', '99999999999'], /--seed: an integer/],
    [['--path', 'a:b'], /--path: the path a failure printed/],
    [['--max-commands', '0'], /--max-commands: a whole number from 1/],
    [['--time-budget', 'later'], /--time-budget: a duration/],
    [['--oracle', 'http://x'], /--oracle: reference, or the index module of another Understudy \(a file exporting createReference\), not "http:\/\/x": no such file/],
    [['--oracle', 'package.json'], /--oracle: reference, or the index module of another Understudy .*, not "package\.json": it exports no createReference/],
    [['--oracle', 'reference/domain/users.ts'], /not "reference\/domain\/users\.ts": it exports no createReference/],
    [['--suite', 'fuzz'], /--suite: scenarios, properties, all, not "fuzz"/],
    [['--only', 'properties/nothing'], /no property family matches properties\/nothing/],
  ] as const) {
    const r = await cli(['--suite', 'properties', ...args]);
    assert.is(r.code, EXIT.usage, args.join(' '));
    assert.match(r.err, message);
    assert.is(r.err.split('\n').length, 2, 'one line');
  }
});

test('the console shows progress, a line per family and the figures; the exit status is 0', async () => {
  const r = await cli(['--suite', 'properties', '--runs', '8', '--seed', '42', '--time-budget', '60s']);
  assert.is(r.code, EXIT.ok, r.out + r.err);
  assert.match(r.out, new RegExp(`^conformance: ${N} property families against reference\\n`));
  assert.match(r.out, /properties: \d+\/8 sequences, [\d,]+ commands, [\d,]+ requests, [\d.]+ s; /);
  assert.match(r.out, new RegExp(`✓ \\[1/${N}\\] properties/channels {2}\\(\\d+ commands in 8 sequences\\)`));
  assert.match(r.out, new RegExp(`OK: ${N} scenarios and property families: \\d+ passed, 0 failed, \\d+ skipped\\nproperties: 8 sequences, [\\d,]+ commands, [\\d,]+ requests in [\\d.]+ s, seed 42\\n$`));
});

test('json, junit and tap carry the families and the figures', async () => {
  const json = JSON.parse((await cli(['--suite', 'properties', '--runs', '3', '--seed', '1', '--only', 'properties/channels', '--reporter', 'json'])).out) as {
    summary: { properties: { runs: number; seed: number } };
    results: Array<{ id: string; outcome: string; property: { commands: number } }>;
  };
  assert.is(json.summary.properties.runs, 3);
  assert.is(json.summary.properties.seed, 1);
  assert.equal(json.results.map((x) => [x.id, x.outcome]), [['properties/channels', 'pass']]);
  assert.ok(json.results[0]!.property.commands >= 0);
  const out = join(mkdtempSync(join(tmpdir(), 'junit-')), 'report.xml');
  assert.is((await cli(['--suite', 'properties', '--runs', '2', '--seed', '1', '--only', 'properties/groups', '--reporter', 'junit', '--out', out])).code, 0);
  const xml = readFileSync(out, 'utf8');
  assert.match(xml, /<testsuite name="properties" tests="1"/);
  assert.match(xml, /<property name="runs" value="2"\/>/);
  const tap = (await cli(['--suite', 'all', '--runs', '2', '--seed', '1', '--only', 'auth/no-credentials', '--only', 'properties/typing', '--reporter', 'tap'])).out;
  assert.match(tap, /^TAP version 14\n1\.\.2\n# target: reference\n# properties: \d+ sequences/);
  assert.match(tap, /\nok 1 - auth\/no-credentials\n/);
  assert.match(tap, /\nok 2 - properties\/typing( \(\d+ commands in \d+ sequences\)| # SKIP the target answers 404)/);
});

test('over HTTP against npm start, and in differential mode against the in-process reference: no divergence', async () => {
  const server = await startServe(['--clock', 'manual', '--quiet']);
  try {
    const r = await cli(['--suite', 'properties', '--target', server.url, '--oracle', 'reference', '--runs', '6', '--seed', '3']);
    assert.is(r.code, EXIT.ok, r.out + r.err);
    assert.match(r.out, /properties: 6 sequences, [\d,]+ commands, [\d,]+ requests in [\d.]+ s, seed 3, 0 divergences from the oracle\n$/);
  } finally {
    await server.stop();
  }
});

test('--oracle FILE: another Understudy as the oracle; the same one agrees, one with a fault diverges', async () => {
  const same = await cli(['--suite', 'properties', '--oracle', join(REPO, 'reference/index.ts'), '--runs', '6', '--seed', '3']);
  assert.is(same.code, EXIT.ok, same.out + same.err);
  assert.match(same.out, /, 0 divergences from the oracle\n$/);
  // An oracle whose answers to bad requests carry no `code`: the in-process reference, as
  // the target, now differs from it.
  const dir = mkdtempSync(join(tmpdir(), 'oracle-'));
  // Plain JavaScript importing by file URL, so that the modules it names are the ones
  // already loaded (a second copy of the reference would only cost time).
  const file = join(dir, 'faulty.mjs');
  writeFileSync(
    file,
    `import { createReference as create } from ${JSON.stringify(pathToFileURL(join(REPO, 'reference/index.ts')).href)};\n` +
      `import { withFault } from ${JSON.stringify(pathToFileURL(join(REPO, 'scripts/faults.ts')).href)};\n` +
      `export const createReference = (o) => withFault(create(o), 'error-without-code');\n`,
  );
  const differs = await cli(['--suite', 'properties', '--oracle', file, '--runs', '30', '--seed', '3']);
  assert.is(differs.code, EXIT.failed, differs.out + differs.err);
  assert.match(differs.out, /diverged from the oracle/);
  assert.match(differs.out, /differs from the oracle at code/);
});

test('npm start -- --fault history-leak: the run fails (exit 1), shrinks, and saves a scenario that fails the same way when replayed', async () => {
  const server = await startServe(['--clock', 'manual', '--quiet', '--fault', 'history-leak']);
  try {
    assert.match(server.output(), /SELF-TEST FAULT INJECTED: history-leak: /);
    const dir = mkdtempSync(join(tmpdir(), 'saved-'));
    const r = await cli(['--suite', 'properties', '--target', server.url, '--runs', '100', '--seed', '8', '--save-failures', dir]);
    assert.is(r.code, EXIT.failed, r.out);
    // Found by whichever family reads the channel's history first: the channels' or the messages'.
    assert.match(r.out, new RegExp(`✗ \\[\\d+/${N}\\] properties/(channels|messages)`));
    assert.match(r.out, /seed 8, path [\d:]+@[A-Za-z0-9+/]*:[A-Za-z0-9+/]*; shrunk sequence:\n {6}1\. CreateChannel\(/);
    assert.match(r.out, /replayed by the scenario runner, it fails at the same step/);
    const line = /replay: (.*)\n/.exec(r.out)?.[1] ?? '';
    assert.match(line, /^npm run conformance -- --target http:\S+ --suite properties --seed 8 --path \S+$/);
    // That line replays the failure at once; the same path with other families is refused.
    const args = line.replace('npm run conformance -- ', '').split(' ');
    const again = await cli(args);
    assert.is(again.code, EXIT.failed);
    assert.match(again.out, /broke the model after 1 sequences/);
    // With other families fast-check may or may not be able to follow the path: either it
    // is refused in one line, or it runs as a path of that run; never a crash.
    const other = await cli([...args, '--only', 'properties/groups']);
    assert.ok(([EXIT.usage, EXIT.ok, EXIT.failed] as number[]).includes(other.code as number), `${other.code}: ${other.err}`);
    if (other.code === EXIT.usage) assert.match(other.err, /^npm run conformance: --path \S+ is not a path of this run/m);
    const [name] = readdirSync(join(dir, 'properties'));
    const replay = await cli(['--target', server.url, '--scenarios', dir]);
    assert.is(replay.code, EXIT.failed);
    assert.match(replay.out, new RegExp(`✗ \\[1/1\\] properties/${(name as string).replace('.json', '')}`));
    assert.match(replay.out, /expected no element matching/);
    assert.is((await cli(['--scenarios', dir])).code, EXIT.ok, 'the reference passes it');
  } finally {
    await server.stop();
  }
});

test.run();
