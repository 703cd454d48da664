// The test-control surface over HTTP, under /_understudy/ (DESIGN.md): things a test
// needs that the public API does not offer. Form-encoded like the API, no auth.
import { z } from 'zod';
import { checkArchiveChannel, doArchiveChannel } from '../actions/archive-channel.ts';
import { checkCreateUser, doCreateUser } from '../actions/create-user.ts';
import type { Ctx } from '../http/context.ts';
import { BadRequest } from '../http/errors.ts';
import { json, str } from '../http/params.ts';
import { ROLE } from '../state/types.ts';

export function advanceClock(ctx: Ctx): Record<string, unknown> {
  const { ms } = ctx.params.read({ ms: json(z.int().min(0)) });
  if (ctx.core.clock.kind !== 'manual') throw new BadRequest('The clock is the system clock; start with --clock manual');
  ctx.core.clock.advance(ms);
  return { now_ms: ctx.core.clock.now() };
}

export function resetState(ctx: Ctx): Record<string, unknown> {
  ctx.core.reset();
  return {};
}

export function takeSnapshot(ctx: Ctx): Record<string, unknown> {
  const id = `s${ctx.core.snapshots.size + 1}`;
  ctx.core.snapshots.set(id, { data: ctx.store.snapshot(), clock: ctx.core.clock.now(), random: ctx.core.random.counter });
  return { snapshot_id: id };
}

export function restoreSnapshot(ctx: Ctx): Record<string, unknown> {
  const { id } = ctx.params.read({ id: str() });
  const snap = ctx.core.snapshots.get(id) as { data: ReturnType<Ctx['store']['snapshot']>; clock: number; random: number } | undefined;
  if (!snap) throw new BadRequest(`No snapshot ${id}`);
  ctx.store.restore(snap.data);
  ctx.core.clock.set(snap.clock);
  ctx.core.random.counter = snap.random;
  return {};
}

const ROLES = { owner: ROLE.owner, administrator: ROLE.administrator, moderator: ROLE.moderator, member: ROLE.member, guest: ROLE.guest };

export function addUser(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    email: str(),
    full_name: str(),
    role: str(z.enum(['owner', 'administrator', 'moderator', 'member', 'guest'])).default('member'),
    password: str().optional(),
    bot_type: json(z.int().min(1).max(4)).optional(),
    bot_owner_id: json(z.int()).optional(),
    is_active: json(z.boolean()).default(true),
    api_key: str().optional(),
  });
  const spec = {
    email: p.email,
    full_name: p.full_name,
    role: ROLES[p.role],
    password: p.password ?? null,
    bot_type: p.bot_type ?? null,
    bot_owner_id: p.bot_owner_id ?? null,
    is_active: p.is_active,
    ...(p.api_key !== undefined ? { api_key: p.api_key } : {}),
  };
  checkCreateUser(ctx, spec);
  const user = doCreateUser(ctx, spec);
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
    realm_deactivated: json(z.boolean()).optional(),
    password_auth_enabled: json(z.boolean()).optional(),
    enable_spectator_access: json(z.boolean()).optional(),
  });
  const data = ctx.store.data;
  const config = { ...data.config };
  const realm = { ...data.realm };
  if (p.push_service_configured !== undefined) config.push_service_configured = p.push_service_configured;
  if (p.vidprov_configured !== undefined) config.vidprov_configured = p.vidprov_configured;
  if (p.jwt_enabled !== undefined) config.jwt_enabled = p.jwt_enabled;
  if (p.web_public_streams_enabled !== undefined) config.web_public_streams_enabled = p.web_public_streams_enabled;
  if (p.feature_level !== undefined) config.feature_level = p.feature_level;
  if (p.jwt_key !== undefined) realm.jwt_key = p.jwt_key;
  if (p.realm_deactivated !== undefined) realm.deactivated = p.realm_deactivated;
  if (p.password_auth_enabled !== undefined) realm.password_auth_enabled = p.password_auth_enabled;
  if (p.enable_spectator_access !== undefined) realm.enable_spectator_access = p.enable_spectator_access;
  data.config = config;
  data.realm = realm;
  return { config, realm_deactivated: realm.deactivated };
}

export function emailOutbox(ctx: Ctx): Record<string, unknown> {
  return { emails: structuredClone(ctx.store.data.emailOutbox) };
}

/** Archive a channel (the real server's DELETE /streams/{stream_id}, outside SPEC.md). */
export function archiveChannel(ctx: Ctx): Record<string, unknown> {
  doArchiveChannel(ctx, checkArchiveChannel(ctx, ctx.pathInt('stream_id')));
  return {};
}
