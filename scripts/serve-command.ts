// The serve command: `understudy serve [options]` (and `npm start -- [options]` in the
// repository). The reference over node:http, by default on http://127.0.0.1:9991 with
// the default realm, the system clock and the test-control surface at /_understudy/.
// It logs one line per request and stops cleanly on SIGINT/SIGTERM. Every failure to
// start is one line on stderr with its own exit status (conformance/exit-codes.ts).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serve, type Serving } from '../reference/adapters/node-http.ts';
import { createReference, type FaultSpec, type Reference, type ReferenceOptions } from '../reference/index.ts';
import { NEWEST_FEATURE_LEVEL } from '../reference/options.ts';
import { colors, wantsColor, type Colors } from '../conformance/colors.ts';
import { EXIT, EXIT_HELP } from '../conformance/exit-codes.ts';
import { Redactor } from '../conformance/redact.ts';
import { FAULTS, isFault, withFault, type FaultName } from './faults.ts';
import type { MainIO } from '../conformance/cli.ts';

export function serveUsage(prog: string): string {
  return `usage: ${prog} [options]
Serves the reference implementation of the Zulip API over HTTP.

  --port N             port to listen on (default 9991; 0 picks a free one, printed on start)
  --host HOST          address or name to listen on (default 127.0.0.1)
  --seed S             seeds API keys and every other random value (default understudy)
  --clock system|manual
                       system (default) or manual: starts at the fixture's instant and moves
                       only through POST /_understudy/clock/advance (conformance runs need it)
  --fixture FILE       the realm to serve, in the format of fixtures/realm.json
                       (default: the default realm)
  --feature-level N    behave as a server at API feature level N, 1 to ${NEWEST_FEATURE_LEVEL}
                       (default ${NEWEST_FEATURE_LEVEL}; README.md, "Feature levels", lists each rule)
  --faults FILE        add the faults of FILE at start: a JSON list of fault specifications
                       ({"fault": "rate_limit", "method": "POST", "path": "/api/v1/messages",
                       "times": 1}, ...; README.md, "Faults"); reset clears them
  --rate-limit         the real server's rate limits (200 requests a minute, 2,000 an hour,
                       per user) with X-RateLimit-* headers on every authenticated answer
  --no-control         do not serve the test-control surface under /_understudy/
  --control-token T    serve /_understudy/ to any client that sends T in the
                       X-Understudy-Control-Token header (without it: loopback clients only)
  --quiet              no line per request
  --self-test-fault NAME
                       serve a deliberately broken reference, to see what a conformance
                       report of a failing server looks like (never for client tests):
${Object.entries(FAULTS).map(([n, what]) => `                         ${n}: ${what}`).join('\n')}
  --color, --no-color  colour on or off (default: on a terminal, off with NO_COLOR)
  -h, --help           this help

Log in as any user of the default realm with password "secret", e.g.
  curl -X POST http://127.0.0.1:9991/api/v1/fetch_api_key -d username=iago@zulip.com -d password=secret
${EXIT_HELP}
`;
}

