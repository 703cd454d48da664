// The report: shares per suite and together, per directory, equivalents and invalid
// mutants out of the count, survivors listed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL, buildReport, foundBy, renderReport, rescore, type Tested } from './report.ts';

let line = 0;
const t = (file: string, status: string, outcomes: Array<[string, number]>, original = 'a < b', replacement = 'a <= b'): Tested => ({
  file,
  location: { start: { line: ++line, column: 3 }, end: { line, column: 8 } },
  mutatorName: 'EqualityOperator',
  replacement,
  status,
  outcomes: outcomes.map(([suite, s]) => ({ suite, status: s, ms: 10 })),
  original,
});

const suites = ['scenarios', 'properties'];
const tested = [
  t('reference/actions/a.ts', 'Killed', [['scenarios', 1], ['properties', 1]]),
  t('reference/actions/a.ts', 'Killed', [['scenarios', 0], ['properties', 1]]),
  t('reference/actions/a.ts', 'Survived', [['scenarios', 0], ['properties', 0]]),
  t('reference/domain/b.ts', 'Killed', [['scenarios', 124], ['properties', 0]]),
  t('reference/domain/b.ts', 'Timeout', [['scenarios', 0]]),
  t('reference/domain/b.ts', 'Survived', [['scenarios', 0], ['properties', 0]], 'x === 1', 'x !== 1'),
  t('reference/http/c.ts', 'RuntimeError', []),
];

test('a suite finds a mutant when it fails or hits its limit; no line: only on a Stryker timeout', () => {
  assert.ok(foundBy(tested[0]!, 'scenarios'));
  assert.not.ok(foundBy(tested[1]!, 'scenarios'));
  assert.ok(foundBy(tested[3]!, 'scenarios'));
  assert.ok(foundBy(tested[4]!, 'properties'));
  assert.not.ok(foundBy(tested[4]!, 'scenarios'));
});

test('scores per suite, together and per directory; equivalents and invalid mutants left out', () => {
  const r = buildReport({
    suites,
    population: 1000,
    seed: 's',
    tested,
    beside: [t('reference/http/c.ts', 'Survived', [['scenarios', 0], ['properties', 0]], 'q', 'r')],
    equivalents: [{ file: 'reference/domain/b.ts', mutator: 'EqualityOperator', replacement: 'x !== 1', original: 'x === 1', reason: 'same' }],
    seconds: 60,
  });
  assert.is(r.sampled, 7);
  assert.is(r.equivalent.length, 1);
  assert.is(r.invalid.length, 1);
  assert.equal([r.overall[ALL]!.found, r.overall[ALL]!.of], [4, 5]);
  assert.equal([r.overall['scenarios']!.found, r.overall['properties']!.found], [2, 3]);
  assert.equal(Object.keys(r.areas), ['actions', 'domain']);
  assert.equal([r.areas['actions']![ALL]!.found, r.areas['actions']![ALL]!.of], [2, 3]);
  assert.equal([r.areas['domain']!['scenarios']!.found, r.areas['domain']!['scenarios']!.of], [1, 2]);
  assert.ok(r.overall[ALL]!.low < 0.8 && r.overall[ALL]!.high > 0.8);
  assert.is(r.timeouts, 2);
  // Survivors of any suite are listed, with who found them.
  assert.equal(
    r.survivors.map((s) => s.foundBy),
    [['properties'], [], ['scenarios'], ['properties']],
  );
  assert.is(r.besideSurvivors.length, 1);
  const md = renderReport(r);
  assert.ok(md.includes('7 mutants sampled of 1000 (seed "s")'), md);
  assert.ok(md.includes('| **all of reference/ in scope** | 80.0% ('), md);
  assert.ok(md.includes('| actions/ | 66.7% ('), md);
  assert.ok(md.includes('- reference/actions/a.ts:3 EqualityOperator: `a < b` → `a <= b`\n'), md);
  assert.ok(md.includes('(found only by properties)'), md);
  assert.ok(md.includes('## Equivalent (left out)'), md);
  assert.ok(md.includes('## Survivors beside the sample (not counted)'), md);
});

test('mutants disabled by comments in the code are said, and stay out of the count', () => {
  const r = buildReport({ suites, population: 1000, disabled: 12, seed: 's', tested, beside: [], equivalents: [], seconds: 60 });
  assert.is(r.disabled, 12);
  assert.is(r.overall[ALL]!.of, 6);
  assert.ok(renderReport(r).includes('7 mutants sampled of 1000 (seed "s"; 12 more disabled by comments in the code, each with its reason there)'));
  assert.not.ok(renderReport(buildReport({ suites, population: 1000, seed: 's', tested, beside: [], equivalents: [], seconds: 60 })).includes('disabled by comments'));
});

test('an equivalent with a line matches only there; rescore takes survivors of every suite out of an earlier report', () => {
  const same = (l: number, status: string, outcomes: Array<[string, number]>): Tested => ({ ...t('reference/actions/d.ts', status, outcomes, 'false', 'true'), location: { start: { line: l, column: 1 }, end: { line: l, column: 6 } } });
  const input = {
    suites,
    population: 100,
    seed: 's',
    tested: [
      same(10, 'Survived', [['scenarios', 0], ['properties', 0]]),
      same(20, 'Survived', [['scenarios', 0], ['properties', 0]]),
      same(30, 'Survived', [['scenarios', 0], ['properties', 1]]),
      same(40, 'Killed', [['scenarios', 1], ['properties', 1]]),
    ],
    beside: [],
    equivalents: [],
    seconds: 1,
  };
  const before = buildReport(input);
  assert.equal([before.overall[ALL]!.found, before.overall[ALL]!.of], [2, 4]);
  const entry = (line?: number) => ({ file: 'reference/actions/d.ts', mutator: 'EqualityOperator', replacement: 'true', original: 'false', reason: 'why', ...(line !== undefined ? { line } : {}) });
  // With a line, the other `false` → `true` of the file still counts.
  const atLine = buildReport({ ...input, equivalents: [entry(10)] });
  assert.equal([atLine.overall[ALL]!.found, atLine.overall[ALL]!.of], [2, 3]);
  assert.is(buildReport({ ...input, equivalents: [entry()] }).overall[ALL]!.of, 0, 'without a line, every `false` → `true` of the file matches, the killed one too');
  // Rescoring the earlier report gives what the run would have given with the entry.
  const r = rescore(before, [entry(10)]);
  assert.equal(r.applied, [before.survivors.find((x) => x.line === 10)!.key]);
  assert.equal(r.contradicted, []);
  assert.equal(r.report.overall, atLine.overall);
  assert.equal(r.report.areas, atLine.areas);
  assert.is(r.report.equivalent.length, 1);
  assert.ok(!r.report.survivors.some((x) => x.line === 10));
  // An entry naming a mutant a suite found is wrong: reported, and the mutant stays counted.
  const wrong = rescore(before, [entry(30)]);
  assert.equal(wrong.applied, []);
  assert.is(wrong.contradicted.length, 1);
  assert.equal(wrong.report.overall, before.overall);
  // Rescoring twice changes nothing more.
  assert.equal(rescore(r.report, [entry(10)]).report.overall, r.report.overall);
});

test.run();
