// The understudy command (scripts/cli.ts, run by the bin scripts/understudy.ts): its
// commands, --help, --version and the exit statuses of bad usage.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FLAGS as CONFORMANCE_FLAGS, usage as conformanceUsage } from '../conformance/cli.ts';
import { EXIT } from '../conformance/exit-codes.ts';
import { HELP, understudy, version } from './cli.ts';
import { collect, DOC, render } from './approximations.ts';

async function run(argv: string[]): Promise<{ code: number | undefined; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await understudy(argv, { stdout: (s) => void (out += s), stderr: (s) => void (err += s), env: {} });
  return { code, out, err };
}

const REPO = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

test('--version and -v print the package version', async () => {
  assert.is(version(), PACKAGE_VERSION);
  for (const flag of ['--version', '-v']) assert.equal(await run([flag]), { code: EXIT.ok, out: `${PACKAGE_VERSION}\n`, err: '' });
});

test('--help lists the commands; a command’s --help lists its flags', async () => {
  for (const argv of [['--help'], ['-h'], ['help']]) assert.equal(await run(argv), { code: EXIT.ok, out: HELP, err: '' });
  assert.match(HELP, /\n  serve +serve the reference/);
  assert.match(HELP, /\n  conformance +replay the conformance scenarios/);
  assert.match(HELP, /exit status: 0 ok, 1 a scenario failed/);
  const help = await run(['conformance', '--help']);
  assert.is(help.code, EXIT.ok);
  assert.is(help.out, conformanceUsage('understudy conformance'));
  for (const flag of Object.keys(CONFORMANCE_FLAGS)) assert.ok(help.out.includes(`--${flag}`), `--${flag} is not in the help`);
  assert.is((await run(['help', 'conformance'])).out, help.out);
  assert.match((await run(['help', 'serve'])).out, /^usage: understudy serve \[options\]/);
});

test('approximations: docs/APPROXIMATIONS.md is generated from every NOTE: approximation comment, is current, and is what the command prints', async () => {
  const notes = collect();
  const grep = spawnSync('grep', ['-rc', '--include=*.ts', '--exclude=*.test.ts', 'NOTE: approximation:', 'reference', 'conformance'], { cwd: REPO, encoding: 'utf8' });
  const counted = grep.stdout.split('\n').reduce((t, line) => t + Number(line.split(':').at(-1) || 0), 0);
  assert.is(notes.length, counted, 'one entry per NOTE line');
  assert.ok(notes.every((n) => n.text.length > 10 && !n.text.includes('*/')), JSON.stringify(notes.filter((n) => n.text.length <= 10 || n.text.includes('*/'))));
  assert.is(readFileSync(DOC, 'utf8'), render(notes), 'docs/APPROXIMATIONS.md is out of date: run npx tsx scripts/approximations.ts');
  const r = await run(['approximations']);
  assert.is(r.code, EXIT.ok);
  assert.is(r.out, render(notes));
  assert.match(HELP, /approximations/);
});

test('no command, or an unknown one, exits 2', async () => {
  assert.equal(await run([]), { code: EXIT.usage, out: '', err: HELP });
  assert.equal(await run(['server']), { code: EXIT.usage, out: '', err: 'understudy: unknown command "server" (understudy --help lists the commands)\n' });
});

test('the bin runs as a process and exits with the status', () => {
  const ok = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/understudy.ts', '--version'], { cwd: REPO, encoding: 'utf8' });
  assert.is(ok.status, 0, ok.stderr);
  assert.is(ok.stdout, `${PACKAGE_VERSION}\n`);
  const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/understudy.ts', 'conformance', '--suite', 'everything'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  assert.is(bad.status, EXIT.usage);
  assert.is(bad.stderr, 'understudy conformance: --suite: scenarios, properties, all, not "everything"\n');
});

test.run();
