// The conformance command: `understudy conformance [options]` (and `npm run conformance
// -- [options]` in the repository). Flags in, runConformance (suite.ts), reporters out.
// Every error is one line on stderr; the exit statuses are in exit-codes.ts.
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { colors, PLAIN, wantsColor } from './colors.ts';
import { EXIT, EXIT_HELP } from './exit-codes.ts';
import type { Classified } from './expectations.ts';
import { formatLoadError } from './loader.ts';
import { consoleReporter } from './reporters/console.ts';
import { htmlReporter } from './reporters/html.ts';
import { jsonReporter } from './reporters/json.ts';
import { junitReporter } from './reporters/junit.ts';
import type { Reporter } from './reporters/reporter.ts';
import { tapReporter } from './reporters/tap.ts';
import type { Profile } from './schema.ts';
import { ConformanceError, runConformance, SUITES } from './suite.ts';
import type { Target } from './targets/target.ts';
import type { Reference, ReferenceOptions } from '../reference/index.ts';

export { selects } from './suite.ts';

/** The flags (usage() describes each one; a test holds it to that). */
export const FLAGS = {
  target: { type: 'string' },
  profile: { type: 'string' },
  suite: { type: 'string', default: 'scenarios' },
  only: { type: 'string', multiple: true },
  reporter: { type: 'string', multiple: true },
  out: { type: 'string', multiple: true },
  quiet: { type: 'boolean', short: 'q' },
  progress: { type: 'boolean' },
  expectations: { type: 'string' },
  scenarios: { type: 'string' },
  openapi: { type: 'string' },
  runs: { type: 'string' },
  seed: { type: 'string' },
  path: { type: 'string' },
  'max-commands': { type: 'string' },
  'time-budget': { type: 'string' },
  oracle: { type: 'string' },
  'save-failures': { type: 'string' },
  bail: { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const REPORTERS = { console: undefined, json: jsonReporter, junit: junitReporter, tap: tapReporter, html: htmlReporter } as const;
type ReporterName = keyof typeof REPORTERS;

export function usage(prog: string): string {
  return `usage: ${prog} [options]
Replays the conformance scenarios against a Zulip server (or the in-process reference),
and runs the property suite against it, and reports every difference.

  --target reference|URL   the server: a base URL, or "reference" for the in-process reference
                           (default: the profile's base_url; the default profile has none,
                           so the in-process reference)
  --profile FILE           who is who on the target, and what it offers
                           (default: the default realm's, fixtures/profile.json in the package)
  --suite scenarios|properties|all
                           which suite to run (default scenarios; all: both)
  --only GLOB_OR_ID        run only matching scenarios or property families (repeatable;
                           * and ? match; an area name such as messages selects the area;
                           properties/drafts a family)
  --reporter console|json|junit|tap|html
                           report format (default console; tap is TAP 14; html one
                           self-contained page). Repeatable, each with its own --out:
                           --reporter junit --out a.xml --reporter html --out b.html
  --out FILE               write the report of the --reporter before it to FILE (default:
                           stdout; at most one reporter may write to stdout)
  --quiet, -q              the console reporter prints the closing summary only
  --progress               console progress on stdout as well, when every report goes to
                           a file (otherwise stdout stays empty)
  --expectations FILE      known failures of the target: {"expected_failures": {"<id>": "<why>"}};
                           they count as passes, and one that passes fails the run
  --scenarios DIR          another scenario directory (default: the package's scenarios/)
  --openapi DIR            also check every JSON answer of a scenario step against the real
                           API description: DIR holds zulip/zulip's OpenAPI documents
                           (zerver/openapi/*.yaml); an answer its operation's schema for
                           that status does not admit fails the scenario (needs the
                           packages yaml and ajv)
  --bail                   stop at the first failure: the scenarios after it and the property
                           suite do not run, and a property failure is not shrunk

property suite (--suite properties or all):
  --runs N                 random sequences to run (default 100)
  --seed S                 fast-check's seed (default: a new one, printed); the same seed,
                           target and options run the same sequences
  --path P                 replay the failure whose path was printed (with its --seed)
  --max-commands N         commands per sequence at most (default 40)
  --time-budget T          start no sequence after T (60s, 2m, 500ms); a failure found is
                           still shrunk
  --oracle reference|FILE  differential mode: every sequence also runs against the
                           in-process reference, and the answers must agree (normalised:
                           ids by creation order, timestamps and keys masked); needs a
                           target with control. FILE: another Understudy's index module
                           (a checkout's reference/index.ts, a package's dist/index.js),
                           whose createReference is the oracle instead
  --save-failures DIR      write a failure, shrunk, as a scenario file DIR/properties/<name>.json
                           (replay it with --scenarios DIR)
  --color, --no-color      colour on or off (default: on a terminal, off with NO_COLOR)
  -h, --help               this help

A target started with \`understudy serve\` needs --clock manual: scenarios move the clock.
Credentials (Authorization headers, passwords, API keys) are masked in every report.
${EXIT_HELP}
`;
}

export interface MainIO {
  stdout(s: string): void;
  stderr(s: string): void;
  /** Whether stdout is a terminal (for colour). */
  isTTY?: boolean;
  env?: Record<string, string | undefined>;
}

const processIO: MainIO = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stdout.isTTY === true,
  env: process.env,
};

/** parseArgs' errors, in one line. */
function flagError(e: unknown): string {
  const err = e as { code?: string; message: string };
  const unknown = /Unknown option '([^']+)'/.exec(err.message);
  if (unknown) return `unknown option ${unknown[1]}`;
  return err.message.split('. ')[0] as string;
}

