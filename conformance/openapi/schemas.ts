// OpenAPI 3.0 schemas as JSON Schema for ajv, compiled when first needed.
//   - `nullable: true` becomes a type (or enum) that admits null; on a schema without a
//     type (an allOf, a oneOf) it becomes `anyOf: [the schema, null]`; alone (`{nullable:
//     true}` beside an allOf branch that has the type) it says nothing and is dropped.
//   - `$ref: '#/components/...'` points into the document it was written in: each
//     document's components are one ajv schema, `<document>#/components/...`. Keywords
//     beside a $ref are ignored, as OpenAPI 3.0 says.
//   - `oneOf` and `anyOf` are checked by keywords of our own (x-one-of, x-any-of) with the
//     same meaning, so that an answer that fits no alternative is told what is wrong with
//     the alternative it comes closest to (the one whose `type`/`op` values it has), not
//     what is wrong with each of seventy event shapes. In an error answer's schema a
//     oneOf is read as anyOf: there the documents list example errors whose shapes
//     overlap (a CodedError fits every coded error), and the real server's own test
//     harness never holds error answers to them (zerver/openapi/openapi.py,
//     validate_test_response, returns before validating a 4xx).
//   - Known differences (known-differences.json) are set aside where they occur, also
//     inside an alternative: one that fits but for them is taken as fitting.
//   - Everything else OpenAPI adds (example, description, discriminator) ajv ignores
//     (`strict: false`); formats are not checked.
// Errors come back as problems: the JSON path in the answer, the schema keyword and
// where it is in the schema, and ajv's message.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OpenApiLoadError, type DocumentedResponse, type OpenApiDocument } from './documents.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const ALTERNATIVES: Record<string, string> = { oneOf: 'x-one-of', anyOf: 'x-any-of' };

/** The document's schemas with OpenAPI's dialect turned into JSON Schema (a copy). */
export function normalise(schema: unknown, document: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => normalise(s, document));
  if (!isObject(schema)) return schema;
  if (typeof schema['$ref'] === 'string') {
    const ref = schema['$ref'];
    return { $ref: ref.startsWith('#') ? `${document}${ref}` : ref };
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    // (`properties` and `components.schemas` are maps of names to schemas: a property
    // named "nullable" or "oneOf" has a schema, not a boolean or a list, for its value.)
    if (k === 'nullable' && typeof v === 'boolean') continue;
    const key = Array.isArray(v) && ALTERNATIVES[k] !== undefined ? (ALTERNATIVES[k] as string) : k;
    out[key] = normalise(v, document);
  }
  if (schema['nullable'] !== true) return out;
  const type = out['type'];
  if (typeof type === 'string' || Array.isArray(type)) {
    out['type'] = Array.isArray(type) ? [...new Set([...type, 'null'])] : [type, 'null'];
    if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
    return out;
  }
  if (['allOf', 'x-one-of', 'x-any-of', 'enum'].some((k) => k in out)) return { 'x-any-of': [out, { type: 'null' }] };
  return out;
}

/** One way an answer differs from its documented schema. */
export interface SchemaProblem {
  /** Where in the answer: `$`, `$.user.bot_type`, `$.members[3]`. */
  path: string;
  /** The JSON Schema keyword that failed (type, required, additionalProperties, enum, oneOf...). */
  keyword: string;
  /** Where that keyword is in the schema (`#/allOf/1/additionalProperties`, or `<document>#/components/schemas/User/...` inside a $ref). */
  schemaPath: string;
  /** For additionalProperties and required: the property. */
  property?: string;
  /** ajv's words, with the offending property or allowed values. */
  message: string;
}

/** A JSON pointer into the answer (`/user/bot_type`) as a scenario path (`$.user.bot_type`). */
export function jsonPath(pointer: string): string {
  if (pointer === '') return '$';
  return (
    '$' +
    pointer
      .slice(1)
      .split('/')
      .map((raw) => {
        const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
        if (/^\d+$/.test(part)) return `[${part}]`;
        if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(part)) return `.${part}`;
        return `[${JSON.stringify(part)}]`;
      })
      .join('')
  );
}

