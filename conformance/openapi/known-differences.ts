// Where an answer may knowingly differ from the real API description: each entry of
// known-differences.json names the operation, the status, where in the answer and which
// schema keyword, and why (the description is wrong against the real server's code, or
// the API specification Understudy follows decides). A problem an entry covers is counted, not failed.
import { z } from 'zod';
import bundled from './known-differences.json' with { type: 'json' };
import type { SchemaProblem } from './schemas.ts';

export const KnownDifference = z.strictObject({
  /** "GET /users/me": the method and the document's path template; "*": every operation (a rule of the server's request parser, say). */
  operation: z.string().regex(/^(\*|(GET|POST|PUT|PATCH|DELETE) \/\S*)$/),
  status: z.string().regex(/^\d{3}$/),
  /** Where in the answer (`$.user.bot_type`); `[*]` stands for any index. */
  path: z.string().startsWith('$'),
  /** The schema keyword that fails (additionalProperties, required, type, enum...). */
  keyword: z.string().min(1),
  /** For additionalProperties and required: the property. */
  property: z.string().optional(),
  /** Words the problem's message contains (for oneOf: the values that fit no alternative, `type: "x"`). */
  message: z.string().min(1).optional(),
  /** Why: the real server's code (zerver/...) against the document, or the API specification Understudy follows. */
  reason: z.string().min(40),
});
export type KnownDifference = z.infer<typeof KnownDifference>;

const File = z.strictObject({ '//': z.string().optional(), differences: z.array(KnownDifference) });

function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\[\*\]/g, '\\[\\d+\\]').replace(/\[(?!\\d)/g, '\\[')}$`);
}

export class KnownDifferences {
  private readonly patterns: Array<{ entry: KnownDifference; path: RegExp }>;

  constructor(readonly entries: readonly KnownDifference[]) {
    this.patterns = entries.map((entry) => ({ entry, path: pathPattern(entry.path) }));
  }

  /** The entries of known-differences.json (checked: a malformed file throws). */
  static bundled(): KnownDifferences {
    return new KnownDifferences(File.parse(bundled).differences);
  }

  covers(operation: string, status: string, problem: SchemaProblem): boolean {
    return this.patterns.some(
      ({ entry, path }) =>
        (entry.operation === '*' || entry.operation === operation) &&
        entry.status === status &&
        entry.keyword === problem.keyword &&
        path.test(problem.path) &&
        (entry.property === undefined || entry.property === problem.property) &&
        (entry.message === undefined || problem.message.includes(entry.message)),
    );
  }
}
