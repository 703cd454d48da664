// The bridge between the store and the Markdown renderer (reference/render/), which
// knows nothing of the store: it looks users, groups and channels up through this.
// Deactivated users and groups can still be mentioned (silently), as on the real
// server; channel links only name channels the sender may know about, so a message
// never reveals a private channel's name to its readers.
import { render, type RenderContext } from '../render/index.ts';
import { activeRealmEmoji, formatRealmEmoji } from './emoji.ts';
import { orderedLinkifiers } from './linkifiers.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { hasMetadataAccess } from './channels.ts';
import { atLeast } from './feature-levels.ts';
import { previewableImageSize } from './image-size.ts';
import { realmProperty } from './realm-settings.ts';
import { attachmentAt, bareContentType } from './uploads.ts';
import { accessibleUserIds, canAccessUser } from './user-access.ts';

export interface RenderedMessage {
  html: string;
  user_ids: Set<number>;
  group_ids: Set<number>;
  stream_wildcard: boolean;
  topic_wildcard: boolean;
  is_me_message: boolean;
}

export function renderContext(store: Store, sender: User | null, nowMs: number): RenderContext {
  const visible = (streamId: number) => {
    const c = store.channel(streamId);
    return c !== undefined && !c.is_archived && (sender === null || hasMetadataAccess(store, sender, c, nowMs));
  };
  // A user the sender may not know about (a guest outside can_access_all_users_group) is
  // not mentioned, by name or by id: the text stays text (zerver/lib/mention.py
  // get_full_name_info_list leaves out get_inaccessible_user_ids).
  let accessible: ReadonlySet<number> | undefined;
  const known = (u: User) => sender === null || canAccessUser(store, sender, u, nowMs, () => (accessible ??= accessibleUserIds(store, sender)));
  return {
    realmUrl: store.realm.url,
    linkifiers: orderedLinkifiers(store),
    userByName: (name) => {
      const lower = name.toLowerCase();
      // Active users win over deactivated ones of the same name.
      let found: User | undefined;
      for (const u of store.data.users.values()) {
        if (u.full_name.toLowerCase() !== lower || !known(u)) continue;
        if (!found || (u.is_active && !found.is_active)) found = u;
      }
      return found && { user_id: found.user_id, full_name: found.full_name, is_active: found.is_active };
    },
    userById: (id) => {
      const u = store.user(id);
      return u && known(u) ? { user_id: u.user_id, full_name: u.full_name, is_active: u.is_active } : undefined;
    },
    groupByName: (name) => {
      const lower = name.toLowerCase();
      const g = store.groups().find((x) => x.name.toLowerCase() === lower);
      return g && { id: g.id, name: g.name, deactivated: g.deactivated };
    },
    channelByName: (name) => {
      const c = store.channelByName(name);
      return c && c.name === name && visible(c.stream_id) ? { stream_id: c.stream_id, name: c.name } : undefined;
    },
    topicWithId: (streamId, topic) => (visible(streamId) ? store.topicMessageIds(streamId, topic).at(-1) : undefined),
    // The organization's active custom emoji (make_realm_emoji), before the built-in ones.
    emoji: (name) => {
      const e = activeRealmEmoji(store, name);
      return e && { reaction_type: 'realm_emoji', code: String(e.id), url: formatRealmEmoji(store, e)['source_url'] as string };
    },
    // image_preview_enabled: the organization's inline_image_preview (the server's
    // INLINE_IMAGE_PREVIEW is on). A preview needs an ImageAttachment row of this
    // organization (manifest_and_get_user_upload_previews filters by realm and path only:
    // whether the sender may read the file does not matter, as on the real server).
    ...(realmProperty(store, store.realm, 'inline_image_preview') === false
      ? {}
      : {
          uploadedImage: (pathId: string) => {
            if (!pathId.startsWith(`${store.realm.id}/`)) return undefined;
            const a = attachmentAt(store, pathId);
            const size = a && previewableImageSize(a.bytes, bareContentType(a.content_type));
            if (size === undefined) return undefined;
            return {
              dimensions: atLeast(store, 'image_preview_dimensions') ? `${size.width}x${size.height}` : null,
              content_type: atLeast(store, 'image_preview_content_type') ? (a as { content_type: string }).content_type : null,
            };
          },
        }),
  };
}

export function renderForStore(store: Store, content: string, sender: User | null = null, nowMs = 0): RenderedMessage {
  const out = render(content, renderContext(store, sender, nowMs));
  return {
    html: out.html,
    user_ids: out.mentions.user_ids,
    group_ids: out.mentions.group_ids,
    stream_wildcard: out.mentions.stream_wildcard,
    topic_wildcard: out.mentions.topic_wildcard,
    is_me_message: out.is_me_message,
  };
}
