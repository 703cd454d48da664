// The understudy command: `understudy serve`, `understudy conformance`, --help and
// --version. scripts/understudy.ts runs it as the package's bin.
import { readFileSync } from 'node:fs';
import { main as conformance, type MainIO } from '../conformance/cli.ts';
import { EXIT, EXIT_HELP } from '../conformance/exit-codes.ts';
import { routesCommand } from './routes-command.ts';
import { serveCommand } from './serve-command.ts';

export const HELP = `usage: understudy <command> [options]
A deterministic, in-memory reference implementation of the Zulip REST API, and a
conformance suite for Zulip servers.

commands:
  serve          serve the reference over HTTP (default http://127.0.0.1:9991)
  conformance    replay the conformance scenarios against a server or the in-process reference
  approximations where Understudy knowingly differs from the real server (docs/APPROXIMATIONS.md)
  routes         list the documented API endpoints and which ones Understudy emulates

  understudy <command> --help   lists the command's options

options:
  -h, --help     this help
  -v, --version  the version
${EXIT_HELP}
`;

/** The package's version, from its package.json (one directory up, in the repository and in dist/ alike). */
export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

const processIO: MainIO = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stdout.isTTY === true,
  env: process.env,
};

/** Resolves to the exit status, or to undefined while `serve` is serving. */
export async function understudy(argv: string[], io: MainIO = processIO): Promise<number | undefined> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serveCommand(rest, io, 'understudy serve');
    case 'conformance':
      return conformance(rest, io, 'understudy conformance');
    case 'approximations':
      io.stdout(readFileSync(new URL('../docs/APPROXIMATIONS.md', import.meta.url), 'utf8'));
      return EXIT.ok;
    case 'routes':
      return routesCommand(rest, io);
    case 'help':
      if (rest[0] === 'serve' || rest[0] === 'conformance' || rest[0] === 'routes') return understudy([rest[0], '--help'], io);
      io.stdout(HELP);
      return EXIT.ok;
    case '-h':
    case '--help':
      io.stdout(HELP);
      return EXIT.ok;
    case '-v':
    case '--version':
      io.stdout(`${version()}\n`);
      return EXIT.ok;
    case undefined:
      io.stderr(HELP);
      return EXIT.usage;
    default:
      io.stderr(`understudy: unknown command ${JSON.stringify(command)} (understudy --help lists the commands)\n`);
      return EXIT.usage;
  }
}
