// Uploads and downloads timed through three doors (a benchmark, not a test):
//   node --import tsx scripts/bench-uploads.ts [--json]
// A 1 MiB file and a 24 MiB one (under node:http's 25 MiB body limit with the multipart
// framing) go up as FormData, as a client sends them, and come back down; each figure is
// the median of several rounds, in milliseconds.
import { setupServer } from 'msw/node';
import { createReference, type Reference } from '../reference/index.ts';
import { createHandlers } from '../reference/adapters/msw.ts';
import { serve } from '../reference/adapters/node-http.ts';

const MiB = 1024 * 1024;
const json = process.argv.includes('--json');

function auth(ref: Reference): Record<string, string> {
  const u = ref.store.userByEmail('hamlet@zulip.com');
  if (!u) throw new Error('no hamlet');
  return { Authorization: `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}` };
}

async function round(ref: Reference, send: (path: string, init: RequestInit) => Promise<Response>, bytes: Uint8Array<ArrayBuffer>): Promise<{ up: number; down: number }> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'bench.bin');
  let t = performance.now();
  const res = await send('/api/v1/user_uploads', { method: 'POST', headers: auth(ref), body: form });
  const { url } = (await res.json()) as { url: string };
  const up = performance.now() - t;
  t = performance.now();
  const got = await send(url, { method: 'GET', headers: auth(ref) });
  const size = (await got.arrayBuffer()).byteLength;
  const down = performance.now() - t;
  if (size !== bytes.length) throw new Error(`downloaded ${size} of ${bytes.length} bytes`);
  ref.reset();
  return { up, down };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function measure(name: string, ref: Reference, send: (path: string, init: RequestInit) => Promise<Response>, size: number, rounds: number) {
  const bytes = new Uint8Array(size).map((_, i) => (i * 31) % 251);
  await round(ref, send, bytes); // warm-up
  const ups: number[] = [];
  const downs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = await round(ref, send, bytes);
    ups.push(r.up);
    downs.push(r.down);
  }
  return { door: name, mib: size / MiB, upload_ms: Math.round(median(ups) * 10) / 10, download_ms: Math.round(median(downs) * 10) / 10 };
}

const results = [];
for (const size of [MiB, 24 * MiB]) {
  const rounds = size > MiB ? 3 : 9;
  const inProcess = createReference();
  results.push(await measure('fetch (reference.handle)', inProcess, (p, init) => inProcess.handle(new Request(`http://x.test${p}`, init)), size, rounds));
  const mswRef = createReference();
  const server = setupServer(...createHandlers(mswRef, { baseUrl: 'http://bench.test' }));
  server.listen({ onUnhandledRequest: 'error' });
  results.push(await measure('msw 2 + global fetch', mswRef, (p, init) => fetch(`http://bench.test${p}`, init), size, rounds));
  server.close();
  const httpRef = createReference();
  const serving = await serve(httpRef, { port: 0, host: '127.0.0.1' });
  results.push(await measure('node:http (fetch over loopback)', httpRef, (p, init) => fetch(`${serving.url}${p}`, init), size, rounds));
  await serving.close();
}
if (json) console.log(JSON.stringify(results, null, 2));
else for (const r of results) console.log(`${r.door.padEnd(34)} ${String(r.mib).padStart(3)} MiB  upload ${r.upload_ms} ms  download ${r.download_ms} ms`);
