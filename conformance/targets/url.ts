// A target at a base URL: our node:http server, a real server, another implementation.
// Requests go over fetch. With the control capability, the /_understudy/ routes of
// the test-control surface (README) reset the state before each scenario and carry the
// scenarios' control steps.
import type { Capability, ControlAction, Profile } from '../schema.ts';
import { formEncode, observe, type Session, type Target, type WireRequest } from './target.ts';
import { asUnreachable, isGone, TargetUnusable, type TargetUnreachable } from './unreachable.ts';
import type { Observed } from '../matcher.ts';

const CONTROL_ROUTES: Record<ControlAction, { method: 'GET' | 'POST'; path: string }> = {
  add_user: { method: 'POST', path: '/_understudy/users' },
  set_config: { method: 'POST', path: '/_understudy/config' },
  advance_clock: { method: 'POST', path: '/_understudy/clock/advance' },
  events: { method: 'GET', path: '/_understudy/events' },
  push_bouncer: { method: 'GET', path: '/_understudy/push/bouncer' },
  push_seal: { method: 'POST', path: '/_understudy/push/seal' },
  push_outbox: { method: 'GET', path: '/_understudy/push/outbox' },
  push_add_legacy: { method: 'POST', path: '/_understudy/push/legacy' },
  push_legacy: { method: 'GET', path: '/_understudy/push/legacy' },
  vidprov_token: { method: 'POST', path: '/_understudy/vidprov/token' },
};

const TIMEOUT_MS = 30_000;
const CHECK_TIMEOUT_MS = 10_000;

export function urlTarget(baseUrl: string, profile: Profile): Target {
  const base = baseUrl.replace(/\/+$/, '');
  const capabilities = new Set<Capability>();
  if (profile.capabilities.control) capabilities.add('control');
  if (profile.capabilities.jwt_secret !== undefined) capabilities.add('jwt_secret');
  let gone: TargetUnreachable | undefined;

  const request = async (req: WireRequest, timeoutMs: number) => {
    try {
      const res = await fetch(base + req.path, {
        method: req.method,
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body as string | Uint8Array<ArrayBuffer> } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return observe(res.status, res.headers.entries(), new TextDecoder().decode(bytes), bytes);
    } catch (e) {
      const unreachable = asUnreachable(base, e, timeoutMs);
      if (unreachable === undefined) throw e;
      if (isGone(unreachable)) gone ??= unreachable;
      throw unreachable;
    }
  };
  const send = (req: WireRequest) => request(req, TIMEOUT_MS);

  const token = profile.capabilities.control_token;
  const tokenHeader: Record<string, string> = token !== undefined ? { 'X-Understudy-Control-Token': token } : {};
  const controlCall = async (path: string, params: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') => {
    const form = formEncode(params);
    const res = await send(
      method === 'GET'
        ? { method, path: form === '' ? path : `${path}?${form}`, headers: { ...tokenHeader } }
        : { method, path, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...tokenHeader }, body: form },
    );
    if (res.status !== 200 || typeof res.json !== 'object' || res.json === null) {
      throw new Error(`${method} ${path} failed: ${res.status} ${res.text.slice(0, 300)}`);
    }
    const { result: _result, msg: _msg, ...rest } = res.json as Record<string, unknown>;
    return rest;
  };

  return {
    name: base,
    capabilities,
    get unreachable() {
      return gone;
    },
    async check() {
      const settings = await request({ method: 'GET', path: '/api/v1/server_settings', headers: {} }, CHECK_TIMEOUT_MS);
      const notZulip = notAZulipAnswer(settings);
      if (notZulip !== undefined) throw new TargetUnusable(base, `GET ${base}/api/v1/server_settings answered ${notZulip}, not a Zulip server's JSON: is ${base} the base URL of a Zulip server?`);
      if (!capabilities.has('control')) return {};
      // The control surface and its clock, once: a clock moved by 0 ms is a no-op. A
      // system-clock server refuses (400); a server without the surface answers 403/404.
      const clock = await request(
        { method: 'POST', path: '/_understudy/clock/advance', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...tokenHeader }, body: 'ms=0' },
        CHECK_TIMEOUT_MS,
      );
      const envelope = clock.json as { result?: unknown } | undefined;
      if (clock.status === 200 && envelope?.result === 'success') capabilities.add('manual_clock');
      else if (clock.status === 400 && envelope?.result === 'error') capabilities.delete('manual_clock');
      else if (clock.status === 403) {
        throw new TargetUnusable(base, `POST ${base}/_understudy/clock/advance answered 403: the control surface refuses this client (a server started with --control-token takes only that token: set the profile's capabilities.control_token to it)`);
      } else {
        capabilities.delete('control');
        capabilities.delete('manual_clock');
        return { warning: `the profile says ${base} has Understudy's control surface, but POST ${base}/_understudy/clock/advance answered ${clock.status}: the scenarios that need control are skipped` };
      }
      return {};
    },
    async open(): Promise<Session> {
      if (capabilities.has('control')) await controlCall('/_understudy/reset', {});
      return {
        send,
        async control(action, params) {
          if (!capabilities.has('control')) throw new Error(`the target has no control surface (control ${action})`);
          const route = CONTROL_ROUTES[action];
          return controlCall(route.path, params, route.method);
        },
      };
    },
  };
}

/**
 * Why an answer to GET /api/v1/server_settings is not a Zulip server's (a short, one-line
 * description of what came back), or undefined if it is: a JSON object with
 * `"result": "success"` and a `zulip_version`.
 */
export function notAZulipAnswer(res: Observed): string | undefined {
  const json = res.json as { result?: unknown; zulip_version?: unknown } | undefined;
  if (res.status === 200 && typeof json === 'object' && json !== null && json.result === 'success' && typeof json.zulip_version === 'string') return undefined;
  const type = res.headers['content-type']?.split(';')[0]?.trim();
  const kind = json !== undefined ? 'JSON without a Zulip success envelope' : res.text === '' ? 'an empty body' : `${type ?? 'an untyped body'}`;
  const start = res.text.replace(/\s+/g, ' ').trim().slice(0, 60);
  return `${res.status} with ${kind}${start !== '' ? ` (${JSON.stringify(start)}${res.text.length > 60 ? '…' : ''})` : ''}`;
}
