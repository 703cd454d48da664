// The browser test's page (bundled by esbuild at test time; see worker.browser.test.ts).
// The core runs unchanged in Chromium: msw's setupWorker answers the page's fetch calls
// through createHandlers, and the page reports what it got, next to what in-browser
// dispatch answers, for the test to compare with dispatch in Node.
import { setupWorker } from 'msw/browser';
import { createReference } from '../../index.ts';
import { answerOf, answerOfApi, apiRequestOf, requestInit, runCases, type Answer } from '../cases.ts';
import { createHandlers } from '../msw.ts';

export interface PageResult {
  worker: Array<[string, Answer]>;
  dispatch: Array<[string, Answer]>;
  userAgent: string;
}

declare global {
  interface Window {
    understudy?: { result?: PageResult; error?: string };
  }
}

async function main(): Promise<PageResult> {
  const worker = setupWorker(...createHandlers(createReference(), { baseUrl: location.origin }));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });
  try {
    const viaWorker = await runCases('msw', async (c) => answerOf(await fetch(`${location.origin}${c.path}`, requestInit(c))));
    const local = createReference();
    const viaDispatch = await runCases('msw', async (c) => answerOfApi(local.dispatch(await apiRequestOf(c))));
    return { worker: [...viaWorker], dispatch: [...viaDispatch], userAgent: navigator.userAgent };
  } finally {
    worker.stop();
  }
}

window.understudy = {};
main().then(
  (result) => (window.understudy = { result }),
  (e: unknown) => (window.understudy = { error: e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e) }),
);
