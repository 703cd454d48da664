// Typed parameters, declared with zod, decoded the way the real server's
// typed_endpoint does it (zulip/zulip zerver/lib/typed_endpoint.py):
// - a string parameter is taken raw; a JSON parameter (booleans, integers, lists,
//   objects) is JSON-decoded first, strictly ("1" is not a boolean);
// - a missing required parameter is REQUEST_VARIABLE_MISSING `Missing 'x' argument`;
// - a value that fails validation is BAD_REQUEST with the real server's wording;
// - parameters nobody read are reported in `ignored_parameters_unsupported`.
import { z } from 'zod';
import { BadRequest, ConfusingArguments, MissingArgument } from '../errors.ts';
import { checkJsonDepth } from './decoding-limits.ts';

type Mode = 'required' | 'optional' | 'default';

export class Param<T> {
  declare readonly _out: T;
  constructor(
    readonly kind: 'string' | 'json',
    readonly schema: z.ZodType,
    readonly mode: Mode = 'required',
    readonly fallback: unknown = undefined,
    readonly aliases: readonly string[] = [],
  ) {}
  /** Optional; `value` when absent. */
  default(value: T): Param<T> {
    return new Param<T>(this.kind, this.schema, 'default', value, this.aliases);
  }
  /** Optional; `undefined` when absent. */
  optional(): Param<T | undefined> {
    return new Param<T | undefined>(this.kind, this.schema, 'optional', undefined, this.aliases);
  }
  /** Also accepted under these older names (e.g. `subject` for `topic`). */
  alias(...names: string[]): Param<T> {
    return new Param<T>(this.kind, this.schema, this.mode, this.fallback, [...this.aliases, ...names]);
  }
}

/** A raw string parameter, validated by `schema` (default: any string). */
export function str<S extends z.ZodType<string, string> = z.ZodString>(schema?: S): Param<z.output<S>> {
  return new Param(`string`, schema ?? z.string());
}

/** A JSON-encoded parameter whose decoded value must satisfy `schema`. */
export function json<S extends z.ZodType>(schema: S): Param<z.output<S>> {
  return new Param('json', schema);
}

export type ParamSpec = Record<string, Param<unknown>>;
export type ParamValues<S extends ParamSpec> = { [K in keyof S]: S[K]['_out'] };

/** The request's parameters (query and body merged, body wins) and which were read. */
export class RawParams {
  readonly consumed = new Set<string>();
  constructor(readonly values: ReadonlyMap<string, string>) {}

  has(name: string): boolean {
    return this.values.has(name);
  }
  /** Names that no endpoint code asked for, sorted: `ignored_parameters_unsupported`. */
  ignored(): string[] {
    return [...this.values.keys()].filter((k) => !this.consumed.has(k)).sort();
  }

  read<S extends ParamSpec>(spec: S): ParamValues<S> {
    const out: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(spec)) {
      out[name] = this.one(name, p);
    }
    return out as ParamValues<S>;
  }

  one<T>(name: string, p: Param<T>): T {
    let used = name;
    let raw = this.values.get(name);
    this.consumed.add(name);
    for (const alias of p.aliases) {
      this.consumed.add(alias);
      const other = this.values.get(alias);
      if (other === undefined) continue;
      if (raw !== undefined) throw new ConfusingArguments(name, alias);
      raw = other;
      used = alias;
    }
    if (raw === undefined) {
      if (p.mode === 'required') throw new MissingArgument(name);
      return p.fallback as T;
    }
    let value: unknown = raw;
    if (p.kind === 'json') {
      checkJsonDepth(used, raw);
      try {
        value = JSON.parse(raw);
      } catch {
        throw new BadRequest(`${used} is not valid JSON`);
      }
      if (hasLoneSurrogate(value)) throw new BadRequest(`${used} is not valid JSON`);
    }
    const result = p.schema.safeParse(value, { reportInput: true });
    if (!result.success) throw new BadRequest(issueMessage(used, result.error.issues[0]));
    return result.data as T;
  }
}

/** `to[0]`, `draft["topic"]`: the real server's way of naming a nested location. */
export function locationName(name: string, path: readonly PropertyKey[]): string {
  return name + path.map((k) => (typeof k === 'number' ? `[${k}]` : `[${JSON.stringify(String(k))}]`)).join('');
}

const TYPE_WORDS: Record<string, string> = {
  boolean: 'is not a boolean',
  number: 'is not an integer',
  int: 'is not an integer',
  array: 'is not a list',
  object: 'is not a dict',
  record: 'is not a dict',
  string: 'is not a string',
};

/** One zod issue in the real server's words (ApiParamValidationError). */
export function issueMessage(name: string, issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return `Invalid ${name}`;
  const where = locationName(name, issue.path);
  // A decoded JSON value is never undefined: an undefined input is a missing key (pydantic's "missing").
  const missing = issue.input === undefined && issue.path.length > 0;
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return `${where} field is missing: Field required`;
      return `${where} ${TYPE_WORDS[issue.expected] ?? 'is not valid'}`;
    case 'invalid_value':
      return missing ? `${where} field is missing: Field required` : `Invalid ${where}`;
    case 'too_small':
      return issue.origin === 'number' ? `${where} is too small` : `${where} is too short.`;
    case 'too_big':
      if (issue.origin === 'string') return `${where} is too long (limit: ${String(issue.maximum)} characters)`;
      return issue.origin === 'number' ? `${where} is too large` : `${where} is too long`;
    case 'unrecognized_keys': {
      // pydantic's extra_forbidden error is located at the extra key itself.
      const key = issue.keys[0] ?? '';
      return `Argument "${key}" at ${locationName(name, [...issue.path, key])} is unexpected`;
    }
    case 'custom':
      // Custom refinements carry the whole sentence, with {var} for the location.
      return issue.message.replaceAll('{var}', where);
    default:
      return `Invalid ${where}`;
  }
}

// ---- Shared schemas -------------------------------------------------------------

export const int = () => z.int();
export const nonNegativeInt = () => z.int().min(0);
export const intList = () => z.array(z.int());
/** A group-setting value: a user group id, or an anonymous group. */
export const groupSettingValue = () =>
  z.union([
    z.int(),
    z.strictObject({ direct_members: z.array(z.int()), direct_subgroups: z.array(z.int()) }),
  ]);

/**
 * A lone surrogate escape (\ud800 without its pair) is not JSON to the real server:
 * pydantic's parser (jiter, for typed_endpoint's Json[...]) and orjson both refuse it
 * ("lone leading surrogate in hex escape", pydantic/jiter#120), where JSON.parse takes it.
 * The body itself never carries one: it is decoded from UTF-8.
 */
function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return /\p{Cs}/u.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => /\p{Cs}/u.test(k) || hasLoneSurrogate(v));
  }
  return false;
}
