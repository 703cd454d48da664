// The README's test recipes, as written: every fenced block right after a
// `<!-- recipe: NAME FILE -->` line is written to DIR/NAME/FILE, and each recipe directory
// gets a node_modules link to the scratch project's, so that `npm test` or `npx vitest run`
// there finds what the reader installed. Prints the recipe names, one a line.
//   node recipes.mjs README.md DIR
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [readme, dir] = process.argv.slice(2);
if (readme === undefined || dir === undefined) throw new Error('usage: node recipes.mjs README.md DIR');
const text = readFileSync(readme, 'utf8');
const re = /<!-- recipe: ([a-z0-9-]+) ([\w.-]+) -->\n```[a-z]*\n([\s\S]*?)\n```/g;
const names = new Set();
for (const [, name, file, body] of text.matchAll(re)) {
  const at = join(dir, name);
  mkdirSync(at, { recursive: true });
  writeFileSync(join(at, file), `${body}\n`);
  if (!existsSync(join(at, 'node_modules'))) symlinkSync(resolve(dir, '..', 'node_modules'), join(at, 'node_modules'));
  names.add(name);
}
const marks = (text.match(/<!-- recipe: /g) ?? []).length;
const blocks = [...text.matchAll(re)].length;
if (marks !== blocks) throw new Error(`${marks} recipe marks but ${blocks} recipe blocks: a mark must be followed directly by a fenced block`);
for (const name of names) console.log(name);
