// The core runs unchanged in a browser, and its imports point one way. Both rules come
// from one machine-readable map, reference/layers.json (explained in ARCHITECTURE.md):
// a file may import its own area and any area of a lower layer, nothing above, and
// nothing of another area of its own layer. Imports are read with a regex over the
// source, so the rules hold for files the type checker never sees together, and a new
// file is covered the moment it exists.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = dirname(fileURLToPath(import.meta.url)); // reference/
const REPO = dirname(ROOT);

interface LayerMap {
  layers: Array<Record<string, string[]>>;
  packages: Record<string, string[] | 'any'>;
  node_allowed: string[];
  outside_allowed: Record<string, string[]>;
}
const MAP = JSON.parse(readFileSync(join(ROOT, 'layers.json'), 'utf8')) as LayerMap;

/** area → [layer index, its path prefixes]; "//" keys are comments. */
const AREAS = new Map<string, { layer: number; paths: string[] }>();
MAP.layers.forEach((layer, index) => {
  for (const [area, paths] of Object.entries(layer)) if (area !== '//') AREAS.set(area, { layer: index, paths });
});

/** The area whose path is the longest prefix of the file's. */
function areaOf(file: string): string | undefined {
  let best: string | undefined;
  let length = -1;
  for (const [area, { paths }] of AREAS) {
    for (const p of paths) {
      const hit = p.endsWith('/') ? file.startsWith(p) : file === p;
      if (hit && p.length > length) [best, length] = [area, p.length];
    }
  }
  return best;
}

/** May a file of area `from` import one of area `to`? Its own area, or any area of a lower layer. */
function mayImport(from: string, to: string): boolean {
  if (from === to) return true;
  return (AREAS.get(to) as { layer: number }).layer > (AREAS.get(from) as { layer: number }).layer;
}

const PACKAGES = MAP.packages;
const NODE_ALLOWED = new Set(MAP.node_allowed);

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

const packageAllowed = (rule: string[] | 'any' | undefined, area: string) => rule === 'any' || (rule !== undefined && rule.includes(area));

const FILES = sources();

/** Every import of a core file (tests left out), resolved. */
const EDGES = FILES.filter((f) => !isTest(f)).flatMap((file) =>
  importsOf(readFileSync(join(ROOT, file), 'utf8')).map((spec) => ({ file, spec, target: resolve(file, spec) })),
);

/** What the map says of one import; '' when it is allowed. */
function verdict(file: string, spec: string, target: Target): string {
  const area = areaOf(file) as string;
  if (target.kind === 'file') {
    const to = areaOf(target.file);
    if (to === undefined) return `${file} imports ${spec}, which is in no area of reference/layers.json`;
    return mayImport(area, to) ? '' : `${file} (${area}) may not import ${spec} (${to}): it is not below`;
  }
  if (target.kind === 'package') {
    return packageAllowed(PACKAGES[target.name], area) ? '' : `${file} imports package ${target.name}, which the core may not use here`;
  }
  if (target.kind === 'outside') {
    // Only the composition root reads the default fixture; nothing reaches conformance/ or scripts/.
    return (MAP.outside_allowed[area] ?? []).includes(target.path) ? '' : `${file} reaches outside reference/: ${spec}`;
  }
  return NODE_ALLOWED.has(file) ? '' : `${file} imports ${spec}: the core must run in a browser`;
}

test('the layering test sees the core', () => {
  for (const f of ['index.ts', 'routes.ts', 'http/dispatch.ts', 'adapters/node-http.ts']) assert.ok(FILES.includes(f), f);
  assert.equal(importsOf(`import { a } from './a.ts';\nimport type {\n  B,\n} from "../b.ts";\nexport * from './c.ts';\nimport './d.ts';\nconst e = await import('./e.ts');\n// import { x } from './nope.ts';`), ['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts']);
});

test('every file under reference/ belongs to an area of reference/layers.json', () => {
  const unknown = FILES.filter((f) => !isTest(f) && areaOf(f) === undefined);
  assert.equal(unknown, [], 'add the file\'s folder to a layer of reference/layers.json (and say why in ARCHITECTURE.md)');
});

test('the map itself: every area has paths, and no path is claimed twice', () => {
  const seen = new Set<string>();
  for (const [area, { paths }] of AREAS) {
    assert.ok(paths.length > 0, area);
    for (const p of paths) {
      assert.not.ok(seen.has(p), `${p} is in two areas`);
      seen.add(p);
    }
  }
});

test('imports point down the layers of reference/layers.json, never up or sideways', () => {
  const problems = EDGES.map((e) => verdict(e.file, e.spec, e.target)).filter((p) => p !== '');
  assert.equal(problems, []);
});

test('the rules catch what they forbid', () => {
  // Planted imports, judged as if they were in the code.
  const plant = (file: string, spec: string) => verdict(file, spec, resolve(file, spec));
  assert.match(plant('actions/send-message.ts', '../http/dispatch.ts'), /may not import/);
  assert.match(plant('actions/send-message.ts', '../request/context.ts'), /may not import/);
  assert.match(plant('domain/channels.ts', '../http/envelope.ts'), /may not import/);
  assert.match(plant('state/store.ts', '../domain/groups.ts'), /may not import/);
  assert.match(plant('actions/send-message.ts', './../fixture/load.ts'), /may not import/);
  assert.match(plant('render/inline.ts', '../crypto/jwt.ts'), /may not import/);
  assert.match(plant('errors.ts', './world.ts'), /may not import/);
  assert.match(plant('domain/users.ts', 'node:fs'), /must run in a browser/);
  assert.match(plant('domain/users.ts', 'msw'), /may not use/);
  assert.match(plant('actions/x.ts', '../../scripts/serve.ts'), /outside reference/);
  assert.is(plant('actions/send-message.ts', '../domain/channels.ts'), '');
  assert.is(plant('endpoints/messages.ts', '../request/params.ts'), '');
  assert.is(plant('actions/send-message.ts', '../errors.ts'), '');
});

test('no import cycles between files', () => {
  const graph = new Map<string, string[]>();
  for (const { file, target } of EDGES) {
    if (target.kind !== 'file' || !FILES.includes(target.file)) continue;
    graph.set(file, [...(graph.get(file) ?? []), target.file]);
  }
  assert.equal(cycles(graph), []);
});

/** Strongly connected components of more than one file (Tarjan), or of one file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

test('a file-level cycle is found', () => {
  assert.equal(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]])), [['a', 'b', 'c']]);
  assert.equal(cycles(new Map([['a', ['b']], ['b', []]])), []);
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
