// The browser test's page (bundled by esbuild at test time; see worker.browser.test.ts).
// The core runs unchanged in Chromium: msw's setupWorker answers the page's fetch calls
// through createHandlers, and the page reports what it got, next to what in-browser
// dispatch answers, for the test to compare with dispatch in Node.
import { setupWorker } from 'msw/browser';
import { createReference } from '../../index.ts';
import { answerOf, answerOfApi, apiRequestOf, requestInit, runCases, type Answer } from '../cases.ts';
import { createHandlers } from '../msw.ts';
import { dispatchSend, fetchSend, pushSample, PUSH_SAMPLE_SEED, type PushSample } from '../push-sample.ts';

export interface PageResult {
  worker: Array<[string, Answer]>;
  dispatch: Array<[string, Answer]>;
  /** The push sample (push-sample.ts) through the worker and through in-browser dispatch. */
  push: { worker: PushSample; dispatch: PushSample };
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
    return { worker: [...viaWorker], dispatch: [...viaDispatch], push: await samples(), userAgent: navigator.userAgent };
  } finally {
    worker.stop();
  }
}

/** The push sample from a fresh reference of the sample's seed, through a worker and through dispatch. */
async function samples(): Promise<{ worker: PushSample; dispatch: PushSample }> {
  const worker = setupWorker(...createHandlers(createReference({ seed: PUSH_SAMPLE_SEED }), { baseUrl: location.origin }));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });
  try {
    const viaWorker = await pushSample(fetchSend(location.origin));
    return { worker: viaWorker, dispatch: await pushSample(dispatchSend(createReference({ seed: PUSH_SAMPLE_SEED }))) };
  } finally {
    worker.stop();
  }
}

window.understudy = {};
main().then(
  (result) => (window.understudy = { result }),
  (e: unknown) => (window.understudy = { error: e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e) }),
);
