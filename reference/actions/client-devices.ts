// Registering and removing a client device (zulip/zulip zerver/actions/devices.py,
// zerver/views/devices.py): the device id a mobile client then names in its push
// registration. Each change is told to the owner alone.
import { accessDevice } from '../domain/devices.ts';
import { DEVICES, newDevice, type Device } from '../state/devices.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

/** POST /register_client_device: a new device owned by the caller. */
export function registerClientDevice(world: World, actor: User): Device {
  const table = world.store.table(DEVICES);
  const device = newDevice(table.nextId(), actor.user_id);
  table.put(device);
  world.store.emit([actor.user_id], { type: 'device', op: 'add', device_id: device.id });
  return device;
}

export function checkRemoveClientDevice(world: World, actor: User, deviceId: number): Device {
  return accessDevice(world.store, actor, deviceId);
}

/**
 * Forget the device and its push registration.
 * NOTE: approximation: the real server may also tell the push bouncer; Understudy's bouncer forgets with the device.
 */
export function doRemoveClientDevice(world: World, actor: User, device: Device): void {
  world.store.table(DEVICES).delete(device.id);
  world.store.emit([actor.user_id], { type: 'device', op: 'remove', device_id: device.id });
}
