// PATCH /users/me/subscriptions/{stream_id} and POST /users/me/subscriptions/properties —
// zulip/zulip zerver/views/streams.py (update_subscriptions_property,
// update_subscription_properties_backend, SubscriptionPropertyChangeRequest).
import { z } from 'zod';
import { ColorValueError, checkPropertyChanges, checkPropertyValue, doPropertyChanges, type PropertyChange } from '../actions/subscription-properties.ts';
import type { Ctx } from '../request/context.ts';
import { BadRequest } from '../errors.ts';
import { json, str } from '../request/params.ts';

export function updateSubscriptionProperty(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ property: str(), value: str() });
  // value: Json[bool] | str, left to right: a JSON boolean, else the raw text.
  const value = p.value === 'true' ? true : p.value === 'false' ? false : p.value;
  // NOTE: approximation: the real view builds its model outside typed_endpoint, so a bad
  // color there escapes as a server error; here it is the bulk form's 400.
  const change = checkPropertyValue(ctx.pathInt('stream_id'), p.property, value, 'subscription_data[0]');
  doPropertyChanges(ctx.world, ctx.me, checkPropertyChanges(ctx.world, ctx.me, [change]));
  return {};
}

export function updateSubscriptionProperties(ctx: Ctx): Record<string, unknown> {
  const { subscription_data: items } = ctx.params.read({ subscription_data: json(z.array(z.unknown())) });
  doPropertyChanges(ctx.world, ctx.me, checkPropertyChanges(ctx.world, ctx.me, parseChanges(items)));
  return {};
}

/**
 * Json[list[SubscriptionPropertyChangeRequest]], as pydantic validates it: item by item,
 * fields in order; type errors and the color's value error are collected and the first
 * one reported at the end, while the model's JsonableErrors (unknown property, not a
 * boolean) stop at once.
 */
function parseChanges(items: unknown[]): PropertyChange[] {
  const changes: PropertyChange[] = [];
  let firstError: BadRequest | undefined;
  const collect = (msg: string) => void (firstError ??= new BadRequest(msg));
  items.forEach((item, i) => {
    const where = `subscription_data[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return collect(`${where} is not a dict`);
    const o = item as Record<string, unknown>;
    const field = (key: string) => `${where}["${key}"]`;
    let ok = true;
    // `where` of a type error: the field, and for the union `bool | str` its first member,
    // as pydantic's error location has it (("value", "bool")).
    const need = (key: string, valid: (v: unknown) => boolean, type: string, member = '') => {
      if (!(key in o)) collect(`${field(key)} field is missing: Field required`);
      else if (!valid(o[key])) collect(`${field(key)}${member} is not ${type}`);
      else return;
      ok = false;
    };
    need('stream_id', (v) => Number.isInteger(v), 'an integer');
    need('property', (v) => typeof v === 'string', 'a string');
    need('value', (v) => typeof v === 'boolean' || typeof v === 'string', 'a boolean', '["bool"]');
    if (!ok) return;
    try {
      changes.push(checkPropertyValue(o['stream_id'] as number, o['property'] as string, o['value'], where));
    } catch (e) {
      if (e instanceof ColorValueError) collect(e.message);
      else throw e;
    }
  });
  if (firstError) throw firstError;
  return changes;
}
