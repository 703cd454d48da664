// A fixed encrypted-push flow whose bytes must be the same in Node and in a browser
// (worker.browser.test.ts): with a fixed seed, the bouncer's key pair, the sealed
// registration's ephemeral key and the notification's nonce all come from the seeded
// random. Runs through any `send` (dispatch, or fetch through msw's setupWorker).
// No node:*, so the browser page bundles it.
import { KEYS } from './cases.ts';

export const PUSH_SAMPLE_SEED = 'push-sample';

export type Send = (method: string, path: string, form: Record<string, string>, as?: string) => Promise<Record<string, unknown>>;

export interface PushSample {
  encrypted_push_registration: string;
  token_id: string;
  bouncer_public_key: string;
  push_key_id: number;
  encrypted_data: string;
}

export const basicAuth = (email: string): string => `Basic ${btoa(`${email}:${KEYS[email] ?? ''}`)}`;

export async function pushSample(send: Send): Promise<PushSample> {
  const { device_id } = await send('POST', '/api/v1/register_client_device', {}, 'hamlet@zulip.com');
  const sealed = (await send('POST', '/_understudy/push/seal', { token: 'fcm-browser-sample', token_kind: 'kind_a' })) as Record<string, string>;
  await send(
    'POST',
    '/api/v1/mobile_push/register',
    {
      device_id: String(device_id),
      push_key: 'MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt',
      push_key_id: '42',
      token_kind: 'kind_a',
      token_id: sealed['token_id']!,
      bouncer_public_key: sealed['bouncer_public_key']!,
      encrypted_push_registration: sealed['encrypted_push_registration']!,
    },
    'hamlet@zulip.com',
  );
  await send('POST', '/api/v1/messages', { type: 'direct', to: '[6]', content: 'the same bytes everywhere' }, 'iago@zulip.com');
  const { notifications } = (await send('GET', '/_understudy/push/outbox', {})) as { notifications: Array<{ push_key_id: number; encrypted_data: string }> };
  const [n] = notifications;
  if (n === undefined) throw new Error('no notification in the outbox');
  return {
    encrypted_push_registration: sealed['encrypted_push_registration']!,
    token_id: sealed['token_id']!,
    bouncer_public_key: sealed['bouncer_public_key']!,
    push_key_id: n.push_key_id,
    encrypted_data: n.encrypted_data,
  };
}

/** `send` over fetch (the worker, or any server). */
export function fetchSend(base: string, doFetch: (input: string, init: RequestInit) => Promise<Response> = fetch): Send {
  return async (method, path, form, as) => {
    const headers: Record<string, string> = {};
    if (as !== undefined) headers['authorization'] = basicAuth(as);
    const query = method === 'GET' && Object.keys(form).length > 0 ? `?${new URLSearchParams(form)}` : '';
    const init: RequestInit = { method, headers };
    if (method !== 'GET') init.body = new URLSearchParams(form);
    const res = await doFetch(`${base}${path}${query}`, init);
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** `send` through a reference's dispatch. */
export function dispatchSend(reference: { dispatch(req: { method: string; path: string; headers: Record<string, string>; body?: string; query?: string }): { status: number; json: Record<string, unknown> } }): Send {
  return async (method, path, form, as) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (as !== undefined) headers['authorization'] = basicAuth(as);
    const encoded = new URLSearchParams(form).toString();
    const res = reference.dispatch(method === 'GET' ? { method, path, headers, query: encoded } : { method, path, headers, body: encoded });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  };
}
