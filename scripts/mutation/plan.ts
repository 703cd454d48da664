// Which mutants the next Stryker run tests. The sample is a prefix of the mutants in rank
// order (sample.ts), so a run stopped by its time limit is still a uniform random sample.
// Stryker cannot tell apart two mutants of one syntax node (sample-ignorer.ts): testing a
// mutant tests every mutant at its location. Those others are remembered, and not tested
// again when the sample reaches them.
import { mutantKey, type MutantId } from './sample.ts';

export const locationKey = (m: MutantId) => `${m.file}:${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}`;

/** The mutants at each location. */
export function byLocation<M extends MutantId>(all: readonly M[]): Map<string, M[]> {
  const groups = new Map<string, M[]>();
  for (const m of all) {
    const k = locationKey(m);
    const g = groups.get(k);
    if (g) g.push(m);
    else groups.set(k, [m]);
  }
  return groups;
}

export interface Batch<M extends MutantId> {
  /** The sample after this batch: order[0, end). */
  end: number;
  /** Sampled mutants of this batch not known yet: their locations go to Stryker. */
  toTest: M[];
  /** How many mutants Stryker will test: every mutant at those locations. */
  tested: number;
}

/**
 * The next batch: from order[start] on, the mutants whose results are not `known` (by
 * mutantKey) and the others at their locations, at most `budget` mutants to test (but at
 * least one location), and at most up to order[limit).
 */
export function nextBatch<M extends MutantId>(order: readonly M[], start: number, limit: number, known: ReadonlySet<string>, groups: ReadonlyMap<string, readonly M[]>, budget: number): Batch<M> {
  const toTest: M[] = [];
  const locations = new Set<string>();
  let tested = 0;
  let end = start;
  for (; end < Math.min(limit, order.length); end++) {
    const m = order[end] as M;
    if (known.has(mutantKey(m))) continue;
    const loc = locationKey(m);
    if (locations.has(loc)) continue;
    const size = (groups.get(loc) ?? [m]).filter((g) => !known.has(mutantKey(g))).length;
    if (tested > 0 && tested + size > budget) break;
    locations.add(loc);
    toTest.push(m);
    tested += size;
  }
  return { end, toTest, tested };
}

/**
 * How many mutants the next batch may test, or 0 when none fits: half of what seems to
 * fit in the time left (all of it once that is little), so that a wrong guess of the
 * time per mutant costs one batch, not the deadline. Times in milliseconds.
 */
export function batchBudget(left: number, batchOverhead: number, perMutant: number, concurrency: number): number {
  const capacity = Math.floor((left - batchOverhead) / perMutant);
  if (capacity < 2 * concurrency) return 0;
  return capacity < 8 * concurrency ? capacity : Math.floor(capacity / 2);
}
