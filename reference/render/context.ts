// What the renderer needs to know about the realm, and what it reports back.
// The renderer never sees the store: the caller answers these questions (see
// domain/render-message.ts). Field meanings follow the real server's MentionData and
// DbData (zerver/lib/mention.py, zerver/lib/markdown/__init__.py).

export interface RenderUser {
  readonly user_id: number;
  readonly full_name: string;
  /** A deactivated user can still be mentioned, but the mention is always silent. */
  readonly is_active?: boolean;
}

export interface RenderGroup {
  readonly id: number;
  /** The API name, e.g. "support" or "role:administrators". */
  readonly name: string;
  /** A deactivated group can still be mentioned, but the mention is always silent. */
  readonly deactivated?: boolean;
}

export interface RenderChannel {
  readonly stream_id: number;
  readonly name: string;
}

export interface RenderEmoji {
  readonly reaction_type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';
  /** Hex codepoints for unicode emoji ("1f642", "1f937-200d-2640"); the emoji id otherwise. */
  readonly code: string;
  /** Image URL of a realm emoji. */
  readonly url?: string;
}

export interface RenderLinkifier {
  readonly pattern: string;
  readonly url_template: string;
}

/** An uploaded image the server previews (its ImageAttachment row: zerver/lib/thumbnail.py). */
export interface RenderImage {
  /** `{width}x{height}` of the original; null: not shown (before feature level 276). */
  readonly dimensions: string | null;
  /** The type the file was uploaded with; null: none, or not shown (before feature level 336). */
  readonly content_type: string | null;
}

export interface RenderContext {
  /** e.g. "http://zulip.testserver"; links into the realm's web app become relative. */
  readonly realmUrl: string;
  /** Mention lookup by full name, case-insensitive; users the sender cannot access are undefined. */
  userByName(fullName: string): RenderUser | undefined;
  /** Lookup for the `@**Name|id**` and `@**|id**` syntaxes. */
  userById(id: number): RenderUser | undefined;
  /** Group lookup by name, case-insensitive. */
  groupByName(name: string): RenderGroup | undefined;
  /** Channel lookup by exact name; only channels that can be linked (not deactivated). */
  channelByName(name: string): RenderChannel | undefined;
  /** Realm emoji first; the built-in Unicode table is used when this is absent or undefined. */
  emoji?(name: string): RenderEmoji | undefined;
  /** The message id a topic link narrows `with` (latest in the topic the sender can see). */
  topicWithId?(streamId: number, topic: string): number | undefined;
  /** The realm's linkifiers, in their order (applied at priority 45). */
  readonly linkifiers?: readonly RenderLinkifier[];
  /**
   * The upload at `/user_uploads/{pathId}` when it is an image this organization's server
   * would preview (render/image-previews.ts); absent: image previews are off.
   */
  uploadedImage?(pathId: string): RenderImage | undefined;
  /** The realm's default_code_block_language, used for fences without a language. */
  readonly defaultCodeBlockLanguage?: string | null;
}

export interface RenderedMentions {
  /** Users mentioned non-silently (these get the `mentioned` flag). */
  readonly user_ids: Set<number>;
  readonly group_ids: Set<number>;
  /** `@**all**`, `@**everyone**`, `@**channel**`, `@**stream**`. */
  stream_wildcard: boolean;
  /** `@**topic**`. */
  topic_wildcard: boolean;
}

export interface RenderResult {
  readonly html: string;
  readonly mentions: RenderedMentions;
  /** Content starts with "/me " (zerver/models/messages.py, is_status_message). */
  readonly is_me_message: boolean;
}
