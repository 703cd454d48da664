// POST /mobile_push/register: end-to-end encrypted push registration of a client device
// (zulip/zulip zerver/views/push_notifications.py register_push_device,
// zerver/actions/push_notifications.py, zerver/lib/push_registration.py). The checks
// run in the real server's order, so the first error a request meets is the one it
// reports. A request carries the push-key fields (push_key, push_key_id), the token
// fields (token_kind, token_id, bouncer_public_key, encrypted_push_registration), or
// both; a complete key group with a partial token group counts as key-only.
//
// The real server hands the token fields to its push bouncer from a queue worker,
// after answering: the response is a success whatever the bouncer says, and the
// outcome reaches the client as a second `device` update event (the token id, or a
// push_registration_error_code). Understudy runs that bouncer step synchronously,
// inside the request, after the first event: the response, the events and their order
// are the real server's; only the pending state between the two events is never seen.
import { readTokenId, parsePushKey } from '../crypto/push-key.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { bouncerRegister } from '../domain/push-bouncer.ts';
import { accessDevice } from '../domain/devices.ts';
import { ApiError, BadRequest } from '../errors.ts';
import type { DeviceChanges } from '../state/events.ts';
import { DEVICES, type Device, type PushTokenKind } from '../state/devices.ts';
import { LEGACY_PUSH } from '../state/legacy-push.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

