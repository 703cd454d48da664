// GET /users/me/subscriptions — zulip/zulip zerver/views/streams.py
// (list_subscriptions_backend) and zerver/lib/subscription_info.py.
import { z } from 'zod';
import { formatSubscription, hasMetadataAccess } from '../domain/channels.ts';
import type { Ctx } from '../http/context.ts';
import { str } from '../http/params.ts';

export function getSubscriptions(ctx: Ctx): Record<string, unknown> {
  // SPEC.md: 'true', 'false' or 'partial'. The real server's REST endpoint takes a JSON
  // boolean here ('partial' only at /register); both accept "true" and "false".
  const p = ctx.params.read({ include_subscribers: str(z.enum(['true', 'false', 'partial'])).default('false') });
  const me = ctx.me;
  const store = ctx.store;
  const now = ctx.nowMs();
  const subscriptions = store
    .subscribedChannelIds(me.user_id)
    .map((id) => store.channel(id))
    .filter((c) => c !== undefined && !c.is_archived && hasMetadataAccess(store, me, c, now))
    .map((c) => c!)
    .sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1))
    .map((c) => formatSubscription(store, c, store.subscription(me.user_id, c.stream_id)!, p.include_subscribers, ctx.nowSeconds()));
  return { subscriptions };
}
