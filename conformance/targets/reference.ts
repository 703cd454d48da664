// The in-process target: a fresh createReference() per scenario, requests through
// reference.dispatch (synchronous, the same bytes as over HTTP), control through
// reference.control. The body goes in as the bytes a server receives (UTF-8), as the
// node:http and fetch front doors hand it over, so that it is decoded as theirs is.
import { createReference, type Reference, type ReferenceOptions } from '../../reference/index.ts';
import type { Capability, ControlAction, Profile } from '../schema.ts';
import { observe, type Session, type Target } from './target.ts';

type ControlParams = Record<string, string | number | boolean>;

const utf8 = new TextEncoder();

/**
 * `wrap`: what to make of each fresh reference (a test may inject a fault: scripts/faults.ts).
 * `create`: another Understudy's createReference (`--oracle FILE` loads one from another
 * checkout or installed package; the mutation harness compares a mutant with the original).
 */
export function referenceTarget(
  profile: Profile,
  options: ReferenceOptions = {},
  wrap: (reference: Reference) => Reference = (r) => r,
  create: (options: ReferenceOptions) => Reference = createReference,
): Target {
  const capabilities = new Set<Capability>(['control', ...(options.clock === undefined || options.clock === 'manual' ? (['manual_clock'] as const) : [])]);
  if (profile.capabilities.jwt_secret !== undefined) capabilities.add('jwt_secret');
  return {
    name: 'reference',
    capabilities,
    async open(): Promise<Session> {
      const reference = wrap(create(options));
      return {
        async send(req) {
          const res = reference.dispatch({
            method: req.method,
            path: req.path,
            headers: req.headers,
            ...(req.body !== undefined ? { body: typeof req.body === 'string' ? utf8.encode(req.body) : req.body } : {}),
          });
          const at = computedUndefined(res);
          if (at !== null) throw new Error(`the in-process answer's json holds undefined at ${at}, which its body leaves out: api() callers would see a key the wire does not carry`);
          const bytes = req.method === 'HEAD' ? new Uint8Array(0) : (res.bytes ?? utf8.encode(res.body));
          return observe(res.status, Object.entries(res.headers), req.method === 'HEAD' ? '' : res.bytes !== undefined ? new TextDecoder().decode(res.bytes) : res.body, bytes);
        },
        async control(action: ControlAction, params: Record<string, unknown>) {
          try {
            switch (action) {
              case 'add_user':
                return { ...reference.control.addUser(params as ControlParams) };
              case 'set_config':
                reference.control.setConfig(params as ControlParams);
                return {};
              case 'advance_clock':
                reference.control.advance(Number(params['ms']));
                return { now_ms: reference.control.now() };
              case 'events': {
                const limit = params['limit'] === undefined ? undefined : Number(params['limit']);
                return { events: reference.control.events(Number(params['user_id']), limit) };
              }
              case 'push_bouncer':
                return { public_key: reference.control.pushBouncerKey() };
              case 'push_seal':
                return { ...reference.control.sealPushRegistration(params as Record<string, string | number>) };
              case 'push_outbox':
                return {
                  notifications: reference.control.pushOutbox(
                    params['user_id'] === undefined ? undefined : Number(params['user_id']),
                    params['push_key'] === undefined ? undefined : String(params['push_key']),
                  ),
                };
              case 'push_add_legacy':
                return { id: reference.control.addLegacyPushRegistration(params as Record<string, string | number>) };
              case 'push_legacy':
                return { registrations: reference.control.legacyPushRegistrations(Number(params['user_id'])) };
              case 'vidprov_token':
                reference.control.setVidprovToken(Number(params['user_id']), params['has_token'] === true || params['has_token'] === 'true');
                return {};
            }
          } catch (e) {
            throw new Error(`control ${action} failed: ${e instanceof Error ? e.message : String(e)}`);
          }
        },
      };
    },
  };
}

/**
 * The in-process door hands callers `json`, the HTTP doors send `body`: the two must be one
 * answer. JSON text leaves out a key whose value is undefined (and writes an undefined array
 * element as null), so such a value in `json` is an answer the wire does not give. A
 * replayed answer's `json` is parsed from its body on first use (http/response-cache.ts):
 * only a computed one is walked. Returns where the first undefined is, or null.
 */
function computedUndefined(res: { json: unknown }): string | null {
  const own = Object.getOwnPropertyDescriptor(res, 'json');
  if (own === undefined || !('value' in own)) return null;
  return undefinedIn(own.value, '$');
}

function undefinedIn(value: unknown, at: string): string | null {
  if (value === undefined) return at;
  if (typeof value !== 'object' || value === null) return null;
  const list = Array.isArray(value);
  for (const [k, v] of Object.entries(value)) {
    const found = undefinedIn(v, list ? `${at}[${k}]` : `${at}.${k}`);
    if (found !== null) return found;
  }
  return null;
}

