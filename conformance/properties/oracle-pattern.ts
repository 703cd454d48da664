// The oracle's answer as an expectation in the scenario language, for the step where the
// target diverged: the oracle's body as a json_subset pattern in which ids the run saved
// are written as their variables (${m3}, ${user:member.id}), the run's unique token in
// text as ${uniq} (a replay has another), timestamps and generated keys
// as {"$type": ...}, sets as {"$unordered": [...]}; keys the target added are listed
// as absent. Replayed against the target, the step fails where it diverged.
import type { Observed } from '../matcher.ts';
import type { Expect } from '../schema.ts';
import type { Side } from './problem.ts';
import { idKindOf, isMasked, isSetKey, keyedBy, type IdKind } from './normalise.ts';
import { varKind } from './vars.ts';

export type Templates = Map<string, string>;

/** "kind:id" → the template that stands for it on a side (the oracle's here; ApplyEvents asks for the target's). */
export function templatesOf(oracle: Side): Templates {
  const out: Templates = new Map();
  for (const [role, u] of oracle.users) out.set(`user:${u.id}`, `\${user:${role}.id}`);
  for (const [name, value] of oracle.vars) {
    const kind = varKind(name);
    if (kind !== undefined && typeof value === 'number') out.set(`${kind}:${value}`, `\${${name}}`);
  }
  return out;
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);

/** Text as a template that stands for it: a literal "${" escaped, the run's unique token as ${uniq}. */
export function templateText(s: string, uniq: string): string {
  const escaped = s.split('${').join('$${');
  return uniq === '' ? escaped : escaped.split(uniq).join('${uniq}');
}

function id(kind: IdKind, v: unknown, t: Templates): unknown {
  return typeof v === 'number' ? (t.get(`${kind}:${v}`) ?? v) : v;
}

function pattern(v: unknown, key: string | undefined, parent: string | undefined, t: Templates, uniq: string): unknown {
  if (key !== undefined && isMasked(key) && v !== null) return { $type: typeName(v) };
  const kind = key !== undefined ? idKindOf(key, parent) : undefined;
  if (Array.isArray(v)) {
    const items = v.map((x) => (kind !== undefined && typeof x === 'number' ? id(kind, x, t) : pattern(x, undefined, key ?? parent, t, uniq)));
    return key !== undefined && isSetKey(key) ? { $unordered: items } : items;
  }
  if (kind !== undefined) return id(kind, v, t);
  if (typeof v === 'string') return templateText(v, uniq);
  if (typeof v !== 'object' || v === null) return v;
  const byId = keyedBy(key);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const outKey = byId !== undefined && /^\d+$/.test(k) ? String(id(byId, Number(k), t)) : templateText(k, uniq);
    out[outKey] = pattern(x, k, key, t, uniq);
  }
  return out;
}

/** What the target should have answered (the oracle's answer), as an expectation; `uniq` is the run's unique token. */
export function oraclePattern(expected: Observed, got: Observed, oracle: Side, uniq = ''): Expect {
  if (typeof expected.json !== 'object' || expected.json === null) return { status: expected.status };
  const expect: Expect = { status: expected.status, json_subset: pattern(expected.json, undefined, undefined, templatesOf(oracle), uniq) };
  if (typeof got.json === 'object' && got.json !== null && !Array.isArray(got.json)) {
    const extra = Object.keys(got.json).filter((k) => !(k in (expected.json as object)));
    if (extra.length > 0) expect.absent = extra;
  }
  return expect;
}
