// The official Python client (python-zulip-api) against npm start: every journey under
// scripts/python-journeys/ (one file a family; common.py is what they share), each against
// its own `npm start --clock manual`. The client is taken from the upstream source copy
// beside the repository when there is one (../shared/upstream/python-zulip-api, put on
// PYTHONPATH), else from whatever `import zulip` finds. Its dependencies are Debian's
// python3-requests, python3-typing-extensions and python3-distro (.ci/run installs them),
// which the system interpreter sees and a pyenv or venv `python3` first on PATH may not: the
// first of `python3` and `/usr/bin/python3` that can `import zulip` runs the journeys. Where
// none can they are skipped, and say why; the scripts are checked to be valid Python anyway.
// CI sets UNDERSTUDY_REQUIRE_PYTHON_CLIENT=1 (.ci/run): there a client that cannot be
// imported is a failure, not a skip.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const JOURNEYS = join(REPO, 'scripts', 'python-journeys');
const UPSTREAM_CLIENT = join(REPO, '..', 'shared', 'upstream', 'python-zulip-api', 'zulip');
const ENV = {
  ...process.env,
  PYTHONPATH: [existsSync(UPSTREAM_CLIENT) ? UPSTREAM_CLIENT : '', process.env['PYTHONPATH'] ?? ''].filter(Boolean).join(':'),
};
const PYTHON = ['python3', '/usr/bin/python3'].find((python) => spawnSync(python, ['-c', 'import zulip'], { stdio: 'ignore', env: ENV }).status === 0);
const importable = PYTHON !== undefined;
const REASON =
  'skipped: no Python here can import the client (no ../shared/upstream/python-zulip-api, or its dependencies requests, typing_extensions and distro are missing: apt-get install python3-requests python3-typing-extensions python3-distro), and PyPI cannot be reached from this machine to install it';
if (!importable) console.log(`python-client.test.ts: ${REASON}`);

if (process.env['UNDERSTUDY_REQUIRE_PYTHON_CLIENT'] === '1') {
  test('the Python client is importable where it is required (CI)', () => {
    assert.ok(importable, REASON);
  });
}

const journeys = readdirSync(JOURNEYS)
  .filter((f) => f.endsWith('.py') && f !== 'common.py')
  .sort();

/** npm start --clock manual on a free port; resolves with its URL and a stop function. */
function startServe(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', '--quiet', '--clock', 'manual'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no URL in 15 s:\n${out}`))), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) (clearTimeout(timer), resolve({ url: m[1] as string, stop: () => void child.kill('SIGTERM') }));
    });
  });
}

if (spawnSync('python3', ['--version'], { stdio: 'ignore' }).status === 0) {
  test('the journey scripts are valid Python', () => {
    for (const file of ['common.py', ...journeys]) {
      const parsed = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])', join(JOURNEYS, file)], { encoding: 'utf8' });
      assert.is(parsed.status, 0, parsed.stderr);
    }
  });
}

for (const file of journeys) {
  (importable ? test : test.skip)(`the Python client's ${file.replace(/\.py$/, '')} journey over HTTP${importable ? '' : ` (${REASON})`}`, async () => {
    const s = await startServe();
    try {
      const run = spawnSync(PYTHON as string, [join(JOURNEYS, file), s.url], { cwd: JOURNEYS, env: ENV, encoding: 'utf8', timeout: 120_000 });
      assert.is(run.status, 0, `${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, /^ok$/m);
    } finally {
      s.stop();
    }
  });
}

test.run();
