// Long-polling over node:http: a blocked GET /events is answered as soon as an event
// arrives (well within 50 ms), holds no CPU while it waits, and a client that hangs up
// ends the wait.
import { request as httpRequest } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { serve } from './node-http.ts';

const auth = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

test('a blocked GET /events returns within 50 ms of the message that releases it', async () => {
  const ref = createReference({ clock: 'system' });
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  try {
    const hamlet = ref.store.userByEmail('hamlet@zulip.com')!;
    const iago = ref.store.userByEmail('iago@zulip.com')!;
    const h = { authorization: auth(hamlet.delivery_email, hamlet.api_key) };
    const reg = (await (await fetch(`${serving.url}/api/v1/register`, { method: 'POST', headers: h, body: new URLSearchParams({ event_types: '["message"]' }) })).json()) as Record<string, unknown>;
    const q = String(reg['queue_id']);
    const cpuBefore = process.cpuUsage();
    const pending = fetch(`${serving.url}/api/v1/events?queue_id=${q}&last_event_id=-1`, { headers: h });
    await new Promise((r) => setTimeout(r, 200));
    const cpu = process.cpuUsage(cpuBefore);
    assert.ok(cpu.user + cpu.system < 150_000, `waiting should cost next to no CPU, took ${cpu.user + cpu.system} µs`);
    const sentAt = performance.now();
    await fetch(`${serving.url}/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: auth(iago.delivery_email, iago.api_key) },
      body: new URLSearchParams({ type: 'direct', to: JSON.stringify([hamlet.user_id]), content: 'ping' }),
    });
    const res = await pending;
    const latency = performance.now() - sentAt;
    const body = (await res.json()) as Record<string, unknown>;
    assert.is((body['events'] as unknown[]).length, 1);
    assert.is(body['queue_id'], q);
    assert.ok(latency < 250, `released ${latency.toFixed(1)} ms after the send (generous bound; the benchmark measures it)`);
  } finally {
    await serving.close();
  }
});

test('a client that hangs up ends its wait; the server closes cleanly', async () => {
  const ref = createReference({ clock: 'system' });
  const serving = await serve(ref, { port: 0, host: '127.0.0.1' });
  const hamlet = ref.store.userByEmail('hamlet@zulip.com')!;
  const h = { authorization: auth(hamlet.delivery_email, hamlet.api_key) };
  const reg = (await (await fetch(`${serving.url}/api/v1/register`, { method: 'POST', headers: h, body: new URLSearchParams({ event_types: '["message"]' }) })).json()) as Record<string, unknown>;
  const url = new URL(`${serving.url}/api/v1/events?queue_id=${String(reg['queue_id'])}&last_event_id=-1`);
  await new Promise<void>((resolve) => {
    const req = httpRequest(url, { headers: h });
    req.on('error', () => resolve());
    req.end();
    setTimeout(() => {
      assert.is(ref.control.waitingPolls(), 1, 'the poll waits');
      req.destroy();
      resolve();
    }, 50);
  });
  await new Promise((r) => setTimeout(r, 50));
  assert.is(ref.control.waitingPolls(), 0, 'the hang-up ended the wait');
  await serving.close();
});

test.run();
