// A Stryker ignore plugin that keeps only the sampled mutants (scripts/mutation.ts). Stryker
// has no sampling of its own; its ignorers can leave out a syntax node and everything
// under it. The sample comes from the file named by $UNDERSTUDY_MUTATION_SAMPLE:
//   {"mode": "list"}                       ignore every node: Stryker lists all mutants, runs none
//   {"mode": "sample", "locations": {...}} per file, the locations of the sampled mutants
// In sample mode Stryker's `mutate` ranges already stop at the sampled locations; this
// leaves out every node under them that is neither sampled nor holds a sampled node.
// What remains beside the sample (other mutators on a sampled node) is tested too, and
// left out of the score.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** A location as Stryker reports a mutant's: lines and columns from 1. */
export interface Loc {
  start: { line: number; column: number };
  end: { line: number; column: number };
}

export type SampleSpec = { mode: 'list' } | { mode: 'sample'; locations: Record<string, Loc[]> };

export const SAMPLE_ENV = 'UNDERSTUDY_MUTATION_SAMPLE';
export const IGNORER_NAME = 'understudy-sample';
/** Why every mutant is left out while listing: a mutant with another reason was disabled by a comment in the code. */
export const LISTING_REASON = 'listing the mutants';

const before = (a: Loc['start'], b: Loc['start']) => a.line < b.line || (a.line === b.line && a.column <= b.column);
/** Whether `inner` lies within `outer` (or is it). */
export const within = (inner: Loc, outer: Loc) => before(outer.start, inner.start) && before(inner.end, outer.end);

/** Why a node at `loc` in a file with these sampled locations is left out, or undefined to keep it. */
export function ignoreReason(sampled: readonly Loc[] | undefined, loc: Loc): string | undefined {
  if (sampled === undefined) return 'not in the sample';
  if (sampled.some((s) => within(s, loc))) return undefined;
  return 'not in the sample';
}

interface BabelPath {
  node: { loc?: { start: { line: number; column: number }; end: { line: number; column: number } } | null };
  hub?: { file?: { opts?: { filename?: string } } };
}

/**
 * The ignorer. `spec` gives the sample spec when asked (it is read when instrumenting
 * starts, not when the plugin loads: one process runs Stryker twice); `root` is what file
 * names are relative to.
 */
export function sampleIgnorer(spec: () => SampleSpec, root: string) {
  return {
    shouldIgnore(path: BabelPath): string | undefined {
      const s = spec();
      if (s.mode === 'list') return LISTING_REASON;
      const loc = path.node.loc;
      const file = path.hub?.file?.opts?.filename;
      if (!loc || file === undefined) return undefined;
      const rel = relative(root, file).replace(/\\/g, '/');
      // Babel counts columns from 0.
      return ignoreReason(s.locations[rel], {
        start: { line: loc.start.line, column: loc.start.column + 1 },
        end: { line: loc.end.line, column: loc.end.column + 1 },
      });
    },
  };
}

const specs = new Map<string, SampleSpec>();
/** The spec in the file $UNDERSTUDY_MUTATION_SAMPLE names (read once per file name). */
export function specFromEnv(): SampleSpec {
  const file = process.env[SAMPLE_ENV];
  if (file === undefined) throw new Error(`${SAMPLE_ENV} is not set: run npm run mutation`);
  let spec = specs.get(file);
  if (spec === undefined) specs.set(file, (spec = JSON.parse(readFileSync(file, 'utf8')) as SampleSpec));
  return spec;
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, IGNORER_NAME, sampleIgnorer(specFromEnv, process.cwd()))];
