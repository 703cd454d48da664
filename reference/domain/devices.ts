// Client devices as the rules and the registration response see them
// (zulip/zulip zerver/lib/devices.py: check_device_id, get_devices).
import { BadRequest } from '../errors.ts';
import { DEVICES, type Device } from '../state/devices.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';

export function devicesOf(store: Store, userId: number): Device[] {
  return store.table(DEVICES).find('owner', userId);
}

/** The caller's device; another user's device and a missing one are the same error. */
export function accessDevice(store: Store, user: User, deviceId: number): Device {
  const device = store.table(DEVICES).get(deviceId);
  if (device === undefined || device.user_id !== user.user_id) throw new BadRequest('Invalid `device_id`');
  return device;
}

/** A device in the registration response: exactly these five keys. */
export interface DeviceState {
  push_key_id: number | null;
  push_token_id: string | null;
  pending_push_token_id: string | null;
  push_token_last_updated_timestamp: number | null;
  push_registration_error_code: string | null;
}

/** The `devices` of POST /register: the user's devices keyed by id as a string. */
export function devicesInitialState(store: Store, user: User): { devices: Record<string, DeviceState> } {
  const devices: Record<string, DeviceState> = {};
  for (const d of devicesOf(store, user.user_id)) {
    devices[String(d.id)] = {
      push_key_id: d.push_key_id,
      push_token_id: d.push_token_id,
      pending_push_token_id: d.pending_push_token_id,
      push_token_last_updated_timestamp: d.push_token_last_updated_timestamp,
      push_registration_error_code: d.push_registration_error_code,
    };
  }
  return { devices };
}
