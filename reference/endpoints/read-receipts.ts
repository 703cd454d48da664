// GET /messages/{message_id}/read_receipts — zulip/zulip zerver/views/read_receipts.py
// (read_receipts): who has read a message, in the order of the real checks: access to
// the message first (so a message one may not see is "Invalid message(s)" whatever the
// realm's setting), then the realm's enable_read_receipts.
import { accessMessage } from '../domain/message-access.ts';
import { mutedUsersOf, mutingUserIds } from '../domain/muted-users.ts';
import { userSetting } from '../domain/user-settings.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { FLAG } from '../state/types.ts';

export function readReceipts(ctx: Ctx): Record<string, unknown> {
  ctx.params.read({});
  const store = ctx.store;
  const me = ctx.me;
  const { message: m } = accessMessage(store, me, ctx.pathInt('message_id'), ctx.nowMs(), false);
  if (!store.realm.enable_read_receipts) throw new BadRequest('Read receipts are disabled in this organization.');
  // Users with a row marked read (historical rows count: starring a message one never
  // received puts one there), active, sharing read receipts, not the sender, neither
  // muting the caller nor muted by the caller. Bots count.
  const mutedByMe = new Set(mutedUsersOf(store, me.user_id).map((x) => x.id));
  const mutingMe = mutingUserIds(store, me.user_id);
  const user_ids = store.usersWithRow(m.id).filter((id) => {
    const u = store.user(id);
    const bits = store.userMessageFlags(id, m.id) as number;
    if (mutedByMe.has(id) || mutingMe.has(id)) return false;
    return u !== undefined && u.is_active && id !== m.sender_id && (bits & FLAG.read) !== 0 && userSetting(u, 'send_read_receipts') === true;
  });
  return { user_ids };
}