/** Opens (and leaves) `file` for writing, so that a run does not end in an unwritable report. Throws the system's reason. */
function checkWritable(file: string): void {
  const existed = existsSync(file);
  mkdirSync(dirname(file), { recursive: true });
  closeSync(openSync(file, 'a'));
  if (!existed) rmSync(file);
}

const why = (e: unknown) => (e as Error).message;

/** "60s", "2m", "500ms", "90" (seconds) → milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (m === null) throw new Error(`--time-budget: a duration such as 60s, 2m or 500ms, not ${JSON.stringify(text)}`);
  const n = Number(m[1]);
  return Math.round(m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000);
}

function count(flag: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new Error(`--${flag}: a whole number from ${min}, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** The property suite's flags, checked, as runConformance's options. */
function propertyFlags(args: { runs?: string; seed?: string; path?: string; 'max-commands'?: string; 'time-budget'?: string; oracle?: string; 'save-failures'?: string }): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  if (args.runs !== undefined) out['runs'] = count('runs', args.runs, 1);
  if (args.seed !== undefined) {
    if (!/^-?\d+$/.test(args.seed) || Math.abs(Number(args.seed)) > 0x7fffffff) throw new Error(`--seed: an integer (32 bits), not ${JSON.stringify(args.seed)}`);
    out['seed'] = Number(args.seed);
  }
  if (args.path !== undefined) {
    if (!/^\d+(:\d+)*(@[A-Za-z0-9+/]*:[A-Za-z0-9+/]*)?$/.test(args.path)) throw new Error(`--path: the path a failure printed (such as 12:3:4@BC:A), not ${JSON.stringify(args.path)}`);
    out['path'] = args.path;
  }
  if (args['max-commands'] !== undefined) out['maxCommands'] = count('max-commands', args['max-commands'], 1);
  if (args['time-budget'] !== undefined) out['timeBudgetMs'] = parseDuration(args['time-budget']);
  if (args.oracle !== undefined) out['oracle'] = args.oracle;
  if (args['save-failures'] !== undefined) out['saveFailures'] = args['save-failures'];
  return out;
}

/**
 * `--oracle FILE`: the createReference of another Understudy (a checkout's
 * reference/index.ts, an installed package's dist/index.js), as a target per profile.
 */
