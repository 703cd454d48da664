// A target at a base URL: our node:http server, a real server, another implementation.
// Requests go over fetch. With the control capability, the /_understudy/ routes of
// DESIGN.md's test-control surface reset the state before each scenario and carry the
// scenarios' control steps.
import type { Capability, ControlAction, Profile } from '../schema.ts';
import { formEncode, observe, type Session, type Target, type WireRequest } from './target.ts';

const CONTROL_ROUTES: Record<ControlAction, string> = {
  add_user: '/_understudy/users',
  set_config: '/_understudy/config',
  advance_clock: '/_understudy/clock/advance',
};

const TIMEOUT_MS = 30_000;

export function urlTarget(baseUrl: string, profile: Profile): Target {
  const base = baseUrl.replace(/\/+$/, '');
  const capabilities = new Set<Capability>();
  if (profile.capabilities.control) capabilities.add('control');
  if (profile.capabilities.jwt_secret !== undefined) capabilities.add('jwt_secret');

  const send = async (req: WireRequest) => {
    const res = await fetch(base + req.path, {
      method: req.method,
      headers: req.headers,
      ...(req.body !== undefined ? { body: req.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return observe(res.status, res.headers.entries(), await res.text());
  };

  const token = profile.capabilities.control_token;
  const controlCall = async (path: string, params: Record<string, unknown>) => {
    const res = await send({
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(token !== undefined ? { 'X-Understudy-Control-Token': token } : {}) },
      body: formEncode(params),
    });
    if (res.status !== 200 || typeof res.json !== 'object' || res.json === null) {
      throw new Error(`POST ${path} failed: ${res.status} ${res.text.slice(0, 300)}`);
    }
    const { result: _result, msg: _msg, ...rest } = res.json as Record<string, unknown>;
    return rest;
  };

  return {
    name: base,
    capabilities,
    async open(): Promise<Session> {
      if (capabilities.has('control')) await controlCall('/_understudy/reset', {});
      return {
        send,
        async control(action, params) {
          if (!capabilities.has('control')) throw new Error(`the target has no control surface (control ${action})`);
          return controlCall(CONTROL_ROUTES[action], params);
        },
      };
    },
  };
}
