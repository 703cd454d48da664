// The mutation report: for each suite and for all of them together, the share of the
// sampled mutants it found, with the Wilson 95% interval, overall and per directory of
// reference/; and the survivors. A suite finds a mutant when it fails against it (a time
// limit counts: a hang is found). Known equivalent mutants (no suite could find them: the
// behaviour is the same) and mutants that could not run leave the count.
import { mutantKey, wilson, type MutantId } from './sample.ts';
import { areaOf } from './scope.ts';
import { TIMED_OUT, type SuiteOutcome } from './suites-command.ts';

/** A sampled mutant as tested: Stryker's status, the suites' outcomes, the code it replaced. */
export interface Tested extends MutantId {
  status: string;
  outcomes: SuiteOutcome[];
  original: string;
}

/** A mutant that behaves like the original (scripts/mutation/equivalent.json). */
export interface Equivalent {
  file: string;
  mutator: string;
  replacement: string;
  /** The code it replaces, exactly. */
  original: string;
  /**
   * Its line, where the same change of the same text elsewhere in the file is no
   * equivalent (`false` → `true` of one argument among several). Without it, every such
   * mutant of the file matches. An edit that moves the line unmatches it: it counts again.
   */
  line?: number;
  reason: string;
}

export interface Score {
  found: number;
  of: number;
  score: number;
  low: number;
  high: number;
}

export interface Survivor {
  key: string;
  file: string;
  line: number;
  mutator: string;
  original: string;
  replacement: string;
  /** The suites that found it (a survivor of all of them has none). */
  foundBy: string[];
}

export interface MutationReport {
  suites: string[];
  /** How many mutants there are in scope; the sample is drawn from them. */
  population: number;
  /** Mutants left out by `// Stryker disable` comments in the code (each says why there). */
  disabled?: number;
  seed: string;
  sampled: number;
  /** Tested beside the sample (other mutants at a sampled location): not counted. */
  beside: number;
  equivalent: Array<{ key: string; reason: string }>;
  /** Sampled mutants that could not run (Stryker: CompileError, RuntimeError). */
  invalid: string[];
  /** "all" and each suite: the score over the counted mutants. */
  overall: Record<string, Score>;
  /** Per directory of reference/, the same. */
  areas: Record<string, Record<string, Score>>;
  survivors: Survivor[];
  /** The survivors among the mutants tested beside the sample (not counted, but telling). */
  besideSurvivors: Survivor[];
  timeouts: number;
  seconds: number;
}

const INVALID = new Set(['CompileError', 'RuntimeError']);
export const ALL = 'all';

function score(found: number, of: number): Score {
  const [low, high] = wilson(found, of);
  return { found, of, score: of === 0 ? 0 : found / of, low, high };
}

/** Whether `suite` found the mutant: it failed or hit its time limit. No outcome: only if Stryker stopped the whole run on time. */
export function foundBy(t: Tested, suite: string): boolean {
  const o = t.outcomes.find((x) => x.suite === suite);
  if (o === undefined) return t.status === 'Timeout';
  return o.status !== 0;
}

/** The fields a tested mutant and a reported survivor both give. */
interface Identity {
  file: string;
  mutator: string;
  replacement: string;
  original: string;
  line: number;
}

const identityOf = (t: Tested): Identity => ({ file: t.file, mutator: t.mutatorName, replacement: t.replacement ?? '', original: t.original, line: t.location.start.line });

export function matchesEquivalent(t: Tested | Survivor, e: Equivalent): boolean {
  const m = 'mutatorName' in t ? identityOf(t) : t;
  return e.file === m.file && e.mutator === m.mutator && e.replacement === m.replacement && e.original === m.original && (e.line === undefined || e.line === m.line);
}

export function buildReport(input: {
  suites: string[];
  population: number;
  disabled?: number;
  seed: string;
  tested: Tested[];
  beside: Tested[];
  equivalents: Equivalent[];
  seconds: number;
}): MutationReport {
  const { suites, tested } = input;
  const equivalent: MutationReport['equivalent'] = [];
  const invalid: string[] = [];
  const counted: Tested[] = [];
  for (const t of tested) {
    const eq = input.equivalents.find((e) => matchesEquivalent(t, e));
    if (eq) equivalent.push({ key: mutantKey(t), reason: eq.reason });
    else if (INVALID.has(t.status)) invalid.push(mutantKey(t));
    else counted.push(t);
  }
  const columns = [ALL, ...suites];
  const found = (t: Tested, column: string) => (column === ALL ? suites.some((s) => foundBy(t, s)) : foundBy(t, column));
  const scores = (ts: Tested[]) => Object.fromEntries(columns.map((c) => [c, score(ts.filter((t) => found(t, c)).length, ts.length)]));
  const areas: MutationReport['areas'] = {};
  for (const area of [...new Set(counted.map((t) => areaOf(t.file)))].sort()) areas[area] = scores(counted.filter((t) => areaOf(t.file) === area));
  const survivorsOf = (ts: Tested[]): Survivor[] =>
    ts
      .filter((t) => !found(t, ALL) || suites.some((s) => !foundBy(t, s)))
      .map((t) => ({ key: mutantKey(t), ...identityOf(t), foundBy: suites.filter((s) => foundBy(t, s)) }))
      .sort((a, b) => a.key.localeCompare(b.key));
  const notEquivalent = (t: Tested) => !input.equivalents.some((e) => matchesEquivalent(t, e));
  return {
    suites,
    population: input.population,
    ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
    seed: input.seed,
    sampled: tested.length,
    beside: input.beside.length,
    equivalent,
    invalid,
    overall: scores(counted),
    areas,
    survivors: survivorsOf(counted),
    besideSurvivors: survivorsOf(input.beside.filter((t) => notEquivalent(t) && !INVALID.has(t.status))),
    timeouts: counted.filter((t) => t.status === 'Timeout' || t.outcomes.some((o) => TIMED_OUT.includes(o.status))).length,
    seconds: input.seconds,
  };
}

