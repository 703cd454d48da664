// npm run conformance -- --target reference|URL --profile FILE [--only GLOB_OR_ID ...]
//   [--reporter console|json|junit|tap] [--out FILE] [--expectations FILE] [--scenarios DIR]
// Exit status: 0 all good, 1 a failure or an unexpected pass, 2 bad usage or bad files.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classify, loadExpectations, staleEntries, summarize, type Classified } from './expectations.ts';
import { formatLoadError, loadScenarioDir, type LoadedScenario } from './loader.ts';
import { consoleReporter } from './reporters/console.ts';
import { jsonReporter } from './reporters/json.ts';
import { junitReporter } from './reporters/junit.ts';
import { tapReporter } from './reporters/tap.ts';
import type { Reporter } from './reporters/reporter.ts';
import { Runner } from './run.ts';
import { Profile, type Expectations } from './schema.ts';
import type { Target } from './targets/target.ts';
import { urlTarget } from './targets/url.ts';

export const USAGE = `usage: npm run conformance -- [options]
  --target reference|URL     the in-process reference (default) or a server's base URL
  --profile FILE             target profile (default fixtures/profile.json); --target URL overrides its base_url
  --only GLOB_OR_ID          run only matching scenario ids (repeatable; * matches anything; an area name selects the area)
  --reporter console|json|junit|tap   (default console)
  --out FILE                 write the json/junit report here (console progress still goes to stdout)
  --expectations FILE        known failures of this target: {"expected_failures": {"<id>": "<reason>"}}
  --scenarios DIR            scenario directory (default scenarios)
`;

class UsageError extends Error {}

export function selects(pattern: string, id: string): boolean {
  if (id === pattern || id.startsWith(`${pattern.replace(/\/$/, '')}/`)) return true;
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return re.test(id);
}

function loadProfile(file: string): Profile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
  const r = Profile.safeParse(raw);
  if (!r.success) throw new UsageError(`${file}: ${r.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`);
  return r.data;
}

export interface MainIO {
  stdout(s: string): void;
  stderr(s: string): void;
}

const processIO: MainIO = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) };

export async function main(argv: string[], io: MainIO = processIO): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`conformance: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

async function run(argv: string[], io: MainIO): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        target: { type: 'string', default: 'reference' },
        profile: { type: 'string', default: 'fixtures/profile.json' },
        only: { type: 'string', multiple: true },
        reporter: { type: 'string', default: 'console' },
        out: { type: 'string' },
        expectations: { type: 'string' },
        scenarios: { type: 'string', default: 'scenarios' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${USAGE}`);
  }
  if (args.help) {
    io.stdout(USAGE);
    return 0;
  }
  const reporterName = args.reporter;
  if (!['console', 'json', 'junit', 'tap'].includes(reporterName)) throw new UsageError(`unknown reporter ${reporterName}\n${USAGE}`);

  const profile = loadProfile(args.profile);
  const { scenarios: all, errors } = loadScenarioDir(args.scenarios);
  // Bad files are reported first; the good ones still run, and the exit status is 2 —
  // unless --only leaves the bad files out, in which case they are only warned about.
  const only = args.only ?? [];
  const isSelected = (id: string) => only.length === 0 || only.some((p) => selects(p, id));
  for (const e of errors) io.stderr(`${isSelected(e.id ?? '') ? '' : 'warning (not selected): '}${formatLoadError(e)}\n`);
  const badFiles = new Set(errors.filter((e) => isSelected(e.id ?? '')).map((e) => e.file)).size;
  const selected: LoadedScenario[] = all.filter((s) => isSelected(s.scenario.id));
  if (selected.length === 0 && badFiles === 0) throw new UsageError(`no scenario matches ${only.join(', ')}`);

  let expectations: Expectations | undefined;
  let stale: string[] = [];
  if (args.expectations !== undefined) {
    try {
      expectations = loadExpectations(args.expectations);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    stale = staleEntries(expectations, new Set(all.map((s) => s.scenario.id)));
  }

  let target: Target;
  // Imported only when used: a run against a URL does not load the reference at all.
  if (args.target === 'reference') target = (await import('./targets/reference.ts')).referenceTarget(profile);
  else {
    let url: URL;
    try {
      url = new URL(args.target);
    } catch {
      throw new UsageError(`--target is "reference" or a base URL, not ${JSON.stringify(args.target)}`);
    }
    target = urlTarget(url.toString(), { ...profile, base_url: url.toString() });
  }

  const reporters: Reporter[] = [];
  const toFile = reporterName !== 'console';
  if (!toFile || args.out !== undefined) reporters.push(consoleReporter(io.stdout));
  if (reporterName === 'json') reporters.push(jsonReporter());
  if (reporterName === 'junit') reporters.push(junitReporter());
  if (reporterName === 'tap') reporters.push(tapReporter());

  const replayArgs = ['npm run conformance --', `--target ${args.target}`, `--profile ${args.profile}`];
  if (args.expectations !== undefined) replayArgs.push(`--expectations ${args.expectations}`);
  if (args.scenarios !== 'scenarios') replayArgs.push(`--scenarios ${args.scenarios}`);
  const info = { target: target.name, total: selected.length, replay: replayArgs.join(' ') };
  for (const r of reporters) r.start(info);

  const runner = new Runner(target, profile);
  const results: Classified[] = [];
  for (const loaded of selected) {
    const result = classify(await runner.run(loaded), expectations);
    results.push(result);
    for (const r of reporters) r.result(result);
  }
  const summary = summarize(results, stale, badFiles);
  for (const r of reporters) {
    const text = r.finish(summary, results);
    if (text === undefined) continue;
    if (args.out !== undefined) writeFileSync(args.out, text);
    else io.stdout(text);
  }
  if (badFiles > 0) return 2;
  return summary.ok ? 0 : 1;
}
