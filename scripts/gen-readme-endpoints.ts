// The README's endpoint table, generated from the route table (reference/routes.ts) and
// the documented endpoints (reference/http/documented-endpoints.json): rewrites the block
// between the two marker comments of README.md. scripts/readme-endpoints.test.ts checks
// that the README's block is current: run this after adding a route.
//   node --import tsx scripts/gen-readme-endpoints.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../reference/http/not-emulated.ts';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
export const BEGIN = '<!-- BEGIN GENERATED ENDPOINT TABLE: node --import tsx scripts/gen-readme-endpoints.ts -->';
export const END = '<!-- END GENERATED ENDPOINT TABLE -->';

export function endpointTable(): string {
  const all = catalogue();
  const documented = all.filter((e) => e.documented);
  const emulated = documented.filter((e) => e.emulated).length;
  const rows = all.map((e) => `| \`${e.method} ${e.path.slice('/api/v1'.length)}\` | ${e.emulated ? 'yes' : 'no: 501'}${e.documented ? '' : ' (not in the API description)'} |`);
  return [
    BEGIN,
    `<details><summary>${emulated} of the ${documented.length} endpoints the API description documents are emulated (every endpoint, under <code>/api/v1</code>)</summary>`,
    '',
    '| endpoint | emulated |',
    '|---|---|',
    ...rows,
    '',
    '</details>',
    END,
  ].join('\n');
}

/** The README with its generated block replaced (an error if the markers are missing). */
export function withTable(readme: string): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`README.md has no block between ${BEGIN} and ${END}`);
  return readme.slice(0, start) + endpointTable() + readme.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withTable(readFileSync(README, 'utf8')));
  console.log(`${README}: endpoint table written`);
}
