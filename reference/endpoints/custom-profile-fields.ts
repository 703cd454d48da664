// Custom profile fields — zulip/zulip zerver/views/custom_profile_fields.py: anyone lists
// them; administrators create, change, delete and reorder them (@require_realm_admin,
// before any parameter is read); a human user sets or clears their own values
// (@human_users_only).
import { z } from 'zod';
import {
  createProfileField,
  deleteProfileField,
  removeProfileData,
  reorderProfileFields,
  updateProfileData,
  updateProfileField,
} from '../actions/custom-profile-fields.ts';
import { formatProfileField, orderedProfileFields } from '../domain/custom-profile-fields.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isAdmin } from '../domain/users.ts';
import { BadRequest, RoleRequired } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

// ProfileFieldData: a dict of strings or of dicts of strings, refused in pydantic's
// words as the server reports them (test_create_select_field).
// NOTE: approximation: for a data item of the wrong shape, the parameter library's
// message stands for pydantic's.
const FIELD_DATA = z.unknown().superRefine((v, ctx) => {
  const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail('{var} is not a dict');
  for (const [k, item] of Object.entries(v)) {
    if (typeof item === 'string') continue;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail(`{var}["${k}"]["dict[str,str]"] is not a dict`);
    for (const [ik, iv] of Object.entries(item)) if (typeof iv !== 'string') return fail(`{var}["${k}"]["dict[str,str]"]["${ik}"] is not a string`);
  }
}) as unknown as z.ZodType<Record<string, string | Record<string, string>>>;
const stripped = (s: string) => s.trim();

const CREATE = {
  display_in_profile_summary: json(z.boolean()).default(false),
  field_data: json(FIELD_DATA.nullable()).optional(),
  field_type: json(z.int()),
  hint: str().default(''),
  name: str().default(''),
};
const UPDATE = {
  display_in_profile_summary: json(z.boolean()).optional(),
  field_data: json(FIELD_DATA).optional(),
  hint: str().optional(),
  name: str().optional(),
};
// From feature level 296 (below it the parameter is unknown, and every field editable).
const EDITABLE = { editable_by_user: json(z.boolean()).optional() };
const editable = (ctx: Ctx): boolean | undefined => (atLeast(ctx.world, 'profile_field_editable_by_user') ? ctx.params.read(EDITABLE).editable_by_user : undefined);
// From feature level 244 (below it the parameter is unknown).
const REQUIRED = { required: json(z.boolean()).optional() };
const required = (ctx: Ctx): boolean | undefined => (atLeast(ctx.world, 'profile_field_required') ? ctx.params.read(REQUIRED).required : undefined);

const ORDER = { order: json(z.array(z.int())) };
const DATA = { data: json(z.array(z.strictObject({ id: z.int(), value: z.union([z.string(), z.array(z.int())]) }))) };
const REMOVE = { data: json(z.array(z.int())) };

function requireAdmin(ctx: Ctx): void {
  if (!isAdmin(ctx.me)) throw new RoleRequired('Must be an organization administrator');
}
function requireHuman(ctx: Ctx): void {
  if (ctx.me.is_bot) throw new BadRequest('This endpoint does not accept bot requests.');
}

export function listProfileFields(ctx: Ctx): Record<string, unknown> {
  return { custom_fields: orderedProfileFields(ctx.store).map((f) => formatProfileField(ctx.store, f)) };
}

export function createProfileFieldEndpoint(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  const p = ctx.params.read(CREATE);
  const requiredField = required(ctx);
  const editableByUser = editable(ctx);
  const id = createProfileField(ctx.world, ctx.me, {
    name: stripped(p.name),
    hint: p.hint,
    field_type: p.field_type,
    field_data: p.field_data ?? {},
    display_in_profile_summary: p.display_in_profile_summary,
    required: requiredField ?? false,
    editable_by_user: editableByUser ?? true,
  });
  return { id };
}

export function updateProfileFieldEndpoint(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  const p = ctx.params.read(UPDATE);
  const requiredField = required(ctx);
  const editableByUser = editable(ctx);
  updateProfileField(ctx.world, ctx.me, ctx.pathInt('field_id'), { ...p, required: requiredField, editable_by_user: editableByUser, name: p.name === undefined ? undefined : stripped(p.name) });
  return {};
}

export function deleteProfileFieldEndpoint(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  deleteProfileField(ctx.world, ctx.me, ctx.pathInt('field_id'));
  return {};
}

export function reorderProfileFieldsEndpoint(ctx: Ctx): Record<string, unknown> {
  requireAdmin(ctx);
  reorderProfileFields(ctx.world, ctx.me, ctx.params.read(ORDER).order);
  return {};
}

export function updateProfileDataEndpoint(ctx: Ctx): Record<string, unknown> {
  requireHuman(ctx);
  updateProfileData(ctx.world, ctx.me, ctx.params.read(DATA).data);
  return {};
}

export function removeProfileDataEndpoint(ctx: Ctx): Record<string, unknown> {
  requireHuman(ctx);
  removeProfileData(ctx.world, ctx.me, ctx.params.read(REMOVE).data);
  return {};
}
