// GET /messages/{message_id}/read_receipts — zulip/zulip zerver/views/read_receipts.py
// (read_receipts): who has read a message, in the order of the real checks: access to
// the message first (so a message one may not see is "Invalid message(s)" whatever the
// realm's setting), then the realm's enable_read_receipts.
import { hasMessageAccess } from '../domain/messages.ts';
import { userSetting } from '../domain/user-settings.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { FLAG } from '../state/types.ts';

export function readReceipts(ctx: Ctx): Record<string, unknown> {
  ctx.params.read({});
  const store = ctx.store;
  const me = ctx.me;
  const m = store.message(ctx.pathInt('message_id'));
  if (!m || !hasMessageAccess(store, me, m, ctx.nowMs())) throw new BadRequest('Invalid message(s)');
  if (!store.realm.enable_read_receipts) throw new BadRequest('Read receipts are disabled in this organization.');
  // Users with a row marked read (historical rows count: starring a message one never
  // received puts one there), active, sharing read receipts, not the sender. Bots count.
  // NOTE: approximation: the real server also leaves out users who muted the caller or
  // whom the caller muted; Understudy has no muted users.
  const user_ids = store.usersWithRow(m.id).filter((id) => {
    const u = store.user(id);
    const bits = store.userMessageFlags(id, m.id) as number;
    return u !== undefined && u.is_active && id !== m.sender_id && (bits & FLAG.read) !== 0 && userSetting(u, 'send_read_receipts') === true;
  });
  return { user_ids };
}