/** The flags (serveUsage() describes each one; a test holds it to that). */
export const SERVE_FLAGS = {
  port: { type: 'string', default: '9991' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string' },
  clock: { type: 'string', default: 'system' },
  fixture: { type: 'string' },
  'feature-level': { type: 'string' },
  faults: { type: 'string' },
  'rate-limit': { type: 'boolean', default: false },
  'no-control': { type: 'boolean', default: false },
  'control-token': { type: 'string' },
  quiet: { type: 'boolean', default: false },
  'self-test-fault': { type: 'string' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const processIO: MainIO = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stdout.isTTY === true,
  env: process.env,
};

class StartError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface ServeFlags {
  port: number;
  host: string;
  quiet: boolean;
  help: boolean;
  color: boolean | undefined;
  reference: ReferenceOptions;
  fixture?: string;
  faults?: string;
  controlToken?: string;
  fault?: FaultName;
}

function flags(argv: string[], prog: string): ServeFlags {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: SERVE_FLAGS,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    const unknown = /Unknown option '([^']+)'/.exec((e as Error).message);
    const what = unknown ? `unknown option ${unknown[1]}` : ((e as Error).message.split('. ')[0] as string);
    throw new StartError(EXIT.usage, `${what} (${prog} --help lists the options)`);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new StartError(EXIT.usage, `--port: a port number from 0 to 65535, not ${JSON.stringify(values.port)}`);
  if (values.clock !== 'system' && values.clock !== 'manual') throw new StartError(EXIT.usage, `--clock: system or manual, not ${JSON.stringify(values.clock)}`);
  const token = values['control-token'];
  if (token !== undefined && (token === '' || values['no-control'])) {
    throw new StartError(EXIT.usage, `--control-token: a non-empty token, and not with --no-control (${prog} --help lists the options)`);
  }
  const fault = values['self-test-fault'];
  if (fault !== undefined && !isFault(fault)) {
    throw new StartError(EXIT.usage, `--self-test-fault: one of ${Object.keys(FAULTS).join(', ')} (a deliberately broken server), not ${JSON.stringify(fault)}`);
  }
  const reference: ReferenceOptions = { clock: values.clock, control: !values['no-control'], ...(values['rate-limit'] ? { rateLimits: true } : {}) };
  if (values.seed !== undefined) reference.seed = values.seed;
  const level = values['feature-level'];
  if (level !== undefined) {
    if (!/^\d+$/.test(level) || Number(level) < 1 || Number(level) > NEWEST_FEATURE_LEVEL) {
      throw new StartError(EXIT.usage, `--feature-level: a feature level from 1 to ${NEWEST_FEATURE_LEVEL}, not ${JSON.stringify(level)}`);
    }
    reference.featureLevel = Number(level);
  }
  return {
    ...(token !== undefined ? { controlToken: token } : {}),
    ...(fault !== undefined ? { fault } : {}),
    port,
    host: values.host,
    quiet: values.quiet,
    help: values.help,
    color: values['no-color'] ? false : values.color,
    reference,
    ...(values.fixture !== undefined ? { fixture: values.fixture } : {}),
    ...(values.faults !== undefined ? { faults: values.faults } : {}),
  };
}

function load(f: ServeFlags): Reference {
  const options = { ...f.reference };
  if (f.fixture !== undefined) {
    try {
      options.fixture = JSON.parse(readFileSync(f.fixture, 'utf8')) as unknown;
    } catch (e) {
      throw new StartError(EXIT.usage, `cannot read the fixture ${f.fixture}: ${(e as Error).message}`);
    }
  }
  let reference: Reference;
  try {
    reference = createReference(options);
  } catch (e) {
    throw new StartError(EXIT.usage, `cannot load the fixture ${f.fixture ?? ''}: ${(e as Error).message.replace(/\s+/g, ' ')}`);
  }
  if (f.faults !== undefined) addFaults(reference, f.faults);
  return reference;
}

/** --faults FILE: a JSON list of fault specifications, each added as control.addFault adds it. */
function addFaults(reference: Reference, file: string): void {
  let specs: unknown;
  try {
    specs = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    throw new StartError(EXIT.usage, `cannot read the faults ${file}: ${(e as Error).message}`);
  }
  if (!Array.isArray(specs)) throw new StartError(EXIT.usage, `--faults ${file}: a JSON list of fault specifications`);
  specs.forEach((spec: unknown, i) => {
    try {
      if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) throw new Error('not an object');
      reference.control.addFault(spec as FaultSpec);
    } catch (e) {
      throw new StartError(EXIT.usage, `--faults ${file}: fault ${i + 1}: ${(e as Error).message}`);
    }
  });
}

