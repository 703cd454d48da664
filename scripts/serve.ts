// npm start: the reference over node:http, by default on http://127.0.0.1:9991 with the
// default fixture realm, the system clock and the test-control surface at /_understudy/
// (for loopback clients only, unless --control-token: then for clients that send it).
//   --port N (0: any free port; the URL printed says which)   --host H
//   --seed S   --clock manual|system   --fixture FILE.json   --no-control   --control-token T   --quiet
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createReference, type ReferenceOptions } from '#reference/index.ts';
import { serve } from '#reference/adapters/node-http.ts';

const USAGE =
  'usage: npm start -- [--port 9991] [--host 127.0.0.1] [--seed S] [--clock system|manual] [--fixture FILE] [--no-control | --control-token T] [--quiet]';

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '9991' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      clock: { type: 'string', default: 'system' },
      fixture: { type: 'string' },
      'no-control': { type: 'boolean', default: false },
      'control-token': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port number: ${values.port}`);
  if (values.clock !== 'system' && values.clock !== 'manual') throw new Error(`--clock: system or manual, not ${values.clock}`);
  const token = values['control-token'];
  if (token !== undefined && (token === '' || values['no-control'])) throw new Error('--control-token: a non-empty token, and not with --no-control');
  const reference: ReferenceOptions = { clock: values.clock, control: !values['no-control'] };
  if (values.seed !== undefined) reference.seed = values.seed;
  if (values.fixture !== undefined) reference.fixture = JSON.parse(readFileSync(values.fixture, 'utf8')) as unknown;
  return { port, host: values.host, quiet: values.quiet, help: values.help, reference, ...(token !== undefined ? { controlToken: token } : {}) };
}

async function main(): Promise<void> {
  let opts: ReturnType<typeof options>;
  try {
    opts = options(process.argv.slice(2));
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    process.exit(2);
  }
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  let reference: ReturnType<typeof createReference>;
  try {
    reference = createReference(opts.reference);
  } catch (e) {
    console.error(`cannot load the fixture: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
  const log = opts.quiet
    ? undefined
    : ({ method, path, status, ms }: { method: string; path: string; status: number; ms: number }) =>
        console.log(`${method} ${path} ${status} ${ms.toFixed(1)}ms`);
  const serving = await serve(reference, {
    port: opts.port,
    host: opts.host,
    ...(log ? { log } : {}),
    ...(opts.controlToken !== undefined ? { controlToken: opts.controlToken } : {}),
  });

  // Handlers first, then the URL: whoever reads the URL may signal at once.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    serving.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  console.log(controlLine(opts.reference.control !== false, opts.controlToken !== undefined));
  console.log(`Understudy listening on ${serving.url}`);
}

function controlLine(served: boolean, token: boolean): string {
  if (!served) return 'test-control surface /_understudy/: off (--no-control)';
  if (token) return 'test-control surface /_understudy/: for any client that sends the --control-token value in the X-Understudy-Control-Token header';
  return 'test-control surface /_understudy/: for loopback clients only (--control-token T to serve it to others that send T in X-Understudy-Control-Token)';
}

await main();
