// Test support: "a rejected request leaves state exactly as it was" (ARCHITECTURE.md, invariants).
// assertUnchanged(reference, fn) digests the whole state (store data, clock, random
// counter) before and after fn and throws, naming the first path that differs, if
// anything moved. The store's data is Maps, Sets and records, so the serializer
// orders map entries and object keys itself: equal states give equal text.
// Platform-free (the browser test may use it too); no test framework.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** What this helper needs of a Reference. */
export interface Snapshotting {
  snapshot(): unknown;
}

/**
 * Canonical text of a value: object keys sorted, Map entries sorted by their keys'
 * text, Set members sorted, typed arrays as hex, undefined/NaN/±Infinity/-0/bigint
 * spelled out so that they never collide with JSON look-alikes.
 */
export function stableSerialize(value: unknown): string {
  return serialize(value, new Set());
}

function serialize(value: unknown, seen: Set<object>): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : Number.isFinite(value) ? String(value) : `#${String(value)}`;
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'undefined':
      return '#undefined';
    case 'function':
    case 'symbol':
      throw new TypeError(`stableSerialize: cannot serialize a ${typeof value}`);
  }
  if (value === null) return 'null';
  const obj = value as object;
  if (seen.has(obj)) throw new TypeError('stableSerialize: cycle');
  seen.add(obj);
  try {
    if (obj instanceof Uint8Array) return `#bytes(${bytesToHex(obj)})`;
    if (obj instanceof Date) return `#date(${obj.toISOString()})`;
    if (Array.isArray(obj)) return `[${obj.map((v) => serialize(v, seen)).join(',')}]`;
    if (obj instanceof Map) {
      const entries = [...obj].map(([k, v]) => [serialize(k, seen), serialize(v, seen)] as const);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `#map{${entries.map(([k, v]) => `${k}=>${v}`).join(',')}}`;
    }
    if (obj instanceof Set) {
      return `#set[${[...obj].map((v) => serialize(v, seen)).sort().join(',')}]`;
    }
    const keys = Object.keys(obj).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${serialize((obj as Record<string, unknown>)[k], seen)}`).join(',')}}`;
  } finally {
    seen.delete(obj);
  }
}

/** SHA-256 of the canonical text of the reference's snapshot (state, clock, random counter). */
export function stateDigest(reference: Snapshotting): string {
  return bytesToHex(sha256(new TextEncoder().encode(stableSerialize(reference.snapshot()))));
}

/** Runs fn (sync or async) and throws if the state differs afterwards; returns fn's result. */
export function assertUnchanged<T>(reference: Snapshotting, fn: () => T): T {
  const beforeState = reference.snapshot();
  const before = stableSerialize(beforeState);
  const check = () => {
    const afterState = reference.snapshot();
    if (stableSerialize(afterState) !== before) throw new Error(`state changed: ${firstDifference(beforeState, afterState)}`);
  };
  const result = fn();
  if (result instanceof Promise) return result.then((r: unknown) => (check(), r)) as T;
  check();
  return result;
}

/** The first path at which two states differ, with both values, for the error message. */
export function firstDifference(a: unknown, b: unknown, path = '$'): string {
  const show = (v: unknown) => {
    const text = stableSerialize(v);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  };
  if (stableSerialize(a) === stableSerialize(b)) return '';
  const kind = (v: unknown) => (v instanceof Map ? 'map' : Array.isArray(v) ? 'array' : v !== null && typeof v === 'object' ? 'object' : 'value');
  if (kind(a) !== kind(b) || kind(a) === 'value') return `${path}: ${show(a)} → ${show(b)}`;
  const entries = (v: unknown): Map<string, unknown> =>
    v instanceof Map
      ? new Map([...v].map(([k, x]) => [stableSerialize(k), x]))
      : new Map(Object.entries(v as object).map(([k, x]) => [Array.isArray(v) ? k : JSON.stringify(k), x]));
  const ea = entries(a);
  const eb = entries(b);
  for (const key of [...new Set([...ea.keys(), ...eb.keys()])].sort()) {
    const sub = kind(a) === 'object' ? `${path}.${JSON.parse(key) as string}` : `${path}[${key}]`;
    if (!ea.has(key)) return `${sub}: added ${show(eb.get(key))}`;
    if (!eb.has(key)) return `${sub}: removed ${show(ea.get(key))}`;
    const d = firstDifference(ea.get(key), eb.get(key), sub);
    if (d) return d;
  }
  return `${path}: ${show(a)} → ${show(b)}`;
}
