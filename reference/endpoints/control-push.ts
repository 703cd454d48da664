// The test-control surface for encrypted mobile push (README, "Test-control surface"):
// what a test client without libsodium needs to register (the bouncer's key, a sealed
// registration), the legacy registrations that an encrypted one replaces, and the
// outbox of encrypted notifications the server would have handed to FCM and APNs.
import { z } from 'zod';
import { addLegacyRegistration } from '../actions/legacy-push.ts';
import { bouncerPublicKey, sealRegistration } from '../domain/push-bouncer.ts';
import { parsePushKey, strictBase64 } from '../crypto/push-key.ts';
import { secretboxOpen } from '../crypto/secretbox.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { LEGACY_PUSH } from '../state/legacy-push.ts';
import { PUSH_TOKEN_KINDS } from '../state/devices.ts';
import { PUSH_OUTBOX, type PushNotification } from '../state/push-outbox.ts';

export function pushBouncer(ctx: Ctx): Record<string, unknown> {
  return { public_key: bouncerPublicKey(ctx.world) };
}

/**
 * Seal a registration as a client would; nothing is checked, so tests can seal bad ones
 * too. `timestamp` (UNIX seconds) defaults to the server's now.
 */
export function sealPushRegistration(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ token: str(), token_kind: str(), timestamp: json(z.int()).optional(), ios_app_id: str().optional() });
  const timestamp = p.timestamp ?? ctx.nowSeconds();
  const payload = { token: p.token, token_kind: p.token_kind, timestamp, ...(p.ios_app_id !== undefined ? { ios_app_id: p.ios_app_id } : {}) };
  return sealRegistration(ctx.world, payload);
}

export function addLegacyPushRegistration(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    user_id: json(z.int()),
    token: str(z.string().min(1)),
    token_kind: str(z.enum(PUSH_TOKEN_KINDS)),
    ios_app_id: str().optional(),
  });
  const user = ctx.store.user(p.user_id);
  if (!user) throw new BadRequest(`No user ${p.user_id}`);
  return { id: addLegacyRegistration(ctx.world, user, p.token, p.token_kind, p.ios_app_id ?? null).id };
}

export function legacyPushRegistrations(ctx: Ctx): Record<string, unknown> {
  const { user_id } = ctx.params.read({ user_id: json(z.int()) });
  return { registrations: ctx.store.table(LEGACY_PUSH).find('owner', user_id) };
}

/**
 * The newest notifications (at most 1,000 are kept), oldest first; `user_id` keeps one user's.
 * With `push_key` (as registered), each also carries `payload`: its encrypted_data opened
 * with that key as the device would, or null where it does not open.
 */
export function pushOutbox(ctx: Ctx): Record<string, unknown> {
  const { user_id, push_key } = ctx.params.read({ user_id: json(z.int()).optional(), push_key: str().optional() });
  const all = ctx.store.table(PUSH_OUTBOX).all();
  const notifications: Array<PushNotification & { payload?: unknown }> = structuredClone(user_id === undefined ? all : all.filter((n) => n.user_id === user_id));
  if (push_key !== undefined) {
    const key = parsePushKey(push_key);
    for (const n of notifications) n.payload = key === null ? null : openPayload(key, n.encrypted_data);
  }
  return { notifications };
}

/** What a device decrypts: the JSON inside nonce ‖ tag ‖ ciphertext. */
function openPayload(key: Uint8Array, encrypted: string): unknown {
  const sealed = strictBase64(encrypted);
  const plain = sealed === null ? null : secretboxOpen(key, sealed);
  return plain === null ? null : JSON.parse(new TextDecoder().decode(plain));
}
