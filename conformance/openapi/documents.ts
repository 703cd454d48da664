// The real API description: the OpenAPI 3.0 documents of the Zulip server (one YAML file
// per area, as zulip/zulip's zerver/openapi/ splits them), read and indexed by operation.
// An answer is found by its method, its path (matched against the path templates) and its
// status; its schema is the `application/json` one of that response. Nothing here knows
// an endpoint: a new answer of a documented operation is checked the moment it exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;

/** One response of one operation: "GET /users/me" answering 200. */
export interface DocumentedResponse {
  /** "GET /users/me", the method and the path template as the document writes it. */
  operation: string;
  status: string;
  /** The document (file name) it comes from: the $id of its components for ajv. */
  document: string;
  schema: unknown;
}

interface Operation {
  method: string;
  template: string;
  /** Literal segments and parameters, in order. */
  segments: Array<{ literal: string } | { param: string; integer: boolean }>;
  document: string;
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  name: string;
  components: Json;
}

export class OpenApiLoadError extends Error {}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The path prefixes a Zulip server answers the API on (the documents' servers end in /api/v1; the web app's are /json). */
const PREFIXES = ['/api/v1', '/json'];

/** `#/components/responses/X` of a document, followed once (responses may be shared). */
function followResponse(doc: Json, response: unknown): unknown {
  if (!isObject(response) || typeof response['$ref'] !== 'string') return response;
  const m = /^#\/components\/responses\/(.+)$/.exec(response['$ref']);
  const responses = isObject(doc['components']) ? doc['components']['responses'] : undefined;
  return m && isObject(responses) ? responses[m[1] as string] : undefined;
}

/** `#/components/parameters/X` of a document, followed once. */
function followParameter(doc: Json, p: unknown): Json | undefined {
  if (!isObject(p)) return undefined;
  if (typeof p['$ref'] !== 'string') return p;
  const m = /^#\/components\/parameters\/(.+)$/.exec(p['$ref']);
  const params = isObject(doc['components']) ? doc['components']['parameters'] : undefined;
  const found = m && isObject(params) ? params[m[1] as string] : undefined;
  return isObject(found) ? found : undefined;
}

function segmentsOf(doc: Json, template: string, parameters: unknown[]): Operation['segments'] {
  const integers = new Set<string>();
  for (const raw of parameters) {
    const p = followParameter(doc, raw);
    if (p && p['in'] === 'path' && isObject(p['schema']) && p['schema']['type'] === 'integer') integers.add(String(p['name']));
  }
  return template
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      const m = /^\{(.+)\}$/.exec(s);
      return m ? { param: m[1] as string, integer: integers.has(m[1] as string) } : { literal: s };
    });
}

/** Every string in a parsed document (the descriptions, with their "Changes" notes). */
function* strings(v: unknown): Generator<string> {
  if (typeof v === 'string') yield v;
  else if (Array.isArray(v)) for (const x of v) yield* strings(x);
  else if (isObject(v)) for (const x of Object.values(v)) yield* strings(x);
}

export class OpenApiIndex {
  readonly documents: OpenApiDocument[] = [];
  private readonly operations: Operation[] = [];
  /**
   * The API feature level the documents describe: the highest their "Changes" notes name
   * ("New in Zulip 11.0 (feature level 497)"); 0 if they name none.
   */
  featureLevel = 0;

  /** Adds one parsed document; `name` identifies it (its file name). */
  add(name: string, doc: unknown): void {
    if (!isObject(doc) || !isObject(doc['paths'])) throw new OpenApiLoadError(`${name}: not an OpenAPI document (no paths)`);
    this.documents.push({ name, components: isObject(doc['components']) ? doc['components'] : {} });
    for (const text of strings(doc)) for (const m of text.matchAll(/feature\s+level\s+(\d+)/gi)) this.featureLevel = Math.max(this.featureLevel, Number(m[1]));
    for (const [template, item] of Object.entries(doc['paths'])) {
      if (!isObject(item)) continue;
      const shared = Array.isArray(item['parameters']) ? item['parameters'] : [];
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const own = Array.isArray(op['parameters']) ? op['parameters'] : [];
        const responses: Record<string, unknown> = {};
        for (const [status, r] of Object.entries(isObject(op['responses']) ? op['responses'] : {})) {
          const response = followResponse(doc, r);
          const content = isObject(response) ? response['content'] : undefined;
          const json = isObject(content) ? content['application/json'] : undefined;
          if (isObject(json) && json['schema'] !== undefined) responses[status] = json['schema'];
        }
        this.operations.push({ method: method.toUpperCase(), template, segments: segmentsOf(doc, template, [...shared, ...own]), document: name, responses });
      }
    }
  }

  /**
   * The documented operation a request names, if any: the path without its query and
   * API prefix, matched against the templates; where several match (`/users/me` and
   * `/users/{user_id}`), the one with more literal segments wins, and an integer
   * parameter matches only digits.
   */
  operation(method: string, path: string): Operation | undefined {
    const bare = path.split('?')[0] as string;
    const prefix = PREFIXES.find((p) => bare === p || bare.startsWith(`${p}/`));
    if (prefix === undefined) return undefined;
    const parts = bare
      .slice(prefix.length)
      .split('/')
      .filter((s) => s !== '');
    let best: Operation | undefined;
    let bestLiterals = -1;
    for (const op of this.operations) {
      if (op.method !== method.toUpperCase() || op.segments.length !== parts.length) continue;
      let literals = 0;
      const fits = op.segments.every((seg, i) => {
        const part = parts[i] as string;
        if ('literal' in seg) {
          literals++;
          return seg.literal === part;
        }
        return !seg.integer || /^\d+$/.test(part);
      });
      if (fits && literals > bestLiterals) {
        best = op;
        bestLiterals = literals;
      }
    }
    return best;
  }

  /** The documented response of a request with that status, or why there is none. */
  response(method: string, path: string, status: number): DocumentedResponse | { undocumented: string } {
    const op = this.operation(method, path);
    if (op === undefined) return { undocumented: `${method.toUpperCase()} ${path.split('?')[0]} is not documented` };
    const operation = `${op.method} ${op.template}`;
    const schema = op.responses[String(status)];
    if (schema === undefined) return { undocumented: `${operation} documents no JSON answer with status ${status}` };
    return { operation, status: String(status), document: op.document, schema };
  }
}

/** Reads every *.yml / *.yaml / *.json file of `dir` (the zulip-openapi documents). */
export async function loadOpenApiDir(dir: string): Promise<OpenApiIndex> {
  let files: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    files = readdirSync(dir)
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .sort();
  } catch (e) {
    throw new OpenApiLoadError(`--openapi ${dir}: ${(e as Error).message}`);
  }
  if (files.length === 0) throw new OpenApiLoadError(`--openapi ${dir}: no OpenAPI document (*.yml, *.yaml, *.json) in it`);
  let parse: (text: string) => unknown;
  try {
    ({ parse } = await import('yaml'));
  } catch {
    throw new OpenApiLoadError('--openapi needs the package yaml (and ajv): npm install --save-dev yaml ajv');
  }
  const index = new OpenApiIndex();
  for (const f of files) {
    let doc: unknown;
    try {
      doc = parse(readFileSync(join(dir, f), 'utf8'));
    } catch (e) {
      throw new OpenApiLoadError(`${join(dir, f)}: ${(e as Error).message.split('\n')[0]}`);
    }
    try {
      index.add(f, doc);
    } catch (e) {
      throw new OpenApiLoadError(`${join(dir, f)}: ${(e as Error).message}`);
    }
  }
  return index;
}
