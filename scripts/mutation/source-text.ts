// The code a mutant replaces, as it stands in the source: what the report shows and what
// equivalent.json entries are matched against.
import type { Loc } from './sample-ignorer.ts';

/** The text at a Stryker location (lines and columns from 1, end exclusive) of `source`. */
export function textAt(source: string, loc: Loc): string {
  const lines = source.split('\n');
  const [sl, sc, el, ec] = [loc.start.line - 1, loc.start.column - 1, loc.end.line - 1, loc.end.column - 1];
  if (sl === el) return (lines[sl] ?? '').slice(sc, ec);
  return [(lines[sl] ?? '').slice(sc), ...lines.slice(sl + 1, el), (lines[el] ?? '').slice(0, ec)].join('\n');
}
