// The incremental mode (--recheck SUMMARY.json): test again only the survivors of an
// earlier run, to see whether new scenarios or properties find them now. A survivor is
// found among today's mutants by its key (file, location, mutator, replacement) or, when
// edits have moved it, by the same file, mutator, replacement and original code, on the
// nearest line. One that is no longer there (its code changed) is reported, not tested.
import { mutantKey, type MutantId } from './sample.ts';
import type { Survivor } from './report.ts';

export interface Rechecked<M extends MutantId> {
  /** Today's mutants standing for the survivors, in the survivors' order. */
  mutants: M[];
  /** Survivors with no counterpart today (their code changed or went). */
  gone: Survivor[];
}

/** `original(m)`: the code mutant m replaces, in today's source. */
export function mutantsToRecheck<M extends MutantId>(all: readonly M[], survivors: readonly Survivor[], original: (m: M) => string): Rechecked<M> {
  const byKey = new Map(all.map((m) => [mutantKey(m), m]));
  const taken = new Set<M>();
  const mutants: M[] = [];
  const gone: Survivor[] = [];
  for (const s of survivors) {
    let m = byKey.get(s.key);
    if (m === undefined || taken.has(m)) {
      const same = all.filter((c) => !taken.has(c) && c.file === s.file && c.mutatorName === s.mutator && (c.replacement ?? '') === s.replacement && original(c) === s.original);
      m = same.sort((a, b) => Math.abs(a.location.start.line - s.line) - Math.abs(b.location.start.line - s.line))[0];
    }
    if (m === undefined) gone.push(s);
    else {
      taken.add(m);
      mutants.push(m);
    }
  }
  return { mutants, gone };
}
