// The core runs unchanged in a browser, and its imports point one way (DESIGN.md):
// adapters → http → endpoints → actions → domain/state; narrow/, render/, crypto/
// depend only on determinism.ts and each other. Imports are read with a regex over
// the source, so the rules hold for files the type checker never sees together.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = dirname(fileURLToPath(import.meta.url)); // reference/
const REPO = dirname(ROOT);

/**
 * The areas of reference/: a top-level file or directory. http/ is two areas: the
 * request flow (FLOW files, above the endpoints) and its shared vocabulary (errors,
 * Ctx, params, body decoding, request types) that every layer below may use.
 */
type Area =
  | 'index'
  | 'options'
  | 'adapters'
  | 'http'
  | 'http-vocabulary'
  | 'routes'
  | 'endpoints'
  | 'actions'
  | 'domain'
  | 'state'
  | 'state-types'
  | 'narrow'
  | 'render'
  | 'crypto'
  | 'determinism'
  | 'testing';

const HTTP_FLOW = new Set(['http/dispatch.ts', 'http/auth.ts', 'http/envelope.ts']);

const LEAVES: Area[] = ['narrow', 'render', 'crypto', 'determinism'];
/** state/types.ts holds only entity types and constants (flag bits, roles): the narrow language may read them. */
const VOCABULARY: Area[] = ['state-types'];
const BELOW_ENDPOINTS: Area[] = ['domain', 'state', 'options', 'http-vocabulary', ...LEAVES, ...VOCABULARY];

/** area → the other areas it may import. The direction is the design; change it only with DESIGN.md. */
const MAY_IMPORT: Record<Area, readonly Area[] | 'any'> = {
  index: 'any', // the composition root
  testing: 'any', // test support (assertUnchanged, ...), never imported by the core
  adapters: ['http', 'http-vocabulary'],
  http: ['routes', 'http-vocabulary', 'state', 'domain', 'options', ...LEAVES, ...VOCABULARY],
  routes: ['endpoints', 'http-vocabulary'],
  endpoints: ['actions', ...BELOW_ENDPOINTS],
  actions: BELOW_ENDPOINTS,
  domain: BELOW_ENDPOINTS, // domain and state are one layer: shared rules over the state
  state: BELOW_ENDPOINTS,
  'http-vocabulary': ['state', 'options', ...LEAVES, ...VOCABULARY],
  options: ['state', 'determinism', ...VOCABULARY],
  narrow: [...LEAVES, ...VOCABULARY],
  'state-types': [],
  render: LEAVES,
  crypto: LEAVES,
  determinism: [],
};

/** Packages the core may use: all browser-safe. msw only in its adapter. */
const PACKAGES: Record<string, readonly Area[] | 'any'> = {
  zod: 'any',
  '@noble/hashes': 'any',
  '@noble/curves': 'any',
  '@noble/ciphers': 'any',
  'markdown-it': 'any',
  msw: ['adapters'],
  // Test support only (reference/testing/), never the core.
  uvu: ['testing'],
  'zulip-js': ['testing'],
};

/** The one file that may use node:*, Buffer and process. */
const NODE_ALLOWED = new Set(['adapters/node-http.ts']);

function areaOf(file: string): Area | undefined {
  if (file === 'state/types.ts') return 'state-types';
  if (file === 'index.ts' || file === 'options.ts' || file === 'routes.ts' || file === 'determinism.ts') {
    return file.slice(0, -3) as Area;
  }
  const top = file.split('/')[0] as string;
  if (top === 'http') return HTTP_FLOW.has(file) ? 'http' : 'http-vocabulary';
  const known: string[] = ['adapters', 'endpoints', 'actions', 'domain', 'state', 'narrow', 'render', 'crypto', 'testing'];
  return known.includes(top) ? (top as Area) : undefined;
}

/** Tests, and the browser test's page (bundled for Chromium by adapters/worker.browser.test.ts). */
const isTest = (file: string) => /\.test\.ts$/.test(file) || file.startsWith('adapters/browser/');

function sources(dir = ROOT): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) out.push(relative(ROOT, path).split('\\').join('/'));
  }
  return out.sort();
}

