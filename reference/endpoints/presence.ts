// POST /users/me/presence, GET /users/{user_id_or_email}/presence, GET /realm/presence —
// zulip/zulip zerver/views/presence.py (update_active_status_backend,
// get_presence_backend, get_statuses_for_realm).
import { z } from 'zod';
import { checkPresenceStatus, requireHuman, updateUserPresence } from '../actions/presence.ts';
import { realmPresence, singleUserPresence } from '../domain/presence.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { PRESENCE } from '../state/presence.ts';

const UPDATE = {
  history_limit_days: json(z.int()).optional(),
  last_update_id: json(z.int()).optional(),
  new_user_input: json(z.boolean()).default(false),
  ping_only: json(z.boolean()).default(false),
  slim_presence: json(z.boolean()).default(false),
  status: str(),
};

export function updatePresence(ctx: Ctx): Record<string, unknown> {
  requireHuman(ctx.me);
  const p = ctx.params.read(UPDATE);
  // Naming a last_update_id asks for the modern format.
  const slim = p.last_update_id !== undefined || p.slim_presence;
  const status = checkPresenceStatus(p.status);
  // new_user_input only feeds the server's activity statistics (update_user_activity_interval).
  updateUserPresence(ctx.world, ctx.me, status);
  if (p.ping_only) return {};
  return presenceResponse(ctx, slim, p.last_update_id ?? null, p.history_limit_days ?? null);
}

/** get_presence_response. */
function presenceResponse(ctx: Ctx, slim: boolean, lastUpdateId: number | null, historyLimitDays: number | null): Record<string, unknown> {
  const now = ctx.nowMs();
  const { presences, lastUpdateId: last } = realmPresence(ctx.store, now, { slim, lastUpdateId, historyLimitDays });
  return { presences, server_timestamp: now / 1000, presence_last_update_id: last };
}

/** GET /realm/presence: the legacy format, without presence_last_update_id. */
export function getRealmPresence(ctx: Ctx): Record<string, unknown> {
  const { presence_last_update_id: _, ...rest } = presenceResponse(ctx, false, null, null);
  return rest;
}

/**
 * GET /users/{user_id_or_email}/presence: an active user by id (digits) or API email;
 * bots have no presence; a user who never reported any is an error.
 */
export function getUserPresence(ctx: Ctx): Record<string, unknown> {
  const key = decodeSegment(ctx.pathParams['user_id_or_email'] ?? '');
  const store = ctx.store;
  const target = /^-?[0-9]+$/.test(key.trim()) ? store.user(Number(key.trim())) : store.userByEmail(key);
  if (target === undefined || !target.is_active || target.is_system_bot) throw new BadRequest('No such user');
  if (target.is_bot) throw new BadRequest('Presence is not supported for bot users.');
  const row = store.table(PRESENCE).get(target.user_id);
  if (row === undefined) throw new BadRequest(`No presence data for ${key}`);
  return { presence: singleUserPresence(store, row, target, ctx.nowMs()) };
}

/** A path segment as Django hands it to the view: percent-decoded. */
function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