/**
 * An earlier run's report with the equivalents as they are now: a survivor of every suite
 * that one of them names leaves the count (every column, its directory too), with its
 * reason. Only survivors can be equivalent: one that a suite found and an entry names is
 * a wrong entry, listed in `contradicted` and left counted.
 */
export function rescore(r: MutationReport, equivalents: Equivalent[]): { report: MutationReport; applied: string[]; contradicted: string[] } {
  const applied: string[] = [];
  const contradicted: string[] = [];
  const overall = structuredClone(r.overall);
  const areas = structuredClone(r.areas);
  const equivalent = [...r.equivalent];
  const survivors: Survivor[] = [];
  const known = new Set(r.equivalent.map((e) => e.key));
  for (const s of r.survivors) {
    const eq = known.has(s.key) ? undefined : equivalents.find((e) => matchesEquivalent(s, e));
    if (eq === undefined) {
      survivors.push(s);
      continue;
    }
    if (s.foundBy.length > 0) {
      contradicted.push(s.key);
      survivors.push(s);
      continue;
    }
    applied.push(s.key);
    equivalent.push({ key: s.key, reason: eq.reason });
    for (const scores of [overall, areas[areaOf(s.file)] ?? {}]) {
      for (const [column, sc] of Object.entries(scores)) scores[column] = score(sc.found, sc.of - 1);
    }
  }
  return { report: { ...r, overall, areas, equivalent, survivors, besideSurvivors: r.besideSurvivors.filter((s) => !equivalents.some((e) => matchesEquivalent(s, e))) }, applied, contradicted };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const cell = (s: Score | undefined) => (s === undefined || s.of === 0 ? '–' : `${pct(s.score)} (${pct(s.low)}–${pct(s.high)}), ${s.found}/${s.of}`);
const oneLine = (s: string, max = 70) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** The report as Markdown. */
export function renderReport(r: MutationReport): string {
  const columns = [ALL, ...r.suites];
  const head = (first: string) => [`| ${first} | ${columns.map((c) => (c === ALL ? 'all suites' : c)).join(' | ')} |`, `|---|${columns.map(() => '---').join('|')}|`];
  const out = [
    '# Mutation score of the conformance suites',
    '',
    `${r.sampled} mutants sampled of ${r.population} (seed ${JSON.stringify(r.seed)}${r.disabled ? `; ${r.disabled} more disabled by comments in the code, each with its reason there` : ''}); ` +
      `${r.equivalent.length} equivalent and ${r.invalid.length} that could not run left out; ` +
      `${r.overall[ALL]?.of ?? 0} counted; ${r.timeouts} found by a time limit; ${r.beside} more tested beside the sample, not counted. ` +
      `Run time ${(r.seconds / 60).toFixed(1)} min.`,
    '',
    'Share found, with the Wilson 95% interval:',
    '',
    ...head(''),
    `| **all of reference/ in scope** | ${columns.map((c) => cell(r.overall[c])).join(' | ')} |`,
    ...Object.entries(r.areas).map(([area, s]) => `| ${area}/ | ${columns.map((c) => cell(s[c])).join(' | ')} |`),
    '',
  ];
  const list = (title: string, survivors: Survivor[]) => {
    if (survivors.length === 0) return;
    out.push(title, '');
    for (const s of survivors) {
      const by = s.foundBy.length > 0 ? ` (found only by ${s.foundBy.join(', ')})` : '';
      out.push(`- ${s.file}:${s.line} ${s.mutator}: \`${oneLine(s.original)}\` → \`${oneLine(s.replacement)}\`${by}`);
    }
    out.push('');
  };
  list('## Survivors', r.survivors);
  list('## Survivors beside the sample (not counted)', r.besideSurvivors);
  if (r.equivalent.length > 0) {
    out.push('## Equivalent (left out)', '');
    for (const e of r.equivalent) out.push(`- ${e.key}: ${e.reason}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
