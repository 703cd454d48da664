// Names of the variables a run saves (the same names on the target and the oracle, and in a
// saved scenario): one letter for the kind of id, then a number. Knowing a variable's kind
// lets the differential mode write an oracle's id back as the variable that holds it.
import type { IdKind } from './normalise.ts';

const PREFIX: Record<string, IdKind> = { m: 'message', c: 'channel', g: 'group', d: 'draft', s: 'scheduled', r: 'reminder', v: 'device', u: 'user', n: 'snippet' };
const KIND_PREFIX = Object.fromEntries(Object.entries(PREFIX).map(([p, k]) => [k, p])) as Partial<Record<IdKind, string>>;

/** The name of the n-th saved id of a kind: m3, c1, g2; users (added through control) u1_id. */
export function varName(kind: 'message' | 'channel' | 'group' | 'draft' | 'scheduled' | 'reminder' | 'device' | 'snippet', n: number): string {
  return `${KIND_PREFIX[kind] as string}${n}`;
}

/** The kind of id a variable holds, if its name says one. */
export function varKind(name: string): IdKind | undefined {
  const m = /^([a-z])\d+(_id)?$/.exec(name);
  if (m === null) return undefined;
  if ((m[1] === 'u') !== (m[2] !== undefined)) return undefined;
  return PREFIX[m[1] as string];
}