async function oracleModule(file: string): Promise<(profile: Profile) => Target> {
  const what = `--oracle: reference, or the index module of another Understudy (a file exporting createReference), not ${JSON.stringify(file)}`;
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`${what}: no such file`);
  let mod: { createReference?: unknown };
  try {
    mod = (await import(pathToFileURL(resolve(file)).href)) as { createReference?: unknown };
  } catch (e) {
    throw new Error(`${what}: it does not load (${why(e)})`);
  }
  const create = mod.createReference;
  if (typeof create !== 'function') throw new Error(`${what}: it exports no createReference`);
  const { referenceTarget } = await import('./targets/reference.ts');
  return (profile) => ({ ...referenceTarget(profile, {}, undefined, create as (o: ReferenceOptions) => Reference), name: `reference (${file})` });
}

interface Output {
  reporter: string;
  out: string | undefined;
}

/**
 * --reporter and --out in the order given: each --out belongs to the --reporter before it
 * (an --out before any --reporter, to the first one after it); no --reporter at all is the
 * console reporter. Throws on an --out that has no reporter left to take it.
 */
export function pairOutputs(tokens: readonly { kind: string; name?: string; value?: string | undefined }[]): Output[] {
  const outputs: Output[] = [];
  const early: string[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === 'reporter') outputs.push({ reporter: t.value ?? '', out: early.shift() });
    else if (t.name === 'out') {
      const last = outputs.at(-1);
      if (last === undefined) early.push(t.value ?? '');
      else if (last.out === undefined) last.out = t.value;
      else throw new Error(`--out ${t.value}: --reporter ${last.reporter} already writes to ${last.out} (one --out per --reporter)`);
    }
  }
  if (outputs.length === 0) outputs.push({ reporter: 'console', out: early.shift() });
  if (early.length > 0) throw new Error(`--out ${early[0]}: no --reporter left to write it (one --out per --reporter)`);
  return outputs;
}

/**
 * Runs the command; resolves to the exit status. `prog` names the command in the usage
 * and in the replay lines ("understudy conformance", "npm run conformance --").
 */
