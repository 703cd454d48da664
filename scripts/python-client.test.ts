// The official Python client (python-zulip-api) against npm start
// (scripts/python-client-journey.py): its event-queue calls (register, get_events,
// call_on_each_event, set_typing_status, deregister) and, through call_endpoint, drafts,
// scheduled messages and reminders. It runs wherever `python3 -c "import zulip"` works;
// elsewhere it is skipped, and says why; the script is checked to be valid Python anyway.
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

if (spawnSync('python3', ['--version'], { stdio: 'ignore' }).status === 0) {
  test('the journey script is valid Python', () => {
    const parsed = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])', 'scripts/python-client-journey.py'], { cwd: REPO, encoding: 'utf8' });
    assert.is(parsed.status, 0, parsed.stderr);
  });
}

(importable ? test : test.skip)(`the Python client's event queues, long-polls included, and its call_endpoint with drafts, scheduled messages and reminders, over HTTP${importable ? '' : ` (${REASON})`}`, async () => {
  const s = await startServe();
  try {
    const run = spawnSync('python3', ['scripts/python-client-journey.py', s.url], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    assert.is(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^ok$/m);
  } finally {
    s.stop();
  }
});

test.run();
