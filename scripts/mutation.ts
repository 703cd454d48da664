// npm run mutation: how many planted faults the conformance suites alone find. StrykerJS
// plants the faults in reference/ (scripts/mutation/scope.ts says where, and what is left
// out and why) and runs the suites against each one (scripts/mutation/suites-command.ts).
// Testing all of them takes hours, so it tests a seeded random sample:
//   1. Stryker lists every mutant and runs none (scripts/mutation/sample-ignorer.ts);
//      its initial run times the suites;
//   2. the mutants in rank order under --seed (sample.ts): the sample is a prefix of it;
//   3. Stryker tests the sample in batches (plan.ts), with `mutate` ranges around the
//      sampled mutants and the ignorer for the rest, until --sample N are done or, by
//      default, until the next batch would not fit in --minutes;
//      (--recheck SUMMARY.json: instead of a sample, the survivors of that earlier run,
//      recheck.ts);
//   4. the report (report.ts): per suite and for all together, the share found with its
//      Wilson 95% interval, per directory, and the survivors. Known equivalent mutants
//      (scripts/mutation/equivalent.json) leave the count, each with its reason.
// Output: reports/mutation/summary.md and summary.json.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogLevel, MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { MUTATION_USAGE, mutationFlags, type MutationFlags } from './mutation/flags.ts';
import { batchBudget, byLocation, nextBatch } from './mutation/plan.ts';
import { buildReport, renderReport, rescore, type Equivalent, type MutationReport, type Tested } from './mutation/report.ts';
import { mutantsToRecheck } from './mutation/recheck.ts';
import { IGNORER_NAME, LISTING_REASON, SAMPLE_ENV, type SampleSpec } from './mutation/sample-ignorer.ts';
import { locationsByFile, mutantKey, mutateRanges, sampleMutants, type MutantId } from './mutation/sample.ts';
import { EXCLUDED, MUTATE, SUITES as SUITES_AS_WRITTEN, withOriginal } from './mutation/scope.ts';
import { textAt } from './mutation/source-text.ts';
import { OUTCOMES_ENV, parseOutcomes, suitesCommand, type SuiteOutcome } from './mutation/suites-command.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
process.chdir(ROOT);
// Stryker runs the suites in a mutated copy (its sandbox); the differential suite's oracle
// is the reference here, as written.
const SUITES = withOriginal(SUITES_AS_WRITTEN, join(ROOT, 'reference/index.ts'));

let flags: MutationFlags;
try {
  flags = mutationFlags(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`mutation: ${(e as Error).message} (${MUTATION_USAGE})\n`);
  process.exit(2);
}
if (flags.help) {
  process.stdout.write(`${MUTATION_USAGE}\n`);
  process.exit(0);
}

const OUT = resolve(flags.out);
const OUTCOMES = join(OUT, 'outcomes');
mkdirSync(OUT, { recursive: true });
const EQUIVALENTS = join(ROOT, 'scripts/mutation/equivalent.json');

