// The package's root entry point under Node (the "node" condition of package.json's
// exports; bundlers for browsers get index.ts): everything index.ts exports, and
// createReference also takes its fixture as a file path or a file: URL (e.g.
// `import.meta.resolve('zulip-understudy/fixtures/realm.json')`, or
// `new URL('./realm.json', import.meta.url)`). The core stays free of node:*; reading a
// file is this wrapper's only addition.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createReference as createCore, type Reference, type ReferenceOptions } from './index.ts';

export * from './index.ts';

/** A fixture file, parsed: a path, a file: URL, or its string form. */
export function readFixtureFile(where: string | URL): unknown {
  const path = where instanceof URL || where.startsWith('file:') ? fileURLToPath(where) : where;
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

export function createReference(options: ReferenceOptions = {}): Reference {
  const fixture = options.fixture;
  return createCore(typeof fixture === 'string' || fixture instanceof URL ? { ...options, fixture: readFixtureFile(fixture) } : options);
}
