// Matching a response against a step's `expect` (scenarios/README.md, "Expectations"
// and "Patterns"). Every function returns the list of mismatches; empty means a match.
// Patterns: a plain value matches itself (objects partially: extra keys are fine;
// arrays element by element, same length); an object with a single "$" key is an operator.
import { sha256 } from '@noble/hashes/sha2.js';
import { PathError, parsePath, resolveAll, resolvePath } from './jsonpath.ts';
import type { Expect, Length } from './schema.ts';

export const OPERATORS = ['$type', '$regex', '$eq', '$contains', '$excludes', '$unordered', '$each', '$in', '$near', '$not', '$absent'] as const;
export type Operator = (typeof OPERATORS)[number];
export const TYPE_NAMES = ['string', 'integer', 'number', 'boolean', 'null', 'array', 'object'] as const;

/** What a step observed: the status, the headers (lower-case names), the body. */
export interface Observed {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body, or undefined if it is not JSON. */
  json: unknown;
  /** The body's bytes, where the target gave them (every target here does). */
  bytes?: Uint8Array;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An operator key: "$" then a name. ("${...}" is a template, e.g. a key that is a user id.) */
const isOperatorKey = (k: string) => k.startsWith('$') && !k.startsWith('${');

/** The operator of an operator object, or null for a plain value. */
export function operatorOf(p: unknown): { op: string; arg: unknown } | null {
  if (!isObject(p)) return null;
  const keys = Object.keys(p);
  if (keys.length !== 1 || !isOperatorKey(keys[0] as string)) return null;
  const op = keys[0] as string;
  return { op, arg: p[op] };
}

/** Problems with a pattern itself (for the loader); `where` names its location. */
export function validatePattern(p: unknown, where: string): string[] {
  if (Array.isArray(p)) return p.flatMap((el, i) => validatePattern(el, `${where}[${i}]`));
  if (!isObject(p)) return [];
  const dollar = Object.keys(p).filter(isOperatorKey);
  if (dollar.length > 0 && Object.keys(p).length > 1) {
    return [`${where}: an operator object has exactly one key (found ${Object.keys(p).join(', ')}); use {"$eq": ...} for literal "$" keys`];
  }
  const o = operatorOf(p);
  if (!o) return Object.entries(p).flatMap(([k, v]) => validatePattern(v, `${where}.${k}`));
  const at = `${where}.${o.op}`;
  switch (o.op as Operator) {
    case '$type': {
      const names = Array.isArray(o.arg) ? o.arg : [o.arg];
      const bad = names.filter((n) => !(TYPE_NAMES as readonly unknown[]).includes(n));
      return bad.length || names.length === 0 ? [`${at}: types are ${TYPE_NAMES.join(', ')} (or a list of them)`] : [];
    }
    case '$regex':
      if (typeof o.arg !== 'string') return [`${at}: expects a regular expression string`];
      try {
        new RegExp(o.arg, 'u');
        return [];
      } catch (e) {
        return [`${at}: ${(e as Error).message}`];
      }
    case '$eq':
      return [];
    case '$in':
      return Array.isArray(o.arg) || isTemplateString(o.arg) ? [] : [`${at}: expects a list of values`];
    case '$near': {
      if (!isObject(o.arg) || Object.keys(o.arg).sort().join() !== 'value,within') return [`${at}: expects {"value": number, "within": number}`];
      const { value, within } = o.arg;
      const ok = (v: unknown) => typeof v === 'number' || isTemplateString(v);
      return ok(value) && typeof within === 'number' && within >= 0 ? [] : [`${at}: expects {"value": number, "within": number}`];
    }
    case '$contains':
    case '$excludes':
    case '$unordered':
      if (isTemplateString(o.arg)) return [];
      return Array.isArray(o.arg) ? o.arg.flatMap((el, i) => validatePattern(el, `${at}[${i}]`)) : [`${at}: expects a list of patterns`];
    case '$each':
    case '$not':
      return validatePattern(o.arg, at);
    case '$absent':
      return o.arg === true ? [] : [`${at}: write {"$absent": true}`];
    default:
      return [`${where}: unknown operator ${o.op} (known: ${OPERATORS.join(', ')})`];
  }
}

/** A whole-string template like "${ids}" may stand for a list once expanded. */
function isTemplateString(v: unknown): boolean {
  return typeof v === 'string' && /^\$\{[^}]+\}$/.test(v);
}

export function show(v: unknown, limit = 160): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > limit ? `${s.slice(0, limit)}…` : s;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function hasType(v: unknown, name: string): boolean {
  const t = typeName(v);
  return t === name || (name === 'number' && t === 'integer');
}

const label = (path: string) => (path === '' ? '(body)' : path);

