// GET /realm/emoji — zulip/zulip zerver/views/realm_emoji.py (list_emoji): every custom
// emoji of the organization, deactivated ones too; the list is public to its members.
import { realmEmojiDict } from '../domain/emoji.ts';
import type { Ctx } from '../request/context.ts';

export function listRealmEmoji(ctx: Ctx): Record<string, unknown> {
  return { emoji: realmEmojiDict(ctx.store) };
}
