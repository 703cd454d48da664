// POST /register_client_device and POST /remove_client_device — zulip/zulip
// zerver/views/devices.py.
import { z } from 'zod';
import { checkRemoveClientDevice, doRemoveClientDevice, registerClientDevice as register } from '../actions/client-devices.ts';
import type { Ctx } from '../request/context.ts';
import { json } from '../request/params.ts';

/** No parameters (typed_endpoint_without_parameters): extra ones are only reported as ignored. */
export function registerClientDevice(ctx: Ctx): Record<string, unknown> {
  return { device_id: register(ctx.world, ctx.me).id };
}

export function removeClientDevice(ctx: Ctx): Record<string, unknown> {
  const { device_id } = ctx.params.read({ device_id: json(z.int()) });
  doRemoveClientDevice(ctx.world, ctx.me, checkRemoveClientDevice(ctx.world, ctx.me, device_id));
  return {};
}
