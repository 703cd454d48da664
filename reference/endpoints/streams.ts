// GET /streams — zulip/zulip zerver/views/streams.py (get_streams_backend) and
// zerver/lib/streams.py (get_streams_for_user, do_get_streams, stream_to_dict).
import { z } from 'zod';
import { byName, formatChannel, hasContentAccess, hasMetadataAccess, isSubscribed } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { BadRequest } from '../errors.ts';
import type { Channel } from '../state/types.ts';

const flag = (d: boolean) => json(z.boolean()).default(d);

/** Built once: a spec's zod schemas cost more to build than to run. */
const STREAMS_PARAMS = {
  include_public: flag(true),
  include_web_public: flag(false),
  include_subscribed: flag(true),
  include_default: flag(false),
  include_owner_subscribed: flag(false),
  include_can_access_content: flag(false),
  include_all_active: flag(false),
};

/** Parameters of later feature levels (unknown ones before): exclude_archived (315), include_all (356). */
const EXCLUDE_ARCHIVED = flag(true);
const INCLUDE_ALL = flag(false);

export function getStreams(ctx: Ctx): Record<string, unknown> {
  const p = {
    ...ctx.params.read(STREAMS_PARAMS),
    // Before level 315 archived channels are never listed.
    exclude_archived: atLeast(ctx.world, 'archived_channels') ? ctx.params.one('exclude_archived', EXCLUDE_ARCHIVED) : true,
    include_all: atLeast(ctx.world, 'include_all') ? ctx.params.one('include_all', INCLUDE_ALL) : false,
  };
  const me = ctx.me;
  const now = ctx.nowMs();
  const store = ctx.store;
  // Before level 356 include_all_active is for administrators only (zerver/lib/streams.py
  // do_get_streams); from it on, the deprecated alias of include_all, for everyone (newest server).
  if (p.include_all_active && !atLeast(ctx.world, 'include_all') && !isAdmin(me)) throw new BadRequest('User not authorized for this query');
  const includeAll = p.include_all || p.include_all_active;
  const owner = me.is_bot && p.include_owner_subscribed && me.bot_owner_id !== null ? me.bot_owner_id : null;
  const ownerSubscribed = (c: Channel) => owner !== null && isSubscribed(store, owner, c.stream_id);

  // include_all: every channel the caller has metadata access to. include_can_access_content
  // replaces the subscribed / public / web-public sources with content access.
  const wanted = (c: Channel): boolean => {
    if (includeAll) return hasMetadataAccess(store, me, c, now);
    if (p.include_can_access_content) return hasContentAccess(store, me, c, now) || ownerSubscribed(c);
    if (p.include_subscribed && isSubscribed(store, me.user_id, c.stream_id)) return true;
    if (p.include_public && !isGuest(me) && !c.invite_only) return true;
    if (p.include_web_public && c.is_web_public && !c.is_archived) return true;
    // The API documentation (zulip.com/api/get-streams): include_default includes the default
    // channels; the real server only marks them. Understudy follows the documentation.
    if (p.include_default && c.is_default && hasMetadataAccess(store, me, c, now)) return true;
    return ownerSubscribed(c);
  };

  const streams = store
    .channels()
    .filter((c) => !(p.exclude_archived && c.is_archived) && wanted(c))
    .sort(byName)
    .map((c) => {
      const out = formatChannel(store, c, ctx.nowSeconds());
      if (p.include_default) out['is_default'] = c.is_default;
      return out;
    });
  return { streams };
}

/** GET /get_stream_id — zerver/views/streams.py (get_stream_id); access_stream_by_name's error. */
export function getStreamId(ctx: Ctx): Record<string, unknown> {
  const { stream } = ctx.params.read({ stream: str() });
  const channel = ctx.store.channelByName(stream.trim());
  if (!channel || channel.is_archived || !hasContentAccess(ctx.store, ctx.me, channel, ctx.nowMs())) {
    throw new BadRequest(`Invalid channel name '${stream}'`);
  }
  return { stream_id: channel.stream_id };
}
