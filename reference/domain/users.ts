// Users as the API shows them to a particular viewer (zerver/lib/users.py
// format_user_row, can_access_delivery_email; zerver/lib/avatar.py).
import { md5 } from '@noble/hashes/legacy.js';
import { hex } from '../crypto/encoding.ts';
import { atLeast } from './feature-levels.ts';
import { apiEmail, type Store } from '../state/store.ts';
import { EMAIL_VISIBILITY, ROLE, type User } from '../state/types.ts';

const encoder = new TextEncoder();

export function isAdmin(u: User): boolean {
  return u.role <= ROLE.administrator;
}
export function isModeratorOrAbove(u: User): boolean {
  return u.role <= ROLE.moderator;
}
export function isGuest(u: User): boolean {
  return u.role === ROLE.guest;
}

/** May `viewer` (null: a logged-out spectator) see `target`'s real email address? */
export function canSeeDeliveryEmail(viewer: User | null, target: User): boolean {
  if (target.is_bot) return true;
  if (viewer && viewer.user_id === target.user_id) return true;
  switch (target.email_address_visibility) {
    case EMAIL_VISIBILITY.everyone:
      return viewer !== null;
    case EMAIL_VISIBILITY.members:
      return viewer !== null && !isGuest(viewer);
    case EMAIL_VISIBILITY.moderators:
      return viewer !== null && isModeratorOrAbove(viewer);
    case EMAIL_VISIBILITY.admins:
      return viewer !== null && isAdmin(viewer);
    default:
      return false;
  }
}

// md5 is the costliest step of listing users; an address's digest never changes.
// Bounded so that a long-running server creating users cannot grow it without end.
const GRAVATAR_CACHE_LIMIT = 10_000;
const gravatarDigests = new Map<string, string>();

export function gravatarUrl(email: string, version: number): string {
  const key = email.toLowerCase();
  let digest = gravatarDigests.get(key);
  if (digest === undefined) {
    if (gravatarDigests.size >= GRAVATAR_CACHE_LIMIT) gravatarDigests.clear();
    gravatarDigests.set(key, (digest = hex(md5(encoder.encode(key)))));
  }
  return `https://secure.gravatar.com/avatar/${digest}?d=identicon&version=${version}`;
}

/**
 * avatar_url: null only when the client handles gravatar itself and may compute it (a
 * deleted user's removed picture is the default one, a URL like any other).
 */
export function avatarUrl(store: Store, viewer: User | null, target: User, clientGravatar: boolean): string | null {
  if (target.avatar_source === 'G') {
    if (clientGravatar && canSeeDeliveryEmail(viewer, target)) return null;
    return gravatarUrl(target.delivery_email, target.avatar_version);
  }
  return `${store.realm.url}/user_avatars/${store.realm.id}/${target.user_id}.png?version=${target.avatar_version}`;
}

export interface UserView {
  clientGravatar: boolean;
  includeCustomProfileFields: boolean;
}

/** A User object (zulip.com/api/get-users), as `viewer` may see it. Key order is fixed. */
export function formatUser(store: Store, viewer: User | null, u: User, view: UserView): Record<string, unknown> {
  const out: Record<string, unknown> = {
    email: apiEmail(u, store.realm),
    user_id: u.user_id,
    avatar_version: u.avatar_version,
    is_admin: isAdmin(u),
    is_owner: u.role === ROLE.owner,
    is_guest: isGuest(u),
    role: u.role,
    is_bot: u.is_bot,
    full_name: u.full_name,
    timezone: u.timezone,
    is_active: u.is_active,
    date_joined: isoDate(u.date_joined),
    delivery_email: canSeeDeliveryEmail(viewer, u) ? u.delivery_email : null,
    avatar_url: avatarUrl(store, viewer, u, view.clientGravatar),
    is_imported_stub: u.is_imported_stub,
  };
  // Fields by feature level (domain/feature-levels.ts).
  // NOTE: approximation: before level 163 the real server decided delivery_email by the
  // realm-wide email visibility; here it is left out wherever it would be null.
  if (out['delivery_email'] === null && !atLeast(store, 'delivery_email_always')) delete out['delivery_email'];
  if (!atLeast(store, 'is_imported_stub')) delete out['is_imported_stub'];
  // Only a bot's record has bot_type and bot_owner_id (zerver/lib/users.py::format_user_row);
  // the documentation's "null if the user isn't a bot" describes no answer the server gives.
  if (u.is_bot) {
    out['bot_type'] = u.bot_type;
    out['bot_owner_id'] = u.bot_owner_id;
  }
  if (u.is_deleted && atLeast(store, 'is_deleted')) out['is_deleted'] = true;
  if (!u.is_bot && view.includeCustomProfileFields) out['profile_data'] = structuredClone(u.profile_data);
  return out;
}

/** A bot as its owner and the administrators see it (realm_bots, realm_bot events): with its API key. */
export function formatBot(store: Store, viewer: User, bot: User): Record<string, unknown> {
  // From feature level 474 the user object says the rest (the API key: GET /bots/{id}/api_key).
  if (atLeast(store, 'slim_bot_dicts')) {
    return { user_id: bot.user_id, default_sending_stream: null, default_events_register_stream: null, default_all_public_streams: false, services: [] };
  }
  return {
    email: bot.delivery_email,
    user_id: bot.user_id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active,
    api_key: bot.api_key,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: false,
    owner_id: bot.bot_owner_id,
    avatar_url: avatarUrl(store, viewer, bot, false),
    services: [],
  };
}

// Date formatting was a fifth of listing users, and a realm has few distinct join instants.
const ISO_CACHE_LIMIT = 10_000;
const isoDates = new Map<number, string>();

/** ISO 8601 with the UTC offset, as Django's isoformat() prints it. */
export function isoDate(ms: number): string {
  let text = isoDates.get(ms);
  if (text === undefined) {
    if (isoDates.size >= ISO_CACHE_LIMIT) isoDates.clear();
    // toISOString always ends in ".sssZ".
    isoDates.set(ms, (text = new Date(ms).toISOString().slice(0, -5) + '+00:00'));
  }
  return text;
}

/** What every new account decides; newUser fills in the rest with a new account's defaults. */
export type UserFields = Pick<User, 'user_id' | 'delivery_email' | 'full_name' | 'role' | 'date_joined' | 'api_key'> & Partial<User>;

/** A user record: a human with the defaults of a new account unless `fields` say otherwise. */
export function newUser(fields: UserFields): User {
  return {
    is_bot: false,
    bot_type: null,
    bot_owner_id: null,
    is_system_bot: false,
    is_active: true,
    is_deleted: false,
    is_imported_stub: false,
    is_mirror_dummy: false,
    timezone: '',
    avatar_source: 'G',
    avatar_version: 1,
    email_address_visibility: EMAIL_VISIBILITY.everyone,
    password_hash: null,
    profile_data: {},
    enable_drafts_synchronization: true,
    ...fields,
  };
}
