// The known approximations: every place where Understudy knowingly differs from the real
// server says so in the code on a comment that starts `NOTE: approximation:`. This file
// collects them (the comment's text to the end of its sentence block) into
// docs/APPROXIMATIONS.md, which the package ships and `understudy approximations` prints.
//   tsx scripts/approximations.ts          rewrite docs/APPROXIMATIONS.md
//   tsx scripts/approximations.ts --check  exit 1 if it is out of date (npm test checks too)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DOC = join(ROOT, 'docs', 'APPROXIMATIONS.md');
const MARK = 'NOTE: approximation:';
/** Where the behaviour lives: the core and the conformance runner (tests are not behaviour). */
const DIRS = ['reference', 'conformance'];

export interface Approximation {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A comment line's text without its comment marks, or undefined if the line is no comment. */
function commentText(line: string): string | undefined {
  const m = /^\s*(?:\/\/+|\/\*\*?|\*(?!\/))\s?(.*?)\s*(?:\*\/)?\s*$/.exec(line);
  return m === null ? undefined : (m[1] as string);
}

/** Each NOTE with its continuation lines: the comment lines after it, up to a blank comment line, the comment's end or another NOTE. */
export function collect(root = ROOT): Approximation[] {
  const found: Approximation[] = [];
  for (const dir of DIRS) {
    for (const path of sourceFiles(join(root, dir)).sort()) {
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const at = line.indexOf(MARK);
        if (at < 0) return;
        const parts = [line.slice(at + MARK.length).replace(/\*\/\s*$/, '').trim()];
        for (let j = i + 1; j < lines.length && !/\*\/\s*$/.test(lines[j - 1] as string); j++) {
          const next = commentText(lines[j] as string);
          if (next === undefined || next === '' || next.includes('NOTE:')) break;
          parts.push(next);
        }
        found.push({ file: relative(root, path), line: i + 1, text: parts.join(' ').replace(/\s+/g, ' ').trim() });
      });
    }
  }
  return found;
}

export function render(notes: readonly Approximation[]): string {
  const byArea = new Map<string, Approximation[]>();
  for (const n of notes) {
    const area = n.file.split('/').slice(0, 2).join('/').replace(/\.ts$/, '');
    byArea.set(area, [...(byArea.get(area) ?? []), n]);
  }
  const out = [
    '# Known approximations',
    '',
    `Where Understudy knowingly differs from the real Zulip server, the code says so on a comment`,
    `that starts \`${MARK}\`. This page lists all ${notes.length} of them, generated from the code`,
    '(`scripts/approximations.ts`; `npx understudy approximations` prints it). Everything not',
    'listed here is meant to behave as the real server does: a difference that is not here is a bug.',
    '',
  ];
  for (const [area, list] of byArea) {
    out.push(`## ${area}`, '');
    for (const n of list) out.push(`- \`${n.file}:${n.line}\`: ${n.text}`);
    out.push('');
  }
  return out.join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = render(collect());
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(DOC, 'utf8');
    } catch {}
    if (current !== text) {
      process.stderr.write('docs/APPROXIMATIONS.md is out of date: run npx tsx scripts/approximations.ts\n');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(DOC, text);
    process.stdout.write(`docs/APPROXIMATIONS.md: ${collect().length} approximations\n`);
  }
}
