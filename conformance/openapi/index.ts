// Checking answers against the real API description (`--openapi DIR`): the documents
// read and indexed once, a validator compiled per documented response when first needed,
// the known differences (known-differences.json) set aside. One answer in, its problems
// out; an answer the documents do not describe (an undocumented path, method or status,
// a control route, a body that is not JSON) is "not documented", never a failure.
import { loadOpenApiDir, OpenApiIndex } from './documents.ts';
import { KnownDifferences } from './known-differences.ts';
import { SchemaValidators, type SchemaProblem } from './schemas.ts';

export { OpenApiIndex, OpenApiLoadError, loadOpenApiDir, type DocumentedResponse } from './documents.ts';
export { KnownDifferences, type KnownDifference } from './known-differences.ts';
export { normalise, jsonPath, type SchemaProblem } from './schemas.ts';

export type AnswerCheck =
  | { documented: false; why: string }
  | {
      documented: true;
      /** "GET /users/me" (the document's path template). */
      operation: string;
      status: string;
      problems: SchemaProblem[];
      /** Problems that are known differences (not in `problems`). */
      known: SchemaProblem[];
    };

/** What the checker has seen so far. */
export interface OpenApiStats {
  /** Answers validated against a documented schema. */
  validated: number;
  /** Answers with no documented schema (undocumented path, method or status; not JSON). */
  undocumented: number;
  /** Answers of a server set to a feature level below the documents' own (not checked). */
  olderLevel: number;
  /** Validated answers with at least one problem (known differences aside). */
  failed: number;
  /** Problems set aside as known differences. */
  known: number;
}

export class OpenApiChecker {
  readonly stats: OpenApiStats = { validated: 0, undocumented: 0, olderLevel: 0, failed: 0, known: 0 };

  constructor(
    readonly index: OpenApiIndex,
    private readonly validators: SchemaValidators,
    readonly known: KnownDifferences = new KnownDifferences([]),
  ) {}

  /** Reads the documents of `dir`; the known differences default to the ones that ship with this module. */
  static async load(dir: string, known?: KnownDifferences): Promise<OpenApiChecker> {
    const index = await loadOpenApiDir(dir);
    return new OpenApiChecker(index, await SchemaValidators.create(index.documents), known ?? KnownDifferences.bundled());
  }

  /**
   * Checks one answer: `path` as sent (with the /api/v1 prefix, a query string is ignored).
   * `featureLevel`: the level the server was set to, if a scenario set one; below the
   * documents' own level the answer is not checked (the documents describe the newest
   * level: a field added since is rightly absent, one removed since rightly present).
   */
  check(method: string, path: string, status: number, body: unknown, featureLevel?: number): AnswerCheck {
    if (featureLevel !== undefined && featureLevel < this.index.featureLevel) {
      this.stats.olderLevel++;
      return { documented: false, why: `the server is at feature level ${featureLevel}; the documents describe level ${this.index.featureLevel}` };
    }
    const response = this.index.response(method, path, status);
    if ('undocumented' in response || body === undefined) {
      this.stats.undocumented++;
      return { documented: false, why: 'undocumented' in response ? response.undocumented : 'the answer is not JSON' };
    }
    const { problems, known } = this.validators.validate(response, body, (p) => this.known.covers(response.operation, response.status, p));
    this.stats.validated++;
    if (problems.length > 0) this.stats.failed++;
    this.stats.known += known.length;
    return { documented: true, operation: response.operation, status: response.status, problems, known };
  }

  /** A check's problems as lines for a scenario failure. */
  describe(check: AnswerCheck): string[] {
    if (!check.documented) return [];
    return check.problems.map((p) => `openapi ${check.operation} ${check.status}: ${p.path} ${p.message} (${p.keyword} at ${p.schemaPath})`);
  }
}