/** Params our alternatives keywords put on an error lifted out of an alternative. */
interface Lifted {
  /** Which alternative, and where the error is in it (`#/...` relative to it, or an absolute `<document>#/...`). */
  'x-alternative': number;
  'x-at': string;
}

/** Where an error's keyword is in the schema, through the alternatives it was lifted out of. */
function schemaPathOf(e: ErrorObject): string {
  const p = e.params as Partial<Lifted>;
  if (p['x-alternative'] === undefined || p['x-at'] === undefined) return e.schemaPath;
  const at = p['x-at'];
  if (!at.startsWith('#')) return at;
  const base = e.schemaPath.replace(/\/x-one-of$/, '/oneOf').replace(/\/x-any-of$/, '/anyOf');
  return `${base}/${p['x-alternative']}${at.slice(1)}`;
}

function describe(e: ErrorObject): SchemaProblem {
  const params = e.params as Record<string, unknown>;
  let message = e.message ?? e.keyword;
  if (e.keyword === 'additionalProperties') message = `has the undocumented property ${JSON.stringify(params['additionalProperty'])}`;
  else if (e.keyword === 'required') message = `lacks the required property ${JSON.stringify(params['missingProperty'])}`;
  else if (e.keyword === 'enum') message = `is not one of ${JSON.stringify(params['allowedValues'])}`;
  const property = params['additionalProperty'] ?? params['missingProperty'];
  return { path: jsonPath(e.instancePath), keyword: e.keyword, schemaPath: schemaPathOf(e), ...(typeof property === 'string' ? { property } : {}), message };
}

/**
 * How far an answer is from an alternative that does not admit it: 2 if the answer is of
 * another type altogether, 1 if one of its own properties has a value the alternative
 * does not allow (a `type` or `op` of another event), else 0; then the number of errors.
 */
function distance(errors: readonly ErrorObject[], at: string): [number, number] {
  let worst = 0;
  for (const e of errors) {
    if (e.instancePath === at && e.keyword === 'type') worst = 2;
    else if (worst < 1 && (e.keyword === 'enum' || e.keyword === 'const') && e.instancePath.startsWith(`${at}/`) && !e.instancePath.slice(at.length + 1).includes('/')) worst = 1;
  }
  return [worst, errors.length];
}

type AjvClass = typeof import('ajv').default;
type Ajv = InstanceType<AjvClass>;

/** How one answer is being checked: which problems are known, whether alternatives are examples (error answers). */
interface Checking {
  covers(problem: SchemaProblem): boolean;
  /** oneOf read as anyOf: the documents' error responses list example errors whose shapes overlap. */
  anyOfAlternatives: boolean;
  /** Known problems met inside alternatives that were accepted because of them. */
  known: SchemaProblem[];
}

