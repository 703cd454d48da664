// The browser front door: a page in headless Chromium whose fetch calls msw's
// setupWorker answers through createHandlers — the core bundled for the browser by
// esbuild (into a temp dir, never committed), served with msw's mockServiceWorker.js
// from a local node:http server. The page must get the same bytes as dispatch in Node.
// Needs Debian's chromium at /usr/bin/chromium (.ci/run installs it); without it this
// test fails and says so.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { answerOfApi, apiRequestOf, runCases } from './cases.ts';
import type { PageResult } from './browser/page.ts';
import { dispatchSend, pushSample, PUSH_SAMPLE_SEED } from './push-sample.ts';

const CHROMIUM = process.env['UNDERSTUDY_CHROMIUM'] ?? '/usr/bin/chromium';
const HERE = dirname(fileURLToPath(import.meta.url));
const WORKER_SCRIPT = join(dirname(createRequire(import.meta.url).resolve('msw')), '..', 'mockServiceWorker.js');

/** Bundles the page into a temp dir; returns the files to serve. */
async function bundle(dir: string): Promise<Record<string, { type: string; body: Buffer | string }>> {
  await build({
    entryPoints: [join(HERE, 'browser/page.ts')],
    outfile: join(dir, 'page.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'error',
  });
  return {
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>Understudy in a browser</title><script type="module" src="/page.js"></script>' },
    '/page.js': { type: 'text/javascript', body: readFileSync(join(dir, 'page.js')) },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(WORKER_SCRIPT) },
  };
}

/** Serves exactly these files; anything else is a plain-text 404 (so an unmocked fetch shows). */
function staticServer(files: Record<string, { type: string; body: Buffer | string }>): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const file = files[(req.url ?? '/').split('?')[0] as string];
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not served by the static server');
      return;
    }
    res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' }).end(file.body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

test('a page in Chromium gets the bytes of dispatch through msw setupWorker', async () => {
  assert.ok(existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium; .ci/run does) or set UNDERSTUDY_CHROMIUM`);
  const dir = mkdtempSync(join(tmpdir(), 'understudy-browser-'));
  const { server, origin } = await staticServer(await bundle(dir));
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const console: string[] = [];
    page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => console.push(`pageerror: ${e.message}`));
    await page.goto(origin);
    await page.waitForFunction(() => window.understudy?.result !== undefined || window.understudy?.error !== undefined, undefined, { timeout: 30_000 });
    const outcome = (await page.evaluate(() => window.understudy)) as { result?: PageResult; error?: string };
    assert.is(outcome.error, undefined, `${outcome.error}\n${console.join('\n')}`);
    const result = outcome.result as PageResult;

    const node = createReference();
    const expected = await runCases('msw', async (c) => answerOfApi(node.dispatch(await apiRequestOf(c))));
    assert.ok(expected.size > 10);
    assert.equal(result.dispatch, [...expected], 'dispatch in the browser answers like dispatch in Node');
    assert.equal(result.worker, [...expected], 'setupWorker answers like dispatch in Node');

    const push = await pushSample(dispatchSend(createReference({ seed: PUSH_SAMPLE_SEED })));
    assert.match(push.encrypted_data, /^[A-Za-z0-9+/]{40,}={0,2}$/);
    assert.equal(result.push.dispatch, push, 'the sealed registration and the encrypted notification: the same bytes in the browser');
    assert.equal(result.push.worker, push, 'and through setupWorker');
  } finally {
    await context.close();
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
