// A seeded random sample of mutants, and the Wilson score interval of a share of them.
// A mutant's rank is the SHA-256 of the seed and its identity (file, location, mutator,
// replacement); the sample is the n lowest ranks. So the same seed picks the same
// mutants, and a mutant's chance does not depend on the others: an edit elsewhere in
// the code leaves the rest of the sample as it was.
import { createHash } from 'node:crypto';
import type { Loc } from './sample-ignorer.ts';

export interface MutantId {
  /** Relative to the repository, with forward slashes. */
  file: string;
  location: Loc;
  mutatorName: string;
  replacement?: string | undefined;
}

const at = (p: Loc['start']) => `${p.line}:${p.column}`;

/** A mutant's identity as text: file:line:column-line:column (from 1) mutator replacement. */
export function mutantKey(m: MutantId): string {
  return `${m.file}:${at(m.location.start)}-${at(m.location.end)} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}`;
}

function rank(seed: string, key: string): string {
  return createHash('sha256').update(`${seed}\0${key}`).digest('hex');
}

/** The n mutants of `all` with the lowest ranks under `seed` (all of them if n is larger). */
export function sampleMutants<M extends MutantId>(all: readonly M[], n: number, seed: string): M[] {
  return all
    .map((m) => ({ m, r: rank(seed, mutantKey(m)) }))
    .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0))
    .slice(0, n)
    .map(({ m }) => m);
}

/** The sampled locations per file, as the ignorer reads them. */
export function locationsByFile(sample: readonly MutantId[]): Record<string, Loc[]> {
  const out: Record<string, Loc[]> = {};
  for (const m of sample) (out[m.file] ??= []).push(m.location);
  return out;
}

/** Stryker `mutate` entries for the sampled locations: file:line:column-line:column (there, columns count from 0). */
export function mutateRanges(sample: readonly MutantId[]): string[] {
  const seen = new Set<string>();
  for (const m of sample) {
    const { start, end } = m.location;
    seen.add(`${m.file}:${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`);
  }
  return [...seen].sort();
}

/** The Wilson score interval for k successes in n trials (95% by default), as [low, high]. */
export function wilson(k: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denom = 1 + z2 / n;
  return [Math.max(0, (centre - margin) / denom), Math.min(1, (centre + margin) / denom)];
}