/** node:http's listen errors as one line each. */
function listenError(e: unknown, f: ServeFlags): StartError {
  const code = (e as { code?: string }).code;
  switch (code) {
    case 'EADDRINUSE':
      return new StartError(EXIT.cannotListen, `port ${f.port} on ${f.host} is in use (--port 0 picks a free one)`);
    case 'EACCES':
      return new StartError(EXIT.cannotListen, `no permission to listen on port ${f.port} of ${f.host} (--port 0 picks a free one)`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return new StartError(EXIT.badHost, `cannot resolve --host ${f.host} (${code})`);
    case 'EADDRNOTAVAIL':
    case 'EAFNOSUPPORT':
    case 'EINVAL':
      return new StartError(EXIT.badHost, `--host ${f.host} is no address of this machine (${code})`);
    default:
      throw e;
  }
}

/**
 * One line per request. The path's query string is masked as the conformance reporters
 * mask theirs (conformance/redact.ts): a password, API key or token sent in the query
 * never reaches the log. Bodies and headers are not logged at all. A new Redactor per
 * line, so that a long-running server keeps no secret it saw.
 */
function requestLog(c: Colors, write: (s: string) => void) {
  const paint = (status: number) => (status >= 500 ? c.red : status >= 400 ? c.yellow : c.green)(String(status));
  return ({ method, path, status, ms }: { method: string; path: string; status: number; ms: number }) =>
    write(`${method} ${new Redactor().value(path)} ${paint(status)} ${c.dim(`${ms.toFixed(1)}ms`)}\n`);
}

/**
 * Starts serving; resolves to undefined once listening (the process then runs until a
 * signal), or to an exit status when it cannot start or only printed help.
 */
export async function serveCommand(argv: string[], io: MainIO = processIO, prog = 'npm start --'): Promise<number | undefined> {
  const name = prog.replace(/ --$/, '');
  let c = colors(wantsColor({ env: io.env ?? {}, isTTY: io.isTTY }));
  let serving: Serving;
  let f: ServeFlags;
  try {
    f = flags(argv, prog);
    c = colors(wantsColor({ flag: f.color, env: io.env ?? {}, isTTY: io.isTTY }));
    if (f.help) {
      io.stdout(serveUsage(prog));
      return EXIT.ok;
    }
    const loaded = load(f);
    const reference = f.fault !== undefined ? withFault(loaded, f.fault) : loaded;
    try {
      serving = await serve(reference, {
        port: f.port,
        host: f.host,
        ...(f.quiet ? {} : { log: requestLog(c, io.stdout) }),
        ...(f.controlToken !== undefined ? { controlToken: f.controlToken } : {}),
      });
    } catch (e) {
      throw listenError(e, f);
    }
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    io.stderr(`${c.red(`${name}:`)} ${e.message}\n`);
    return e.code;
  }

  // Handlers first, then the URL: whoever reads the URL may signal at once.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    io.stdout(`${signal}: shutting down\n`);
    serving.close().then(
      () => process.exit(EXIT.ok),
      (e: unknown) => {
        io.stderr(`${name}: ${(e as Error).message}\n`);
        process.exit(EXIT.internal);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  watchLauncher(io.env ?? {}, () => shutdown('launcher gone'));
  io.stdout(`${controlLine(f.reference.control !== false, f.controlToken !== undefined)}\n`);
  if (f.reference.featureLevel !== undefined) io.stdout(`feature level ${f.reference.featureLevel} (the newest is ${NEWEST_FEATURE_LEVEL})\n`);
  // Before the URL: whoever waits for the URL has read the warning too.
  if (f.fault !== undefined) io.stdout(`${c.red(`SELF-TEST FAULT INJECTED: ${f.fault}: ${FAULTS[f.fault]}`)}\n`);
  io.stdout(`${c.bold('Understudy')} listening on ${serving.url}\n`);
  return undefined;
}

/**
 * Started through npm (`npx understudy serve`, `npm start`), the server is a grandchild of
 * the process a shell's `kill $!` signals: npm exec ends on SIGTERM without passing it on,
 * and the server would run on, orphaned. So under npm the server watches its parent and
 * shuts down as on SIGTERM once it is gone (its parent id changes when it is reparented).
 * Started directly (`node dist/cli.js serve`, a process manager), it does not.
 */
export function watchLauncher(env: Record<string, string | undefined>, gone: () => void, everyMs = 250): (() => void) | undefined {
  if (env['npm_execpath'] === undefined && env['npm_command'] === undefined) return undefined;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) (clearInterval(timer), gone());
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** What `npm start` says on start about who gets the test-control surface. */
function controlLine(served: boolean, token: boolean): string {
  if (!served) return 'test-control surface /_understudy/: off (--no-control)';
  if (token) return 'test-control surface /_understudy/: for any client that sends the --control-token value in the X-Understudy-Control-Token header';
  return 'test-control surface /_understudy/: for loopback clients only (--control-token T to serve it to others that send T in X-Understudy-Control-Token)';
}
