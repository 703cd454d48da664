// The official Python client (python-zulip-api) against Understudy over HTTP:
// scripts/python-client-journey.py run against the default realm served on the system
// clock (register, get_events at once and long-polled, set_typing_status,
// call_on_each_event for two events, deregister). The package comes from PyPI, which
// this project's machines cannot reach: where `import zulip` fails the journey is
// skipped, and said so; the script is still checked to be valid Python.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serve } from '../reference/adapters/node-http.ts';
import { createReference } from '../reference/index.ts';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'python-client-journey.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
const importable = hasPython && spawnSync('python3', ['-c', 'import zulip'], { encoding: 'utf8' }).status === 0;

if (hasPython) {
  test('the journey script is valid Python', () => {
    const compiled = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])', SCRIPT], { encoding: 'utf8' });
    assert.is(compiled.status, 0, compiled.stderr);
  });
}

if (importable) {
  test('python-zulip-api registers, reads, long-polls, types, follows events and deregisters', async () => {
    const serving = await serve(createReference({ clock: 'system' }), { port: 0, host: '127.0.0.1' });
    try {
      const child = spawn('python3', [SCRIPT, serving.url], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const timer = setTimeout(() => child.kill(), 90_000);
      const code = await new Promise<number | null>((done) => child.on('close', done));
      clearTimeout(timer);
      assert.is(code, 0, out);
      assert.match(out, /python-client-journey: all steps passed/);
    } finally {
      await serving.close();
    }
  });
} else {
  // Written reason, printed with the run: the package is not installed here (PyPI is out
  // of reach of this project's machines); the test runs wherever it is.
  console.log(`python-client-journey: skipped: ${hasPython ? '`import zulip` fails' : 'no python3'} (pip install zulip to run it)`);
  test.skip('python-zulip-api registers, reads, long-polls, types, follows events and deregisters (needs `import zulip`)', () => {});
}

test.run();