// --rescore: an earlier run's survivors judged again against equivalent.json; nothing runs.
if (flags.rescore !== undefined) {
  const earlier = JSON.parse(readFileSync(flags.rescore, 'utf8')) as MutationReport;
  const { report, applied, contradicted } = rescore(earlier, JSON.parse(readFileSync(EQUIVALENTS, 'utf8')) as Equivalent[]);
  for (const key of applied) process.stdout.write(`equivalent now: ${key}\n`);
  for (const key of contradicted) process.stdout.write(`NOT equivalent (a suite found it), check its entry: ${key}\n`);
  writeFileSync(join(OUT, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
  const text = renderReport(report);
  writeFileSync(join(OUT, 'summary.md'), text);
  process.stdout.write(`\n${text}`);
  process.exit(contradicted.length > 0 ? 1 : 0);
}
process.env[OUTCOMES_ENV] = OUTCOMES;
const started = performance.now();
const now = () => performance.now() - started;
const say = (s: string) => process.stdout.write(`mutation [${(now() / 60_000).toFixed(1)} min]: ${s}\n`);

function strykerOptions(mutate: string[], command: string, extra: PartialStrykerOptions = {}): PartialStrykerOptions {
  return {
    testRunner: 'command',
    commandRunner: { command },
    mutate,
    ignorers: [IGNORER_NAME],
    appendPlugins: [join(ROOT, 'scripts/mutation/sample-ignorer-plugin.mjs')],
    coverageAnalysis: 'off',
    disableTypeChecks: false,
    concurrency: flags.concurrency,
    // One per run: Stryker cleans its temp directory up, and two runs may overlap.
    tempDirName: join(tmpdir(), `understudy-stryker-${process.pid}`),
    ignorePatterns: ['dist', 'coverage', '.c8', '.perf'],
    cleanTempDir: true,
    reporters: ['progress-append-only'],
    logLevel: 'warn' as LogLevel,
    fileLogLevel: 'off' as LogLevel,
    ...extra,
  };
}

/** Runs Stryker with this sample spec; the results and each mutant's suite outcomes (by Stryker's id). */
async function stryker(spec: SampleSpec, options: PartialStrykerOptions): Promise<{ results: MutantResult[]; outcomes: (id: string) => SuiteOutcome[] }> {
  const file = join(OUT, `spec-${Math.round(now())}.json`);
  writeFileSync(file, JSON.stringify(spec));
  process.env[SAMPLE_ENV] = file;
  rmSync(OUTCOMES, { recursive: true, force: true });
  mkdirSync(OUTCOMES, { recursive: true });
  try {
    const results = await new Stryker(options).runMutationTest();
    const outcomes = (id: string) => {
      try {
        return parseOutcomes(readFileSync(join(OUTCOMES, id), 'utf8'));
      } catch {
        return []; // Stryker stopped the command before a suite finished
      }
    };
    return { results, outcomes };
  } finally {
    rmSync(file, { force: true });
  }
}

const rel = (file: string) => relative(ROOT, file).replace(/\\/g, '/');
const idOf = (m: MutantResult): MutantId => ({ file: rel(m.fileName), location: m.location, mutatorName: m.mutatorName, replacement: m.replacement });

const sources = new Map<string, string>();
function originalText(m: MutantId): string {
  let source = sources.get(m.file);
  if (source === undefined) sources.set(m.file, (source = readFileSync(join(ROOT, m.file), 'utf8')));
  return textAt(source, m.location);
}

// 1. Every mutant, none run; the initial run times the suites.
const targets = flags.only.length > 0 ? flags.only : MUTATE;
say(`listing the mutants of ${targets.join(', ')}; suites: ${SUITES.map((s) => s.name).join(', ')}`);
const mutate = [...targets, ...Object.keys(EXCLUDED).map((p) => `!${p}`)];
const listing = await stryker({ mode: 'list' }, strykerOptions(mutate, suitesCommand(SUITES, process.execPath), { concurrency: 1 }));
// A `// Stryker disable` comment in the code leaves a mutant out with its own reason (code
// only another front door than the suites' reaches); it is not in the population.
const all = listing.results.filter((r) => r.statusReason === LISTING_REASON).map(idOf);
const disabled = listing.results.length - all.length;
// The code as it was when the mutants were listed: the report quotes it even if the
// working tree changes during the run.
for (const m of all) originalText(m);
const dry = listing.outcomes('dry');
for (const o of dry) if (o.status !== 0) throw new Error(`the ${o.suite} suite fails without any mutant (exit ${o.status})`);
const overheadMs = now();
say(`${all.length} mutants (${disabled} more disabled by comments in the code); the suites take ${dry.map((o) => `${o.suite} ${(o.ms / 1000).toFixed(1)} s`).join(', ')}`);

// 2, 3. The sample, batch by batch. Each suite gets 3 times its fault-free time and 15 s;
// Stryker's own limit comes after all of them, so a hang is put down to its suite.
const limits = Object.fromEntries(dry.map((o) => [o.suite, 3 * o.ms + 15_000]));
const timeoutMS = Object.values(limits).reduce((a, b) => a + b, 15_000);
const command = suitesCommand(SUITES, process.execPath, limits);
let order = sampleMutants(all, all.length, flags.seed);
let seed = flags.seed;
if (flags.size !== 'all' && 'recheck' in flags.size) {
  const earlier = JSON.parse(readFileSync(flags.size.recheck, 'utf8')) as MutationReport;
  // The survivors of every suite (a mutant one suite found is found).
  const r = mutantsToRecheck(all, earlier.survivors.filter((x) => x.foundBy.length === 0), originalText);
  for (const g of r.gone) say(`gone since that run (its code changed): ${g.key}`);
  say(`rechecking ${r.mutants.length} survivors of ${flags.size.recheck} (seed ${JSON.stringify(earlier.seed)})`);
  order = r.mutants;
  seed = `${earlier.seed}, survivors rechecked`;
  if (order.length === 0) {
    say('nothing to recheck');
    process.exit(0);
  }
}
const groups = byLocation(all);
const limit = flags.size === 'all' ? order.length : 'sample' in flags.size ? Math.min(flags.size.sample, order.length) : order.length;
const deadline = flags.size !== 'all' && 'minutes' in flags.size ? flags.size.minutes * 60_000 : Infinity;
const known = new Map<string, { status: string; outcomes: SuiteOutcome[] }>();
const knownKeys = new Set<string>();
// A first guess of the wall time per tested mutant, corrected after every batch.
let msPerMutant = (2 * dry.reduce((a, o) => a + o.ms, 0)) / flags.concurrency;
let end = 0;
let batches = 0;
while (end < limit) {
  const budget = deadline === Infinity ? Infinity : batchBudget(deadline - now(), overheadMs, msPerMutant, flags.concurrency);
  if (budget === 0) break;
  const batch = nextBatch(order, end, limit, knownKeys, groups, budget);
  const batchStart = now();
  say(`batch ${++batches}: mutants ${end + 1}–${batch.end} of the sample, ${batch.tested} to test`);
  const run = await stryker(
    { mode: 'sample', locations: locationsByFile(batch.toTest) },
    strykerOptions(mutateRanges(batch.toTest), command, { timeoutMS, timeoutFactor: 1 }),
  );
  let tested = 0;
  for (const r of run.results) {
    if (r.status === 'Ignored' || r.status === 'Pending') continue;
    tested++;
    const key = mutantKey(idOf(r));
    known.set(key, { status: r.status, outcomes: run.outcomes(r.id) });
    knownKeys.add(key);
  }
  end = batch.end;
  msPerMutant = Math.max(msPerMutant / 4, (now() - batchStart - overheadMs / 2) / Math.max(1, tested));
}
if (end === 0) throw new Error(`not even one batch fits in ${deadline / 60_000} minutes`);

// 4. The report.
const sample = order.slice(0, end);
const inSample = new Set(sample.map(mutantKey));
const asTested = (m: MutantId): Tested => {
  const k = known.get(mutantKey(m));
  if (k === undefined) throw new Error(`sampled mutant not tested: ${mutantKey(m)}`);
  return { ...m, ...k, original: originalText(m) };
};
const equivalents = JSON.parse(readFileSync(EQUIVALENTS, 'utf8')) as Equivalent[];
const report = buildReport({
  suites: SUITES.map((s) => s.name),
  population: all.length,
  disabled,
  seed,
  tested: sample.map(asTested),
  beside: all.filter((m) => known.has(mutantKey(m)) && !inSample.has(mutantKey(m))).map(asTested),
  equivalents,
  seconds: now() / 1000,
});
writeFileSync(join(OUT, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
const text = renderReport(report);
writeFileSync(join(OUT, 'summary.md'), text);
process.stdout.write(`\n${text}`);
say(`done in ${batches} batches; ${rel(join(OUT, 'summary.md'))}`);