/** Match `actual` against `pattern`; `path` names where we are, for messages. */
export function match(pattern: unknown, actual: unknown, path = ''): string[] {
  const o = operatorOf(pattern);
  if (o) return matchOperator(o.op as Operator, o.arg, actual, path);
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return [`${label(path)}: expected an array of ${pattern.length}, got ${show(actual)}`];
    if (actual.length !== pattern.length) {
      return [`${label(path)}: expected ${pattern.length} elements, got ${actual.length}: ${show(actual)}`];
    }
    return pattern.flatMap((p, i) => match(p, actual[i], `${path}[${i}]`));
  }
  if (isObject(pattern)) {
    if (!isObject(actual)) return [`${label(path)}: expected an object, got ${show(actual)}`];
    const out: string[] = [];
    for (const [k, p] of Object.entries(pattern)) {
      const sub = path === '' ? k : `${path}.${k}`;
      const absentWanted = operatorOf(p)?.op === '$absent';
      if (!Object.hasOwn(actual, k)) {
        if (!absentWanted) out.push(`${sub}: missing (expected ${show(p)})`);
        continue;
      }
      out.push(...match(p, actual[k], sub));
    }
    return out;
  }
  return actual === pattern ? [] : [`${label(path)}: expected ${show(pattern)}, got ${show(actual)}`];
}

function matchOperator(op: Operator, arg: unknown, actual: unknown, path: string): string[] {
  const where = label(path);
  switch (op) {
    case '$type': {
      const names = (Array.isArray(arg) ? arg : [arg]) as string[];
      return names.some((n) => hasType(actual, n)) ? [] : [`${where}: expected type ${names.join(' or ')}, got ${show(actual)}`];
    }
    case '$regex':
      return typeof actual === 'string' && new RegExp(arg as string, 'u').test(actual)
        ? []
        : [`${where}: expected a string matching /${String(arg)}/, got ${show(actual)}`];
    case '$eq':
      return deepEqual(arg, actual) ? [] : [`${where}: expected exactly ${show(arg)}, got ${show(actual)}`];
    case '$in':
      return Array.isArray(arg) && arg.some((v) => deepEqual(v, actual)) ? [] : [`${where}: expected one of ${show(arg)}, got ${show(actual)}`];
    case '$near': {
      const { value, within } = arg as { value: unknown; within: number };
      if (typeof value !== 'number') return [`${where}: $near needs a number to compare with, got ${show(value)}`];
      return typeof actual === 'number' && Math.abs(actual - value) <= within ? [] : [`${where}: expected a number within ${within} of ${value}, got ${show(actual)}`];
    }
    case '$not':
      return match(arg, actual, path).length === 0 ? [`${where}: expected not to match ${show(arg)}, got ${show(actual)}`] : [];
    case '$absent':
      return [`${where}: expected absent, got ${show(actual)}`];
    case '$each': {
      if (!Array.isArray(actual)) return [`${where}: expected an array, got ${show(actual)}`];
      return actual.flatMap((el, i) => match(arg, el, `${path}[${i}]`));
    }
    case '$excludes': {
      if (!Array.isArray(actual)) return [`${where}: expected an array, got ${show(actual)}`];
      if (!Array.isArray(arg)) return [`${where}: $excludes expects a list, got ${show(arg)}`];
      const out: string[] = [];
      arg.forEach((p) => {
        const i = actual.findIndex((el) => match(p, el).length === 0);
        if (i !== -1) out.push(`${where}: expected no element matching ${show(p)}, but [${i}] is ${show(actual[i])}`);
      });
      return out;
    }
    case '$contains':
    case '$unordered': {
      if (!Array.isArray(actual)) return [`${where}: expected an array, got ${show(actual)}`];
      if (!Array.isArray(arg)) return [`${where}: ${op} expects a list, got ${show(arg)}`];
      if (op === '$unordered' && actual.length !== arg.length) {
        return [`${where}: expected ${arg.length} elements in any order, got ${actual.length}: ${show(actual)}`];
      }
      const unmatched = assign(arg, actual);
      return unmatched.map((k) => `${where}: no distinct element matches ${show(arg[k])} (array: ${show(actual)})`);
    }
  }
}

/**
 * Give each pattern its own element (bipartite matching, Kuhn's augmenting paths).
 * Returns the indexes of the patterns left without one.
 */
function assign(patterns: unknown[], elements: unknown[]): number[] {
  const fits = patterns.map((p) => elements.map((el) => match(p, el).length === 0));
  const owner: number[] = elements.map(() => -1);
  const tryAssign = (k: number, seen: boolean[]): boolean => {
    for (let e = 0; e < elements.length; e++) {
      if (!fits[k]![e] || seen[e]) continue;
      seen[e] = true;
      if (owner[e] === -1 || tryAssign(owner[e]!, seen)) {
        owner[e] = k;
        return true;
      }
    }
    return false;
  };
  const unmatched: number[] = [];
  patterns.forEach((_p, k) => {
    if (!tryAssign(k, elements.map(() => false))) unmatched.push(k);
  });
  return unmatched;
}

