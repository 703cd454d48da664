// Realm linkifiers — zulip/zulip zerver/views/realm_linkifiers.py: anyone may list them;
// creating, changing, removing and reordering need an organization administrator
// (@require_realm_admin, checked before any parameter is read).
import { z } from 'zod';
import { addLinkifier, removeLinkifier, reorderLinkifiers, updateLinkifier } from '../actions/linkifiers.ts';
import { linkifiersForRealm } from '../domain/linkifiers.ts';
import { isAdmin } from '../domain/users.ts';
import { RoleRequired } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

const LINKIFIER = { pattern: str(), url_template: str() };
const ORDER = { ordered_linkifier_ids: json(z.array(z.int())) };

function requireAdmin(ctx: Ctx): void {
  if (!isAdmin(ctx.me)) throw new RoleRequired('Must be an organization administrator');
}

export function listLinkifiers(ctx: Ctx): Record<string, unknown> {
  return { linkifiers: linkifiersForRealm(ctx.store) };
}

export function createLinkifier(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  const p = ctx.params.read(LINKIFIER);
  return { id: addLinkifier(ctx.world, ctx.me, p) };
}

export function editLinkifier(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  const p = ctx.params.read(LINKIFIER);
  updateLinkifier(ctx.world, ctx.me, ctx.pathInt('filter_id'), p);
  return {};
}

export function deleteLinkifier(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  removeLinkifier(ctx.world, ctx.me, ctx.pathInt('filter_id'));
  return {};
}

export function reorderLinkifiersEndpoint(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  const p = ctx.params.read(ORDER);
  reorderLinkifiers(ctx.world, ctx.me, p.ordered_linkifier_ids);
  return {};
}