export async function main(argv: string[], io: MainIO = processIO, prog = 'npm run conformance --'): Promise<number> {
  const name = prog.replace(/ --$/, '');
  let args;
  let outputs: Output[];
  try {
    const parsed = parseArgs({
      args: argv,
      options: FLAGS,
      strict: true,
      allowPositionals: false,
      tokens: true,
    });
    args = parsed.values;
    outputs = pairOutputs(parsed.tokens);
  } catch (e) {
    io.stderr(`${name}: ${flagError(e)} (${prog} --help lists the options)\n`);
    return EXIT.usage;
  }
  if (args.help) {
    io.stdout(usage(prog));
    return EXIT.ok;
  }
  const c = colors(wantsColor({ flag: args['no-color'] ? false : args.color, env: io.env ?? {}, isTTY: io.isTTY }));
  const fail = (code: number, message: string) => {
    io.stderr(`${c.red(`${name}:`)} ${message}\n`);
    return code;
  };
  const unknownReporter = outputs.find((o) => !Object.hasOwn(REPORTERS, o.reporter));
  if (unknownReporter !== undefined) return fail(EXIT.usage, `--reporter: console, json, junit, tap or html, not ${JSON.stringify(unknownReporter.reporter)}`);
  const toStdout = outputs.filter((o) => o.out === undefined);
  if (toStdout.length > 1) return fail(EXIT.usage, `--reporter ${toStdout.map((o) => o.reporter).join(' and --reporter ')} would all write to stdout: give each but one an --out FILE`);
  const twice = outputs.find((o, i) => o.out !== undefined && outputs.findIndex((x) => x.out === o.out) !== i);
  if (twice !== undefined) return fail(EXIT.usage, `--out ${twice.out}: given to two reporters`);
  if (!(SUITES as readonly string[]).includes(args.suite)) return fail(EXIT.usage, `--suite: ${SUITES.join(', ')}, not ${JSON.stringify(args.suite)}`);
  let property: Record<string, number | string>;
  try {
    property = propertyFlags(args);
  } catch (e) {
    return fail(EXIT.usage, (e as Error).message);
  }
  let oracle: ((profile: Profile) => Target) | undefined;
  if (property['oracle'] !== undefined && property['oracle'] !== 'reference') {
    try {
      oracle = await oracleModule(String(property['oracle']));
    } catch (e) {
      return fail(EXIT.usage, (e as Error).message);
    }
    delete property['oracle'];
  }
  for (const { out } of outputs) {
    if (out === undefined) continue;
    try {
      checkWritable(out);
    } catch (e) {
      return fail(EXIT.cannotWrite, `cannot write --out ${out}: ${why(e)}`);
    }
  }

  // Each reporter with where its text goes. A console reporter writes as it goes: to
  // stdout, or into a buffer that becomes its --out file. --progress adds console
  // progress on stdout when nothing else writes there.
  const reporters: { reporter: Reporter; out: string | undefined; buffer: string[] | undefined }[] = outputs.map(({ reporter: name, out }) => {
    const make = REPORTERS[name as ReporterName];
    if (make !== undefined) return { reporter: make(), out, buffer: undefined };
    const buffer: string[] | undefined = out === undefined ? undefined : [];
    const write = buffer === undefined ? io.stdout : (s: string) => void buffer.push(s);
    return { reporter: consoleReporter(write, { quiet: args.quiet === true, colors: out === undefined ? c : PLAIN }), out, buffer };
  });
  if (args.progress === true && toStdout.length === 0) reporters.push({ reporter: consoleReporter(io.stdout, { quiet: args.quiet === true, colors: c }), out: undefined, buffer: undefined });

  const results: Classified[] = [];
  let report;
  try {
    report = await runConformance({
      ...(args.target !== undefined ? { target: args.target } : {}),
      ...(args.profile !== undefined ? { profile: args.profile } : {}),
      ...(args.scenarios !== undefined ? { scenarios: args.scenarios } : {}),
      ...(args.openapi !== undefined ? { openapi: args.openapi } : {}),
      ...(args.expectations !== undefined ? { expectations: args.expectations } : {}),
      suite: args.suite,
      ...property,
      ...(oracle !== undefined ? { oracle } : {}),
      ...(args.bail === true ? { bail: true } : {}),
      only: args.only ?? [],
      onLoadError: (e, selected) => io.stderr(`${selected ? '' : 'warning (not selected): '}${formatLoadError(e)}\n`),
      onNote: (s) => io.stderr(`${c.yellow(`${name}: note:`)} ${s}\n`),
      onStart: ({ target, total, families }) => {
        const replay = [prog, `--target ${target}`];
        if (args.profile !== undefined) replay.push(`--profile ${args.profile}`);
        if (args.expectations !== undefined) replay.push(`--expectations ${args.expectations}`);
        if (args.scenarios !== undefined) replay.push(`--scenarios ${args.scenarios}`);
        if (args.openapi !== undefined) replay.push(`--openapi ${args.openapi}`);
        if (args.oracle !== undefined) replay.push(`--oracle ${args.oracle}`);
        // The property suite reruns as it ran: the same families (--only) and sequence length.
        const again = [...replay, '--suite properties', ...(args.only ?? []).map((o) => `--only ${o}`)];
        if (args['max-commands'] !== undefined) again.push(`--max-commands ${args['max-commands']}`);
        for (const { reporter } of reporters) reporter.start({ target, total, families, replay: replay.join(' '), propertyReplay: again.join(' ') });
      },
      onResult: (r) => {
        results.push(r);
        for (const { reporter } of reporters) reporter.result(r);
      },
      onProgress: (p) => {
        for (const { reporter } of reporters) reporter.progress?.(p);
      },
    });
  } catch (e) {
    if (e instanceof ConformanceError) return fail(e.kind === 'unreachable' ? EXIT.unreachable : EXIT.usage, e.message);
    throw e;
  }

  for (const { reporter, out, buffer } of reporters) {
    const text = reporter.finish(report.summary, results) ?? buffer?.join('');
    if (text === undefined) continue;
    if (out === undefined) io.stdout(text);
    else {
      try {
        writeFileSync(out, text);
      } catch (e) {
        return fail(EXIT.cannotWrite, `cannot write --out ${out}: ${why(e)}`);
      }
    }
  }
  if (report.summary.badFiles > 0) return EXIT.usage;
  return report.summary.ok ? EXIT.ok : EXIT.failed;
}
