// Reporters see each result as it arrives and the summary at the end.
import type { Classified, Summary } from '../expectations.ts';
import type { PropertyProgress } from '../properties/run-properties.ts';

export interface RunInfo {
  target: string;
  total: number;
  /** Of which property families (the property suite). */
  families?: number;
  /** How to rerun one scenario: the command line with `--only <id>` appended. */
  replay: string;
  /** How to rerun the property suite as it ran (its family selection and options): with `--seed S --path P` appended. */
  propertyReplay?: string;
}

export interface Reporter {
  start(info: RunInfo): void;
  result(r: Classified): void;
  /** How the property suite is getting on (console only). */
  progress?(p: PropertyProgress): void;
  /** The report text for file reporters (json, junit); console reporters print as they go. */
  finish(summary: Summary, results: readonly Classified[]): string | undefined;
}

/** A reporter that writes one document at the end (json, junit, tap). */
export function fileReporter(render: (info: RunInfo, summary: Summary, results: readonly Classified[]) => string): Reporter {
  let info: RunInfo = { target: '', total: 0, replay: '' };
  return {
    start(i) {
      info = i;
    },
    result() {},
    finish: (summary, results) => render(info, summary, results),
  };
}
