// Calling the reference as a fixture character, for unit tests: `who` is a user id, an
// email, or a short name ("hamlet" is hamlet@zulip.com). Non-string parameters are
// JSON-encoded, as the API takes them; GET sends them in the query, others in a form body.
import type { Reference } from '../index.ts';
import type { ApiResponse } from '../http/request.ts';

export function callAs(ref: Reference, who: string | number, method: string, path: string, params: Record<string, unknown> = {}): ApiResponse {
  const user = typeof who === 'number' ? ref.store.user(who) : ref.store.userByEmail(who.includes('@') ? who : `${who}@zulip.com`);
  if (!user) throw new Error(`no user ${who}`);
  const encoded = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return ref.dispatch({
    method,
    path: `/api/v1${path}`,
    ...(method === 'GET' ? { query: encoded } : { body: encoded }),
    headers: { authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}` },
  });
}
