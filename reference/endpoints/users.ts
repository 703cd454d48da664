// GET /users, GET /users/me, GET /users/{user_id} — zulip/zulip zerver/views/users.py
// (get_members_backend, get_profile_backend) and zerver/lib/users.py (format_user_row).
import { z } from 'zod';
import { atLeast } from '../domain/feature-levels.ts';
import { formatUser } from '../domain/users.ts';
import type { Ctx } from '../request/context.ts';
import { BadRequest, Unauthorized } from '../errors.ts';
import { intList, json } from '../request/params.ts';

const viewParams = {
  client_gravatar: json(z.boolean()).default(true),
  include_custom_profile_fields: json(z.boolean()).default(false),
};

/** user_ids is a parameter from feature level 384 (an unknown one before). */
const USER_IDS = json(intList()).optional();

export function getUsers(ctx: Ctx): Record<string, unknown> {
  const { realm, config } = ctx.store;
  // Logged-out access only in organizations that use the public access option.
  if (ctx.user === null && !(realm.enable_spectator_access && config.web_public_streams_enabled)) throw new Unauthorized();
  const p = { ...ctx.params.read(viewParams), user_ids: atLeast(ctx.world, 'users_user_ids') ? ctx.params.one('user_ids', USER_IDS) : undefined };
  const view = { clientGravatar: p.client_gravatar, includeCustomProfileFields: p.include_custom_profile_fields };
  let users = ctx.store.realmUsers();
  if (p.user_ids !== undefined) {
    // An id that names no user of the realm is left out silently, as the real server's
    // id__in filter does (zerver/lib/users.py get_realm_user_dicts_from_ids).
    const wanted = new Set(p.user_ids);
    users = users.filter((u) => wanted.has(u.user_id));
  }
  return { members: users.map((u) => formatUser(ctx.store, ctx.user, u, view)) };
}

export function getUser(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(viewParams);
  const target = ctx.store.user(ctx.pathInt('user_id'));
  if (!target || target.is_system_bot) throw new BadRequest('No such user');
  const view = { clientGravatar: p.client_gravatar, includeCustomProfileFields: p.include_custom_profile_fields };
  return { user: formatUser(ctx.store, ctx.me, target, view) };
}

/** The caller's own user, at the top level of the response; gravatar URLs always filled in. */
export function getOwnUser(ctx: Ctx): Record<string, unknown> {
  const me = ctx.me;
  const own = formatUser(ctx.store, me, me, { clientGravatar: false, includeCustomProfileFields: true });
  const ids = ctx.store.userMessageIds(me.user_id);
  return { ...own, max_message_id: ids.length > 0 ? (ids[ids.length - 1] as number) : -1 };
}
