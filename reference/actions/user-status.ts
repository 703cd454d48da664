// Setting a status (zulip/zulip zerver/views/presence.py update_user_status_backend,
// update_user_status_admin; zerver/actions/user_status.py do_update_user_status;
// zerver/lib/user_status.py update_user_status): text and emoji, and the legacy `away`,
// which turns the presence_enabled setting off (or on).
import { userIdsWhoCanAccess } from '../domain/user-access.ts';
import { isAdmin } from '../domain/users.ts';
import { BadRequest } from '../errors.ts';
import { codepointForName, nameForCodepoint } from '../render/emoji-table.ts';
import { USER_STATUS, type UserStatusRecord } from '../state/user-status.ts';
import type { UserStatusEvent } from '../state/events.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { changeSetting } from './user-settings.ts';

export interface StatusInput {
  away?: boolean | undefined;
  /** Already stripped; at most 60 characters. */
  status_text?: string | undefined;
  emoji_name?: string | undefined;
  emoji_code?: string | undefined;
  reaction_type?: string | undefined;
}

export interface StatusPlan {
  away: boolean | undefined;
  status_text: string | undefined;
  emoji_name: string | undefined;
  emoji_code: string | undefined;
  reaction_type: string | undefined;
}

/**
 * get_emoji_data then check_emoji_request.
 * The Unicode emoji are the real server's table (render/emoji-table.ts).
 * NOTE: approximation: custom emoji are not looked up here, so any realm_emoji is invalid.
 */
function emojiData(name: string): { code: string; type: string } {
  if (name === 'zulip') return { code: 'zulip', type: 'zulip_extra_emoji' };
  const code = codepointForName(name);
  if (code === undefined) throw new BadRequest(`Emoji '${name}' does not exist`);
  return { code, type: 'unicode_emoji' };
}

function checkEmoji(name: string, code: string, type: string): void {
  if (type === 'realm_emoji') throw new BadRequest('Invalid custom emoji.');
  if (type === 'zulip_extra_emoji') {
    if (code !== 'zulip') throw new BadRequest('Invalid emoji code.');
    if (name !== code) throw new BadRequest('Invalid emoji name.');
    return;
  }
  if (type === 'unicode_emoji') {
    if (nameForCodepoint(code) === undefined) throw new BadRequest('Invalid emoji code.');
    if (codepointForName(name) !== code) throw new BadRequest('Invalid emoji name.');
    return;
  }
  throw new BadRequest('Invalid emoji type.');
}

/** update_user_status_backend's checks, in its order. */
export function checkUserStatus(input: StatusInput): StatusPlan {
  const { away, status_text } = input;
  let { emoji_name, emoji_code, reaction_type } = input;
  if (away === undefined && status_text === undefined && emoji_name === undefined) throw new BadRequest('Client did not pass any new values.');
  if (emoji_name === '') {
    emoji_code = '';
    reaction_type = 'unicode_emoji';
  } else if (emoji_name !== undefined) {
    if (emoji_code === undefined || reaction_type === undefined) {
      const data = emojiData(emoji_name);
      emoji_code ??= data.code;
      reaction_type ??= data.type;
    }
    checkEmoji(emoji_name, emoji_code, reaction_type);
  } else if (reaction_type || emoji_code) {
    throw new BadRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  return { away, status_text, emoji_name, emoji_code, reaction_type };
}

/** update_user_status_admin: access_user_by_id(for_admin=True), an active human user. */
export function checkStatusTarget(world: World, actor: User, userId: number): User {
  const target = world.store.user(userId);
  if (target === undefined || target.is_system_bot || target.is_bot) throw new BadRequest('No such user');
  if (!target.is_active) throw new BadRequest('User is deactivated');
  // can_admin_user: a realm administrator (or the owner of a bot, but bots are refused above).
  if (!isAdmin(actor)) throw new BadRequest('Insufficient permission');
  return target;
}

/**
 * do_update_user_status: `away` changes presence_enabled first (its setting event and
 * presence update, even when unchanged); then the row is created or updated with what
 * was given; the user_status event, with only those fields, goes to everyone who may
 * know the user.
 */
export function doUpdateUserStatus(world: World, user: User, plan: StatusPlan): void {
  const store = world.store;
  let current = user;
  if (plan.away !== undefined) {
    changeSetting(world, 'presence_enabled', !plan.away, user.user_id, true);
    current = world.store.user(user.user_id) as User;
  }
  const table = store.table(USER_STATUS);
  const old = table.get(user.user_id);
  const row: UserStatusRecord = old
    ? { ...old, timestamp_ms: world.nowMs() }
    : { id: user.user_id, status_text: '', emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji', timestamp_ms: world.nowMs() };
  if (plan.status_text !== undefined) row.status_text = plan.status_text;
  if (plan.emoji_name !== undefined) {
    row.emoji_name = plan.emoji_name;
    if (plan.emoji_code !== undefined) row.emoji_code = plan.emoji_code;
    if (plan.reaction_type !== undefined) row.reaction_type = plan.reaction_type;
  }
  table.put(row);
  const event: Record<string, unknown> = { type: 'user_status', user_id: user.user_id };
  if (plan.away !== undefined) event['away'] = plan.away;
  if (plan.status_text !== undefined) event['status_text'] = plan.status_text;
  if (plan.emoji_name !== undefined) {
    event['emoji_name'] = plan.emoji_name;
    event['emoji_code'] = plan.emoji_code;
    event['reaction_type'] = plan.reaction_type;
  }
  store.emit(userIdsWhoCanAccess(store, current, world.nowMs()), event as unknown as UserStatusEvent);
}