/** Static imports, re-exports, side-effect imports and dynamic import() with a literal. */
export function importsOf(source: string): string[] {
  const code = stripComments(source);
  const specs: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[\w*${}\s,]*?\bfrom\s*(['"])([^'"]+)\1/g,
    /\bimport\s*(['"])([^'"]+)\1/g,
    /\bimport\s*\(\s*(['"])([^'"]+)\1\s*[,)]/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) specs.push(m[2] as string);
  return specs;
}

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function stripStrings(code: string): string {
  return code.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}

type Target = { kind: 'file'; file: string } | { kind: 'package'; name: string } | { kind: 'outside'; path: string } | { kind: 'node'; name: string };

function resolve(from: string, spec: string): Target {
  if (spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0] as string)) return { kind: 'node', name: spec };
  if (spec.startsWith('#reference/')) return { kind: 'file', file: spec.slice('#reference/'.length) };
  if (spec.startsWith('#')) return { kind: 'outside', path: spec };
  if (spec.startsWith('.')) {
    const path = posix.normalize(posix.join(posix.dirname(from), spec));
    return path.startsWith('../') ? { kind: 'outside', path: path.slice(3) } : { kind: 'file', file: path };
  }
  const parts = spec.split('/');
  return { kind: 'package', name: spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string) };
}

const allowed = (rule: readonly Area[] | 'any' | undefined, area: Area) => rule === 'any' || (rule !== undefined && rule.includes(area));

const FILES = sources();

test('the layering test sees the core', () => {
  for (const f of ['index.ts', 'routes.ts', 'http/dispatch.ts', 'adapters/node-http.ts']) assert.ok(FILES.includes(f), f);
  assert.equal(importsOf(`import { a } from './a.ts';\nimport type {\n  B,\n} from "../b.ts";\nexport * from './c.ts';\nimport './d.ts';\nconst e = await import('./e.ts');\n// import { x } from './nope.ts';`), ['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts']);
});

test('every file under reference/ belongs to an area of the table', () => {
  const unknown = FILES.filter((f) => !isTest(f) && areaOf(f) === undefined);
  assert.equal(unknown, [], 'add the new area to MAY_IMPORT in reference/layering.test.ts (and DESIGN.md)');
});

test('imports point one way: adapters → http → endpoints → actions → domain/state', () => {
  const problems: string[] = [];
  for (const file of FILES) {
    if (isTest(file)) continue;
    const area = areaOf(file) as Area;
    for (const spec of importsOf(readFileSync(join(ROOT, file), 'utf8'))) {
      const target = resolve(file, spec);
      if (target.kind === 'file') {
        const to = areaOf(target.file);
        if (to === undefined) problems.push(`${file} imports ${spec}, which is in no area`);
        else if (to !== area && !allowed(MAY_IMPORT[area], to)) problems.push(`${file} (${area}) may not import ${spec} (${to})`);
      } else if (target.kind === 'package') {
        if (!allowed(PACKAGES[target.name], area)) problems.push(`${file} imports package ${target.name}, which the core may not use here`);
      } else if (target.kind === 'outside') {
        // Only the composition root reads the default fixture; nothing reaches conformance/ or scripts/.
        if (!(area === 'index' && /^fixtures\/[\w.-]+\.json$/.test(target.path))) problems.push(`${file} reaches outside reference/: ${spec}`);
      } else if (!NODE_ALLOWED.has(file)) {
        problems.push(`${file} imports ${spec}: the core must run in a browser`);
      }
    }
  }
  assert.equal(problems, []);
});

test('only adapters/node-http.ts and tests use node:*, Buffer or process', () => {
  const problems: string[] = [];
  for (const file of FILES) {
    if (isTest(file) || NODE_ALLOWED.has(file)) continue;
    const code = stripStrings(stripComments(readFileSync(join(ROOT, file), 'utf8')));
    for (const m of code.matchAll(/(?<![\w$.])(Buffer|process|require|__dirname|__filename)\b(?!\s*:)/g)) {
      problems.push(`${file}: uses ${m[1]}`);
    }
  }
  assert.equal(problems, []);
});

test('only determinism.ts reads the time or draws random numbers', () => {
  const problems: string[] = [];
  for (const file of FILES) {
    if (isTest(file) || file === 'determinism.ts') continue;
    const code = stripStrings(stripComments(readFileSync(join(ROOT, file), 'utf8')));
    const found = code.match(/Date\.now\s*\(|new Date\s*\(\s*\)|Math\.random|getRandomValues|randomUUID|performance\.now/g) ?? [];
    // Logging how long a request took does not reach a response.
    const allowedHere = file.startsWith('adapters/') ? found.filter((f) => !f.startsWith('performance.now')) : found;
    for (const f of allowedHere) problems.push(`${file}: ${f}`);
  }
  assert.equal(problems, []);
});

test('nothing under reference/ imports conformance/, scripts/ or tests', () => {
  const problems: string[] = [];
  for (const file of FILES) {
    for (const spec of importsOf(readFileSync(join(ROOT, file), 'utf8'))) {
      const target = resolve(file, spec);
      const path = target.kind === 'outside' ? target.path : '';
      if (/^(#?conformance|scripts|tests)\b/.test(path)) problems.push(`${file} imports ${spec}`);
      if (!isTest(file) && target.kind === 'file' && isTest(target.file)) problems.push(`${file} imports the test ${spec}`);
    }
  }
  assert.equal(problems, []);
});

test('the repository layout has the fixed top level', () => {
  for (const entry of ['package.json', 'tsconfig.json', 'reference', 'fixtures', 'scripts']) assert.ok(readdirSync(REPO).includes(entry), entry);
});

test.run();