export class PushServiceNotConfigured extends ApiError {
  constructor() {
    super(400, 'PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
  }
}

export interface PushRegistrationRequest {
  device_id: number;
  push_key: string | undefined;
  push_key_id: number | undefined;
  token_kind: PushTokenKind | undefined;
  token_id: string | undefined;
  bouncer_public_key: string | undefined;
  encrypted_push_registration: string | undefined;
}

interface TokenFields {
  token_kind: PushTokenKind;
  /** As the client sent it (events echo it). */
  token_id: string;
  /** The stored form (see crypto/push-key.ts readTokenId). */
  canonical: string;
  bouncer_public_key: string;
  encrypted_push_registration: string;
}

export type PushRegistrationPlan =
  | { kind: 'unchanged'; device: Device }
  | { kind: 'rotate-key'; device: Device; push_key: string; push_key_id: number }
  | { kind: 'rotate-token'; device: Device; token: TokenFields }
  | { kind: 'register'; device: Device; push_key: string; push_key_id: number; token: TokenFields };

/** human_users_only: refused before any parameter is read. */
export function refuseBots(actor: User): void {
  if (actor.is_bot) throw new BadRequest('This endpoint does not accept bot requests.');
}

export function checkRegisterPush(world: World, actor: User, req: PushRegistrationRequest): PushRegistrationPlan {
  if (!world.config.push_service_configured) throw new PushServiceNotConfigured();
  const device = accessDevice(world.store, actor, req.device_id);
  const key = req.push_key !== undefined && req.push_key_id !== undefined ? { push_key: req.push_key, push_key_id: req.push_key_id } : null;
  const { token_kind, token_id, bouncer_public_key, encrypted_push_registration } = req;
  const tokenGiven =
    token_kind !== undefined && token_id !== undefined && bouncer_public_key !== undefined && encrypted_push_registration !== undefined;
  if (key === null && !tokenGiven) {
    throw new BadRequest('Missing parameters: must provide either all push key fields, all token fields, or both.');
  }
  if (!tokenGiven) {
    if (device.push_key_id === null) throw new BadRequest('No push registration exists to rotate key for.');
    checkPushKey(key!.push_key);
    const same = device.push_key_id === key!.push_key_id && device.push_key === key!.push_key;
    return same ? { kind: 'unchanged', device } : { kind: 'rotate-key', device, ...key! };
  }
  if (device.push_registration_error_code === null && device.pending_push_token_id !== null) {
    // NOTE: approximation: with the bouncer step run inside the request, a device is never left pending; only a state made by hand reaches this.
    throw new BadRequest('A registration for the device already in progress.');
  }
  const read = readTokenId(token_id);
  // NOTE: approximation: a token_id beyond 64 bits fails to be stored on the real server (a 500); here it is refused as not Base64.
  if (!read.ok) throw new BadRequest('`token_id` is not Base64 encoded');
  const token: TokenFields = { token_kind, token_id, canonical: read.canonical, bouncer_public_key, encrypted_push_registration };
  const registered = device.push_registration_error_code === null && device.push_token_id === token.canonical;
  if (key === null) {
    if (device.push_key_id === null) throw new BadRequest('No push registration exists to rotate token for.');
    return registered ? { kind: 'unchanged', device } : { kind: 'rotate-token', device, token };
  }
  checkPushKey(key.push_key);
  const same =
    registered && device.push_key_id === key.push_key_id && device.push_key === key.push_key && device.push_token_kind === token.token_kind;
  return same ? { kind: 'unchanged', device } : { kind: 'register', device, ...key, token };
}

function checkPushKey(pushKey: string): void {
  if (parsePushKey(pushKey) === null) throw new BadRequest('Invalid `push_key`');
}

export function doRegisterPush(world: World, actor: User, plan: PushRegistrationPlan): void {
  const store = world.store;
  const table = store.table(DEVICES);
  const emit = (changes: DeviceChanges) => store.emit([actor.user_id], { type: 'device', op: 'update', device_id: plan.device.id, ...changes });
  switch (plan.kind) {
    case 'unchanged':
      return;
    case 'rotate-key':
      table.put({ ...plan.device, push_key: plan.push_key, push_key_id: plan.push_key_id });
      emit({ push_key_id: plan.push_key_id });
      return;
    case 'rotate-token':
    case 'register': {
      const now = world.nowSeconds();
      const pending = { pending_push_token_id: plan.token.canonical, push_token_last_updated_timestamp: now, push_registration_error_code: null };
      if (plan.kind === 'register') {
        const key = { push_key: plan.push_key, push_key_id: plan.push_key_id, push_token_kind: plan.token.token_kind };
        table.put({ ...plan.device, ...key, ...pending });
        emit({ push_key_id: plan.push_key_id, pending_push_token_id: plan.token.token_id, push_token_last_updated_timestamp: now, push_registration_error_code: null });
      } else {
        table.put({ ...plan.device, ...pending });
        emit({ pending_push_token_id: plan.token.token_id, push_token_last_updated_timestamp: now, push_registration_error_code: null });
      }
      bouncerStep(world, actor, table.get(plan.device.id) as Device, plan.token, emit);
    }
  }
}

/** What the queue worker does with the bouncer's answer (register_push_device_to_bouncer). */
function bouncerStep(world: World, actor: User, device: Device, token: TokenFields, emit: (changes: DeviceChanges) => void): void {
  const table = world.store.table(DEVICES);
  const outcome = bouncerRegister(world, token.bouncer_public_key, token.encrypted_push_registration, token.canonical);
  if (!outcome.ok) {
    // The pending token id stays set after a refusal: only success nulls it (the device event's
    // pending_push_token_id, zulip-real-time-events-api-openapi.yml: "null means the pending registration succeeded").
    table.put({ ...device, push_registration_error_code: outcome.code });
    emit({ push_registration_error_code: outcome.code });
    return;
  }
  table.put({ ...device, push_token_id: token.canonical, pending_push_token_id: null, registration: outcome.registration });
  emit({ push_token_id: token.token_id, pending_push_token_id: null });
  if (atLeast(world, 'legacy_push_removal')) removeLegacyRegistrations(world, actor, outcome.registration.token);
}

/**
 * The caller's legacy registrations of the same token go (zulip.com/api/register-push-device,
 * "Changes", feature level 483). The real server sends no event for it.
 */
function removeLegacyRegistrations(world: World, actor: User, token: string): void {
  const legacy = world.store.table(LEGACY_PUSH);
  for (const row of legacy.find('owner', actor.user_id)) if (row.token === token) legacy.delete(row.id);
}
