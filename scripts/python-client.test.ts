// The official Python client (python-zulip-api) against npm start, through call_endpoint
// (scripts/python-client-journey.py). It runs wherever `python3 -c "import zulip"` works;
// elsewhere it is skipped, and says why.
import { spawn, spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const importable = spawnSync('python3', ['-c', 'import zulip'], { stdio: 'ignore' }).status === 0;
const REASON =
  'skipped: the Python client (PyPI package "zulip") is not importable here, and PyPI cannot be reached from this machine to install it';
if (!importable) console.log(`python-client.test.ts: ${REASON}`);

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

(importable ? test : test.skip)(`the Python client's call_endpoint drives drafts, scheduled messages and reminders over HTTP${importable ? '' : ` (${REASON})`}`, async () => {
  const s = await startServe();
  try {
    const run = spawnSync('python3', ['scripts/python-client-journey.py', s.url], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
    assert.is(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^ok$/m);
  } finally {
    s.stop();
  }
});

test.run();