function checkLength(path: string, actual: unknown, want: Length): string[] {
  const n = Array.isArray(actual) ? actual.length : isObject(actual) ? Object.keys(actual).length : typeof actual === 'string' ? actual.length : null;
  if (n === null) return [`len ${path}: expected an array, got ${show(actual)}`];
  if (typeof want === 'number') return n === want ? [] : [`len ${path}: expected ${want}, got ${n}: ${show(actual)}`];
  if (want.min !== undefined && n < want.min) return [`len ${path}: expected at least ${want.min}, got ${n}: ${show(actual)}`];
  if (want.max !== undefined && n > want.max) return [`len ${path}: expected at most ${want.max}, got ${n}: ${show(actual)}`];
  return [];
}

function safely(path: string, f: () => string[]): string[] {
  try {
    return f();
  } catch (e) {
    if (e instanceof PathError) return [e.message];
    throw e;
  }
}

/** Every way `observed` falls short of `expect`. */
export function checkExpect(expect: Expect, observed: Observed): string[] {
  const out: string[] = [];
  const status = expect.status;
  if (typeof status === 'number' && observed.status !== status) out.push(`status: expected ${status}, got ${observed.status}`);
  if (typeof status === 'object' && ((status.min !== undefined && observed.status < status.min) || (status.max !== undefined && observed.status > status.max))) {
    out.push(`status: expected ${status.min ?? 100} to ${status.max ?? 599}, got ${observed.status}`);
  }
  for (const [name, want] of Object.entries(expect.headers ?? {})) {
    const got = observed.headers[name.toLowerCase()];
    if (want === null) {
      if (got !== undefined) out.push(`header ${name}: expected absent, got ${show(got)}`);
    } else if (got === undefined) out.push(`header ${name}: missing (expected ${show(want)})`);
    else out.push(...match(want, got, `header ${name}`));
  }
  out.push(...checkBytes(expect, observed));
  const needsBody =
    expect.result !== undefined ||
    expect.code !== undefined ||
    expect.msg !== undefined ||
    expect.msg_contains !== undefined ||
    expect.json_subset !== undefined ||
    expect.json_paths !== undefined ||
    expect.absent !== undefined ||
    expect.len !== undefined;
  if (!needsBody) return out;
  const json = observed.json;
  if (json === undefined) {
    out.push(`body: expected JSON, got ${show(observed.text.slice(0, 200))}`);
    return out;
  }
  const top = isObject(json) ? json : {};
  for (const key of ['result', 'code', 'msg'] as const) {
    const want = expect[key];
    if (want !== undefined && top[key] !== want) out.push(`${key}: expected ${show(want)}, got ${show(top[key])}`);
  }
  if (expect.msg_contains !== undefined) {
    const msg = top['msg'];
    for (const part of Array.isArray(expect.msg_contains) ? expect.msg_contains : [expect.msg_contains]) {
      if (typeof msg !== 'string' || !msg.includes(part)) out.push(`msg: expected to contain ${show(part)}, got ${show(msg)}`);
    }
  }
  if (expect.json_subset !== undefined) out.push(...match(expect.json_subset, json).map((m) => `json_subset ${m}`));
  for (const [path, pattern] of Object.entries(expect.json_paths ?? {})) {
    out.push(
      ...safely(path, () => {
        const r = resolvePath(json, path);
        if (!r.found) return [`json_paths ${path}: not found`];
        return match(pattern, r.value, path).map((m) => `json_paths ${m}`);
      }),
    );
  }
  for (const path of expect.absent ?? []) {
    out.push(
      ...safely(path, () => {
        const hits = resolveAll(json, parsePath(path));
        return hits.length === 0 ? [] : [`absent ${path}: expected absent, found ${show(hits.length === 1 ? hits[0] : hits)}`];
      }),
    );
  }
  for (const [path, want] of Object.entries(expect.len ?? {})) {
    out.push(
      ...safely(path, () => {
        const r = resolvePath(json, path);
        return r.found ? checkLength(path, r.value, want) : [`len ${path}: not found`];
      }),
    );
  }
  return out;
}

/** body_base64 and body_sha256: the answer's bytes, exactly. */
function checkBytes(expect: Expect, observed: Observed): string[] {
  if (expect.body_base64 === undefined && expect.body_sha256 === undefined) return [];
  const bytes = observed.bytes ?? new TextEncoder().encode(observed.text);
  const out: string[] = [];
  if (expect.body_base64 !== undefined) {
    const got = bytesToBase64(bytes);
    if (got !== expect.body_base64) out.push(`body: expected base64 ${show(expect.body_base64.slice(0, 80))}, got ${bytes.length} bytes: ${show(got.slice(0, 80))}`);
  }
  if (expect.body_sha256 !== undefined) {
    const got = [...sha256(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
    if (got !== expect.body_sha256) out.push(`body: expected SHA-256 ${expect.body_sha256}, got ${got} (${bytes.length} bytes)`);
  }
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
