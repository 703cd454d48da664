// The whole run as one JSON document: exactly what runConformance() resolves to
// ({ target, results, summary }), so that a script reads a report file and a program
// calling the function the same way. Credentials are masked in both (suite.ts).
import { fileReporter, type Reporter } from './reporter.ts';

export function jsonReporter(): Reporter {
  return fileReporter((info, summary, results) => `${JSON.stringify({ target: info.target, results, summary }, null, 2)}\n`);
}
