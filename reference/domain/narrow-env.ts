// What the narrow language may look up, for one viewer (see narrow/types.ts).
import { TOPIC_POLICY, type NarrowChannel, type NarrowEnv } from '../narrow/types.ts';
import { ATTACHMENTS } from '../state/attachments.ts';
import type { Store } from '../state/store.ts';
import type { Channel, User } from '../state/types.ts';
import { hasContentAccess, isWebPublicChannel, webPublicStreamsEnabled } from './channels.ts';
import { isWebPublicMessage } from './message-access.ts';
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

/**
 * has_attachment as sending and editing set it: the message has claimed an upload
 * (zerver/actions/uploads.py do_claim_attachments). The ids are gathered once per query,
 * on first use: linear in the realm's attachments, not in the messages tested.
 */
function attachmentLookup(store: Store): (messageId: number) => boolean {
  let claimed: Set<number> | undefined;
  return (messageId) => {
    claimed ??= new Set(store.table(ATTACHMENTS).all().flatMap((a) => a.message_ids));
    return claimed.has(messageId);
  };
}

/**
 * The environment of a logged-out spectator's query (GET /json/messages): no user, no
 * rows, no muting; `with` reaches a message as access_web_public_message does.
 */
export function spectatorNarrowEnv(store: Store): NarrowEnv {
  return {
    viewer: { user_id: SPECTATOR_ID, is_guest: false },
    channel: (nameOrId) => {
      const c = typeof nameOrId === 'number' ? store.channel(nameOrId) : store.channelByName(nameOrId);
      return c && narrowChannel(c);
    },
    user(emailOrId) {
      const u = typeof emailOrId === 'number' ? store.user(emailOrId) : store.userByEmail(emailOrId);
      return u && { user_id: u.user_id };
    },
    accessibleMessage(id) {
      const m = store.message(id);
      return m && isWebPublicMessage(store, m) ? m : undefined;
    },
    // Not consulted: a spectator's query always includes history (ok_to_include_history).
    canAccessChannelHistory: (nc) => {
      const c = store.channel(nc.stream_id);
      return c !== undefined && webPublicStreamsEnabled(store) && isWebPublicChannel(c);
    },
    isChannelMuted: () => false,
    topicPolicy: () => TOPIC_POLICY.inherit,
    channelOf(streamId) {
      const c = store.channel(streamId);
      return c && narrowChannel(c);
    },
    hasAttachment: attachmentLookup(store),
  };
}

/** No user has this id: the spectator's operators that name "me" match nobody. */
const SPECTATOR_ID = -1;

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
    hasAttachment: attachmentLookup(store),
  };
}
