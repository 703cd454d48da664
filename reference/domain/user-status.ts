// User status as the API shows it (zulip/zulip zerver/lib/user_status.py
// format_user_status, get_all_users_status_dict, get_user_status): only what is set,
// with `away` standing for presence turned off.
import { USER_STATUS, type UserStatusRecord } from '../state/user-status.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { canAccessAllUsers, canAccessUser } from './user-access.ts';
import { userSetting } from './user-settings.ts';

export interface UserStatusInfo {
  away?: boolean;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

export function formatUserStatus(row: UserStatusRecord, user: User): UserStatusInfo {
  const out: UserStatusInfo = {};
  if (userSetting(user, 'presence_enabled') === false) out.away = true;
  if (row.status_text !== '') out.status_text = row.status_text;
  if (row.emoji_name !== '') {
    out.emoji_name = row.emoji_name;
    out.emoji_code = row.emoji_code;
    out.reaction_type = row.reaction_type;
  }
  return out;
}

/** get_user_status: {} for a user who never set one. */
export function userStatusOf(store: Store, user: User): UserStatusInfo {
  const row = store.table(USER_STATUS).get(user.user_id);
  return row === undefined ? {} : formatUserStatus(row, user);
}

/**
 * get_all_users_status_dict: every active user's status that says something, keyed by
 * user id, as far as the viewer may know the user.
 */
export function allUserStatuses(store: Store, viewer: User, nowMs: number): Record<string, UserStatusInfo> {
  const out: Record<string, UserStatusInfo> = {};
  const all = canAccessAllUsers(store, viewer, nowMs);
  for (const row of store.table(USER_STATUS).all()) {
    const user = store.user(row.id);
    if (user === undefined || !user.is_active) continue;
    const empty = userSetting(user, 'presence_enabled') !== false && row.status_text === '' && row.emoji_name === '' && row.emoji_code === '' && row.reaction_type === 'unicode_emoji';
    if (empty) continue;
    if (!all && !canAccessUser(store, viewer, user, nowMs)) continue;
    out[String(row.id)] = formatUserStatus(row, user);
  }
  return out;
}
