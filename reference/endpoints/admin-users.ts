// POST /users, PATCH /users/{user_id}, POST /users/{user_id}/reactivate, GET and PATCH /users/{email}
// — zulip/zulip zerver/views/users.py (create_user_backend, update_user_by_id_api,
// reactivate_user_backend, get_user_by_email, update_user_by_email_api) and zerver/lib/users.py (access_user_by_email).
import { z } from 'zod';
import {
  checkCreateUserByAdmin,
  checkReactivateUser,
  checkUpdateUser,
  doCreateUserByAdmin,
  doReactivateUser,
  doUpdateUser,
} from '../actions/admin-users.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { formatUser, isAdmin } from '../domain/users.ts';
import { BadRequest, RoleRequired } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { EMAIL_VISIBILITY, ROLE, type Role, type User } from '../state/types.ts';
import { checkProfileData } from '../actions/custom-profile-fields.ts';

export function createUser(ctx: Ctx): Record<string, unknown> {
  // @require_realm_admin runs before the parameters are read.
  if (!isAdmin(ctx.me)) throw new RoleRequired('Must be an organization administrator');
  const p = ctx.params.read({ email: str(), password: str(), full_name: str() });
  const req = checkCreateUserByAdmin(ctx.world, ctx.me, p);
  const user = doCreateUserByAdmin(ctx.world, req);
  return { user_id: user.user_id };
}

const ROLES: readonly number[] = Object.values(ROLE);
/** ProfileDataElement: a field id and its new value (text, user ids, or null to clear it). */
const PROFILE_DATA = json(z.array(z.strictObject({ id: z.int(), value: z.union([z.string(), z.array(z.int()), z.null()]) })));
const role = json(z.int().refine((r) => ROLES.includes(r), { message: 'Invalid {var}: Value error, Not in the list of possible values' }));

export function updateUser(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ full_name: str().optional(), new_email: str().optional(), profile_data: PROFILE_DATA.optional(), role: role.optional() });
  const plan = checkUpdateUser(ctx.world, ctx.me, ctx.pathInt('user_id'), { full_name: p.full_name, new_email: p.new_email, role: p.role as Role | undefined });
  // profile_data: a null or empty value clears the field (update_user_backend); every item
  // is checked before anything changes, and saved after the role and name, as there.
  // NOTE: approximation: the real server applies role, name, profile data and email one after
  // another, so a refused later part may leave an earlier one changed; here nothing changes.
  const profile = p.profile_data === undefined ? undefined : checkProfileData(ctx.world, ctx.me, p.profile_data, true);
  doUpdateUser(ctx.world, plan, profile);
  return {};
}

export function reactivateUser(ctx: Ctx): Record<string, unknown> {
  const target = checkReactivateUser(ctx.world, ctx.me, ctx.pathInt('user_id'));
  doReactivateUser(ctx.world, target, ctx.me);
  return {};
}

/** ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS: whose real address a role may look a user up by. */
function visibilitiesFor(viewer: User): number[] {
  const v = EMAIL_VISIBILITY;
  if (viewer.role <= ROLE.administrator) return [v.everyone, v.members, v.moderators, v.admins];
  if (viewer.role === ROLE.moderator) return [v.everyone, v.members, v.moderators];
  if (viewer.role === ROLE.member) return [v.everyone, v.members];
  return [v.everyone];
}

const viewParams = {
  client_gravatar: json(z.boolean()).default(true),
  include_custom_profile_fields: json(z.boolean()).default(false),
};

/**
 * access_user_by_email(allow_deactivated=True, allow_bots=True, for_admin=False): the dummy
 * address user{id}@{host} names a user by id; a real address finds a user only where their
 * email visibility lets the caller see it ("No such user" otherwise, so nothing leaks).
 */
/** The user a path's {email} names for the caller: access_user_by_email's lookup. */
function userByEmailPath(ctx: Ctx): User {
  const me = ctx.me;
  const raw = ctx.pathParams['email'] ?? '';
  let email = raw;
  try {
    email = decodeURIComponent(raw);
  } catch {
    // Not percent-encoding: taken as it is.
  }
  const store = ctx.store;
  const host = store.realm.email_host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const dummy = new RegExp(`^user(\\d+)@${host}$`, 'i').exec(email);
  let target: User | undefined;
  if (dummy) {
    target = store.user(Number(dummy[1]));
  } else {
    const wanted = email.trim().toLowerCase();
    const byEmail = store.userByEmail(wanted);
    const found = byEmail && byEmail.delivery_email.toLowerCase() === wanted ? byEmail : undefined;
    target = found && visibilitiesFor(me).includes(found.email_address_visibility) ? found : undefined;
  }
  if (!target || target.is_system_bot) throw new BadRequest('No such user');
  return target;
}

export function getUserByEmail(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(viewParams);
  const target = userByEmailPath(ctx);
  if (!canAccessUser(ctx.store, ctx.me, target, ctx.nowMs())) throw new BadRequest('Insufficient permission');
  return { user: formatUser(ctx.store, ctx.me, target, { clientGravatar: p.client_gravatar, includeCustomProfileFields: p.include_custom_profile_fields }) };
}

/** PATCH /users/{email} (update_user_by_email_api): PATCH /users/{user_id} for the user the address names. */
export function updateUserByEmail(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ full_name: str().optional(), new_email: str().optional(), role: role.optional() });
  const target = userByEmailPath(ctx);
  const plan = checkUpdateUser(ctx.world, ctx.me, target.user_id, { ...p, role: p.role as Role | undefined });
  doUpdateUser(ctx.world, plan);
  return {};
}
