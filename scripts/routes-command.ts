// `understudy routes`: every endpoint the real server documents (its OpenAPI description,
// reference/http/documented-endpoints.json) and whether Understudy emulates it, from the
// route table (reference/routes.ts). What is not emulated answers 501 NOT_IMPLEMENTED.
import { catalogue, type CatalogueEntry } from '../reference/http/not-emulated.ts';
import { EXIT } from '../conformance/exit-codes.ts';
import type { MainIO } from '../conformance/cli.ts';

export function routesUsage(prog: string): string {
  return `usage: ${prog} [--missing | --emulated] [--json]
Lists the endpoints of the Zulip API that the real server documents, and whether
Understudy emulates each (a documented endpoint it does not emulate answers 501
NOT_IMPLEMENTED); then the routes Understudy serves beyond the description.

  --missing    only the documented endpoints that are not emulated
  --emulated   only the emulated ones
  --json       one JSON array: {method, path, emulated, documented}
  -h, --help   this help
`;
}

const line = (e: CatalogueEntry): string => `${e.emulated ? 'emulated    ' : 'not (501)   '}${e.method.padEnd(7)}${e.path}${e.documented ? '' : '   (not in the API description)'}`;

export function routesCommand(argv: string[], io: MainIO, prog = 'understudy routes'): number {
  const flags = new Set(argv);
  for (const a of flags) {
    if (!['--missing', '--emulated', '--json', '-h', '--help'].includes(a)) {
      io.stderr(`${prog}: unknown option ${a} (${prog} --help lists the options)\n`);
      return EXIT.usage;
    }
  }
  if (flags.has('-h') || flags.has('--help')) {
    io.stdout(routesUsage(prog));
    return EXIT.ok;
  }
  let entries = catalogue();
  if (flags.has('--missing')) entries = entries.filter((e) => !e.emulated);
  if (flags.has('--emulated')) entries = entries.filter((e) => e.emulated);
  if (flags.has('--json')) {
    io.stdout(`${JSON.stringify(entries)}\n`);
    return EXIT.ok;
  }
  const all = catalogue();
  const documented = all.filter((e) => e.documented);
  for (const e of entries) io.stdout(`${line(e)}\n`);
  io.stdout(`\n${documented.filter((e) => e.emulated).length} of ${documented.length} documented endpoints emulated; ${all.filter((e) => !e.documented).length} more routes beyond the API description\n`);
  return EXIT.ok;
}
