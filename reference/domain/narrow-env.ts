// What the narrow language may look up, for one viewer (see narrow/types.ts).
import type { NarrowChannel, NarrowEnv } from '../narrow/types.ts';
import type { Store } from '../state/store.ts';
import type { Channel, User } from '../state/types.ts';
import { hasContentAccess } from './channels.ts';
import { hasMessageAccess } from './messages.ts';
import { isGuest } from './users.ts';

function narrowChannel(c: Channel): NarrowChannel {
  return {
    stream_id: c.stream_id,
    name: c.name,
    invite_only: c.invite_only,
    is_web_public: c.is_web_public,
    history_public_to_subscribers: c.history_public_to_subscribers,
  };
}

export function narrowEnv(store: Store, viewer: User, nowMs: number): NarrowEnv {
  return {
    viewer: { user_id: viewer.user_id, is_guest: isGuest(viewer) },
    // Like the real server's narrow builder, a channel operand resolves by name or id
    // without an access check; what the viewer sees is limited by access afterwards.
    channel(nameOrId) {
      const c = typeof nameOrId === 'number' ? store.channel(nameOrId) : store.channelByName(nameOrId);
      return c && narrowChannel(c);
    },
    user(emailOrId) {
      const u = typeof emailOrId === 'number' ? store.user(emailOrId) : store.userByEmail(emailOrId);
      return u && { user_id: u.user_id };
    },
    accessibleMessage(id) {
      const m = store.message(id);
      if (!m) return undefined;
      return hasMessageAccess(store, viewer, m, nowMs) ? m : undefined;
    },
    canAccessChannelHistory(nc) {
      const c = store.channel(nc.stream_id);
      if (!c) return false;
      return c.history_public_to_subscribers && hasContentAccess(store, viewer, c, nowMs);
    },
    isChannelMuted(streamId) {
      return store.subscription(viewer.user_id, streamId)?.is_muted ?? false;
    },
    topicPolicy(streamId, topic) {
      return store.topicPolicy(viewer.user_id, streamId, topic);
    },
    channelOf(streamId) {
      const c = store.channel(streamId);
      return c && narrowChannel(c);
    },
  };
}
