// npm run build (also before npm pack): the package's dist/.
//   dist/*.js        ESM for Node >= 20 and bundlers, one file per entry point and shared
//                    chunks, all directly in dist/ (conformance/paths.ts and scripts/cli.ts
//                    find the package root one directory up); the default realm inlined;
//                    dependencies (zod, @noble/*, markdown-it, msw) left as imports.
//   dist/types/      the declarations (tsc, tsconfig.build.json), import paths ending .js.
// No minification and no source maps: stack traces point at readable code.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Entry points: dist/<name>.js. The exports map of package.json names the same files. */
export const ENTRIES = {
  index: 'reference/index.ts',
  'index.node': 'reference/node.ts',
  msw: 'reference/adapters/msw.ts',
  fetch: 'reference/adapters/fetch.ts',
  'node-http': 'reference/adapters/node-http.ts',
  conformance: 'conformance/index.ts',
  cli: 'scripts/understudy.ts',
};

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const DIST = join(ROOT, 'dist');

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** `from './x.ts'` → `from './x.js'` in declarations: what every TypeScript resolution mode reads. */
export function jsSpecifiers(declaration: string): string {
  return declaration.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*?)\.ts\2/g, '$1$2$3.js$2');
}

rmSync(DIST, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  outdir: DIST,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
chmodSync(join(DIST, 'cli.js'), 0o755);

const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('build: tsc -p tsconfig.build.json failed');
  process.exit(1);
}
let declarations = 0;
for (const file of files(join(DIST, 'types'))) {
  if (!file.endsWith('.d.ts')) continue;
  writeFileSync(file, jsSpecifiers(readFileSync(file, 'utf8')));
  declarations++;
}
const js = readdirSync(DIST).filter((f) => f.endsWith('.js'));
console.log(`build: dist/ has ${js.length} JavaScript files and ${declarations} declarations (${Math.round(performance.now() - started)} ms)`);