/** x-one-of / x-any-of: oneOf / anyOf, whose failure is told as the errors of the nearest alternative. */
function alternativesKeyword(ajv: Ajv, keyword: 'x-one-of' | 'x-any-of', checking: () => Checking) {
  return {
    keyword,
    schemaType: 'array' as const,
    errors: true as const,
    compile(alternatives: unknown[]) {
      let compiled: ValidateFunction[] | undefined;
      const check = (data: unknown, cxt?: { instancePath: string }): boolean => {
        // Compiled on first use: an alternative may refer back to a schema being compiled.
        compiled ??= alternatives.map((s) => ajv.compile(s as Json));
        const now = checking();
        const exactlyOne = keyword === 'x-one-of' && !now.anyOfAlternatives;
        const at = cxt?.instancePath ?? '';
        const outcomes = compiled.map((v) => {
          const mark = now.known.length;
          if (v(data, cxt as never)) return { strict: true, errors: [] as ErrorObject[], known: [] as SchemaProblem[] };
          now.known.length = mark; // what a rejected alternative met is no finding
          const errors = [...(v.errors ?? [])];
          const problems = errors.map(describe);
          const known = problems.filter((p) => now.covers(p));
          return { strict: false, errors, known: known.length === problems.length ? known : undefined };
        });
        const strict = outcomes.flatMap((o, i) => (o.strict ? [i] : []));
        const self = check as unknown as { errors: Partial<ErrorObject>[] };
        if (strict.length > 1 && exactlyOne) {
          self.errors = [{ keyword: 'oneOf', instancePath: at, message: `fits ${strict.length} alternatives (#${strict.join(', #')}); oneOf wants exactly one`, params: { passingSchemas: strict } }];
          return false;
        }
        if (strict.length > 0) return true;
        // None fits as documented; one that fits but for known differences will do.
        const knownFit = outcomes.find((o) => o.known !== undefined);
        if (knownFit?.known !== undefined) {
          now.known.push(...knownFit.known);
          return true;
        }
        const ranked = outcomes.map((o, i) => ({ i, d: distance(o.errors, at) })).sort((a, b) => a.d[0] - b.d[0] || a.d[1] - b.d[1] || a.i - b.i);
        const best = ranked[0];
        if (best === undefined || best.d[0] > 0) {
          // No alternative is the answer's kind: say which of its values matched none.
          const own = isObject(data)
            ? Object.entries(data)
                .filter(([k, v]) => typeof v !== 'object' && outcomes.some((o) => o.errors.some((e) => e.instancePath === `${at}/${k}` && (e.keyword === 'enum' || e.keyword === 'const'))))
                .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
            : [];
          const what = own.length > 0 ? ` (${own.join(', ')})` : Array.isArray(data) ? ' (an array)' : data === null ? ' (null)' : ` (a ${typeof data})`;
          self.errors = [{ keyword: keyword === 'x-one-of' ? 'oneOf' : 'anyOf', instancePath: at, message: `fits none of the ${alternatives.length} alternatives${what}`, params: {} }];
          return false;
        }
        self.errors = (outcomes[best.i] as { errors: ErrorObject[] }).errors.map((e) => ({ ...e, params: { ...e.params, 'x-alternative': best.i, 'x-at': schemaPathOf(e) } }));
        return false;
      };
      return check;
    },
  };
}

/** What validating one answer found: its problems, and the known differences set aside. */
export interface Validation {
  problems: SchemaProblem[];
  known: SchemaProblem[];
}

const NOTHING_KNOWN: Checking = { covers: () => false, anyOfAlternatives: false, known: [] };

/** ajv over the documents' components, a compiled validator per documented response. */
export class SchemaValidators {
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(
    private readonly ajv: Ajv,
    private readonly state: { checking: Checking },
  ) {}

  static async create(documents: readonly OpenApiDocument[]): Promise<SchemaValidators> {
    let mod: { default: AjvClass };
    try {
      mod = (await import('ajv')) as unknown as { default: AjvClass };
    } catch {
      throw new OpenApiLoadError('--openapi needs the package ajv (and yaml): npm install --save-dev yaml ajv');
    }
    const Ajv = mod.default;
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: false, logger: false });
    // Validation is synchronous: the keywords read the answer being checked from here.
    const state = { checking: NOTHING_KNOWN };
    ajv.addKeyword(alternativesKeyword(ajv, 'x-one-of', () => state.checking));
    ajv.addKeyword(alternativesKeyword(ajv, 'x-any-of', () => state.checking));
    for (const doc of documents) ajv.addSchema({ $id: doc.name, components: normalise(doc.components, doc.name) });
    return new SchemaValidators(ajv, state);
  }

  /**
   * The problems of `body` against the documented response (none: it conforms), apart
   * from those `covers` calls known. An error answer (status 400 and up) fits a oneOf
   * if it fits any of its alternatives.
   */
  validate(response: DocumentedResponse, body: unknown, covers: (p: SchemaProblem) => boolean = () => false): Validation {
    const key = `${response.document} ${response.operation} ${response.status}`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(normalise(response.schema, response.document) as Json);
      this.compiled.set(key, validate);
    }
    const checking: Checking = { covers, anyOfAlternatives: Number(response.status) >= 400, known: [] };
    this.state.checking = checking;
    try {
      if (validate(body)) return { problems: [], known: checking.known };
      const all = (validate.errors ?? []).map(describe);
      return { problems: all.filter((p) => !covers(p)), known: [...checking.known, ...all.filter((p) => covers(p))] };
    } finally {
      this.state.checking = NOTHING_KNOWN;
    }
  }
}
