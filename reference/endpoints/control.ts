// The test-control surface over HTTP, under /_understudy/ (README, "Test-control
// surface"): things a test needs that the public API does not offer. Form-encoded like
// the API, no auth.
import { z } from 'zod';
import { checkArchiveChannel, doArchiveChannel } from '../actions/archive-channel.ts';
import { checkCreateUser, doCreateUser } from '../actions/create-user.ts';
import { advanceClockDelivering } from '../actions/deliver-due.ts';
import { configureServer } from '../actions/configure-server.ts';
import type { Ctx } from '../request/context.ts';
import { BadRequest } from '../errors.ts';
import { json, str } from '../request/params.ts';
import { formatEvent, FULL_VIEW } from '../domain/event-format.ts';
import { ROLE } from '../state/types.ts';

export function advanceClock(ctx: Ctx): Record<string, unknown> {
  const { ms } = ctx.params.read({ ms: json(z.int().min(0)) });
  const { clock } = ctx.world;
  if (clock.kind !== 'manual') throw new BadRequest('The clock is the system clock; start with --clock manual');
  // Scheduled messages and reminders that fall due on the way are delivered at their own instants.
  advanceClockDelivering(ctx.world, ms);
  return { now_ms: clock.now() };
}

export function resetState(ctx: Ctx): Record<string, unknown> {
  ctx.world.reset();
  return {};
}

export function takeSnapshot(ctx: Ctx): Record<string, unknown> {
  return { snapshot_id: ctx.world.shelf.put(ctx.world.snapshot()) };
}

export function restoreSnapshot(ctx: Ctx): Record<string, unknown> {
  const { id } = ctx.params.read({ id: str() });
  const snapshot = ctx.world.shelf.get(id);
  if (!snapshot) throw new BadRequest(`No snapshot ${id}`);
  ctx.world.restore(snapshot);
  return {};
}

/** Forget a snapshot taken here (the shelf also forgets the oldest past its capacity). */
export function releaseSnapshot(ctx: Ctx): Record<string, unknown> {
  const { id } = ctx.params.read({ id: str() });
  if (!ctx.world.shelf.release(id)) throw new BadRequest(`No snapshot ${id}`);
  return {};
}

const ROLES = { owner: ROLE.owner, administrator: ROLE.administrator, moderator: ROLE.moderator, member: ROLE.member, guest: ROLE.guest };

export function addUser(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    email: str(),
    full_name: str(),
    // A role name, or the API's number for it (100, 200, 300, 400, 600), as in a fixture.
    role: str(z.enum(['owner', 'administrator', 'moderator', 'member', 'guest', '100', '200', '300', '400', '600'])).default('member'),
    password: str().optional(),
    bot_type: json(z.int().min(1).max(4)).optional(),
    bot_owner_id: json(z.int()).optional(),
    is_active: json(z.boolean()).default(true),
    api_key: str().optional(),
    // The user setting (zerver/models/users.py EMAIL_ADDRESS_VISIBILITY_TYPES), for humans:
    // a real bot's is always 1 (zerver/lib/users.py can_access_delivery_email).
    email_address_visibility: json(z.int().min(1).max(5)).default(1),
    // The server administrator's grant that lets an administrator create users over the API
    // (manage.py change_user_role ... can_create_users on the real server).
    can_create_users: json(z.boolean()).default(false),
  });
  const spec = {
    email: p.email,
    full_name: p.full_name,
    role: /^[0-9]+$/.test(p.role) ? (Number(p.role) as (typeof ROLES)[keyof typeof ROLES]) : ROLES[p.role as keyof typeof ROLES],
    password: p.password ?? null,
    bot_type: p.bot_type ?? null,
    bot_owner_id: p.bot_owner_id ?? null,
    is_active: p.is_active,
    email_address_visibility: p.email_address_visibility,
    ...(p.api_key !== undefined ? { api_key: p.api_key } : {}),
  };
  checkCreateUser(ctx.world, spec);
  let user = doCreateUser(ctx.world, spec);
  if (p.can_create_users) {
    user = { ...user, can_create_users: true };
    ctx.store.putUser(user);
  }
  return { user_id: user.user_id, api_key: user.api_key, email: user.delivery_email };
}

export function setConfig(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    push_service_configured: json(z.boolean()).optional(),
    vidprov_configured: json(z.boolean()).optional(),
    jwt_enabled: json(z.boolean()).optional(),
    jwt_key: str().optional(),
    web_public_streams_enabled: json(z.boolean()).optional(),
    feature_level: json(z.int().min(1)).optional(),
    event_record_limit: json(z.int().min(1).max(100_000)).optional(),
    mark_all_as_read_batch_limit: json(z.int().min(0)).optional(),
    max_file_upload_size_mib: json(z.int().min(0).max(100_000)).optional(),
    upload_storage_bytes: json(z.int().min(0)).optional(),
    max_emoji_file_size_mib: json(z.int().min(0).max(100_000)).optional(),
    realm_deactivated: json(z.boolean()).optional(),
    password_auth_enabled: json(z.boolean()).optional(),
    enable_spectator_access: json(z.boolean()).optional(),
  });
  const { config, realm } = configureServer(ctx.world, p);
  return { config, realm_deactivated: realm.deactivated };
}

/** The events delivered to a user, newest last: the last `limit` of them (default 100). */
export function userEvents(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ user_id: json(z.int()), limit: json(z.int().min(1).max(10_000)).default(100) });
  const store = ctx.store;
  if (!store.user(p.user_id)) throw new BadRequest(`No user ${p.user_id}`);
  const mine = store.events.recordOf(p.user_id).slice(-p.limit);
  return { events: mine.map((e) => ({ id: e.seq, ...formatEvent(store, p.user_id, e.event, FULL_VIEW) })) };
}

export function emailOutbox(ctx: Ctx): Record<string, unknown> {
  return { emails: structuredClone(ctx.store.data.emailOutbox) };
}

/** Archive a channel (the real server's DELETE /streams/{stream_id}, which Understudy does not serve). */
export function archiveChannel(ctx: Ctx): Record<string, unknown> {
  doArchiveChannel(ctx.world, checkArchiveChannel(ctx.world, ctx.pathInt('stream_id')));
  return {};
}
