// The registration response's users (zulip/zulip zerver/lib/events.py, `realm_user` and
// `realm_bot`; zerver/lib/users.py get_users_for_api, get_cross_realm_dicts,
// get_data_for_inaccessible_user; zerver/actions/users.py get_owned_bot_dicts).
import { atLeast } from '../feature-levels.ts';
import { isUserInSetting } from '../groups.ts';
import { accessibleUserIds, canAccessAllUsers } from '../user-access.ts';
import { avatarUrl, formatBot, formatUser, isAdmin, isGuest } from '../users.ts';
import { apiEmail, type Store } from '../../state/store.ts';
import { ROLE, type RealmGroupSetting, type User } from '../../state/types.ts';
import type { StateContext } from './view.ts';

/** The placeholder for a user the viewer may not know about (user_list_incomplete off). */
function inaccessibleUser(store: Store, userId: number): Record<string, unknown> {
  return {
    email: `user${userId}@${store.realm.email_host}`,
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: ROLE.member,
    is_bot: false,
    full_name: 'Unknown user',
    timezone: '',
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    // NOTE: approximation: the static placeholder avatar's URL without the build's hash.
    avatar_url: `${store.realm.url}/static/images/unknown-user-avatar.png`,
    profile_data: {},
  };
}

/**
 * A user as a spectator sees them (format_user_row with no acting user): no email
 * address, no time zone, the day they joined, no custom profile fields.
 */
function forSpectator(store: Store, u: User): Record<string, unknown> {
  const shown = formatUser(store, null, u, { clientGravatar: false, includeCustomProfileFields: false });
  delete shown['timezone'];
  shown['date_joined'] = String(shown['date_joined']).slice(0, 10);
  // Hidden: null from feature level 163, left out before.
  if (atLeast(store, 'delivery_email_always')) shown['delivery_email'] = null;
  else delete shown['delivery_email'];
  return shown;
}

/** The medium-size avatar (avatar_url(medium=True)). */
function mediumAvatarUrl(store: Store, user: User): string | null {
  const url = avatarUrl(store, user, user, false);
  if (url === null) return null;
  return user.avatar_source === 'G' ? `${url}&s=500` : url.replace(/\.png\?/, '-medium.png?');
}

/**
 * realm_users, realm_non_active_users, cross_realm_bots and the viewer's own keys. Users
 * the viewer may not know about are left out with user_list_incomplete, else shown as
 * "Unknown user" placeholders (which count as active). `is_active` is dropped from each
 * user, as post_process_state does.
 * NOTE: approximation: user_avatar_url_field_optional changes nothing: the real server
 * leaves out avatar_url only for long-idle users, and nobody idles here.
 */
export function realmUserState(ctx: StateContext): Record<string, unknown> {
  const { store, user: me, view, nowMs } = ctx;
  // Spectators may know everyone (check_user_can_access_all_users with no user).
  const all = ctx.spectator || canAccessAllUsers(store, me, nowMs);
  const accessible = all ? null : accessibleUserIds(store, me);
  const active: Array<Record<string, unknown>> = [];
  const inactive: Array<Record<string, unknown>> = [];
  const users = store.realmUsers().sort((a, b) => a.user_id - b.user_id);
  for (const u of users) {
    if (accessible !== null && !u.is_bot && !accessible.has(u.user_id)) {
      if (!view.capabilities.user_list_incomplete) active.push(inaccessibleUser(store, u.user_id));
      continue;
    }
    const shown = ctx.spectator ? forSpectator(store, u) : formatUser(store, me, u, { clientGravatar: view.clientGravatar, includeCustomProfileFields: true });
    delete shown['is_active'];
    (u.is_active ? active : inactive).push(shown);
  }
  const systemBots = [...store.data.users.values()]
    .filter((u) => u.is_system_bot)
    .sort((a, b) => (a.full_name < b.full_name ? -1 : a.full_name > b.full_name ? 1 : 0))
    .map((bot) => {
      const shown = formatUser(store, bot, bot, { clientGravatar: false, includeCustomProfileFields: false });
      delete shown['bot_owner_id'];
      return { ...shown, is_system_bot: true, bot_owner_id: null };
    });
  // The realm setting's group is among the viewer's recursive groups.
  const can = (setting: RealmGroupSetting) => isUserInSetting(store, store.realm[setting], me.user_id, nowMs);
  const privateStreams = can('can_create_private_channel_group');
  const publicStreams = can('can_create_public_channel_group');
  const webPublicStreams = can('can_create_web_public_channel_group');
  return {
    realm_users: active,
    realm_non_active_users: inactive,
    cross_realm_bots: systemBots,
    avatar_source: me.avatar_source,
    avatar_url_medium: mediumAvatarUrl(store, me),
    avatar_url: avatarUrl(store, me, me, false),
    can_create_private_streams: privateStreams,
    can_create_public_streams: publicStreams,
    can_create_web_public_streams: webPublicStreams,
    can_create_streams: privateStreams || publicStreams || webPublicStreams,
    can_invite_others_to_realm: can('can_invite_users_group'),
    is_admin: isAdmin(me),
    is_owner: me.role === ROLE.owner,
    is_moderator: me.role === ROLE.moderator,
    is_guest: isGuest(me),
    user_id: me.user_id,
    email: apiEmail(me, store.realm),
    delivery_email: me.delivery_email,
    full_name: me.full_name,
  };
}

/**
 * realm_bots: the bots the viewer owns, or every bot of the organization for an
 * administrator, deactivated ones included, with their API keys.
 */
export function realmBotState(ctx: StateContext): Record<string, unknown> {
  const { store, user: me } = ctx;
  const bots = store
    .realmUsers()
    .filter((u) => u.is_bot && (isAdmin(me) || u.bot_owner_id === me.user_id))
    .sort((a, b) => a.user_id - b.user_id)
    .map((bot) => formatBot(store, me, bot));
  return { realm_bots: bots };
}
