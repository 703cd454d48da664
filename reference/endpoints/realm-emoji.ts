// Custom emoji — zulip/zulip zerver/views/realm_emoji.py: GET /realm/emoji (list_emoji:
// every custom emoji of the organization, deactivated ones too; the list is public to its
// members), POST /realm/emoji/{emoji_name} (upload_emoji), DELETE /realm/emoji/{emoji_name}
// (delete_emoji); and the images at their source_url, /user_avatars/{realm_id}/emoji/images/...,
// outside /api/v1 (zerver/views/upload.py serve_local_avatar_unauthed: no credentials needed).
import { checkAddRealmEmoji, checkRemoveRealmEmoji, doAddRealmEmoji, doRemoveRealmEmoji, emojiImageType } from '../actions/realm-emoji.ts';
import { realmEmojiDict } from '../domain/emoji.ts';
import type { Ctx } from '../request/context.ts';
import { REALM_EMOJI } from '../state/realm-emoji.ts';

export function listRealmEmoji(ctx: Ctx): Record<string, unknown> {
  return { emoji: realmEmojiDict(ctx.store) };
}

/** A path (`<path:...>`) percent-decoded segment by segment as Django decodes the URL (as it is if malformed). */
function decodePath(raw: string): string {
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    return raw;
  }
}

/** POST /realm/emoji/{emoji_name}: the image is the request's one file. */
export function uploadEmoji(ctx: Ctx): Record<string, unknown> {
  const upload = checkAddRealmEmoji(ctx.world, ctx.me, decodePath(ctx.pathParams['emoji_name'] ?? ''), ctx.files);
  doAddRealmEmoji(ctx.world, ctx.me, upload);
  return {};
}

/** DELETE /realm/emoji/{emoji_name}: deactivates it (the name is taken as sent, not trimmed). */
export function deleteEmoji(ctx: Ctx): Record<string, unknown> {
  const emoji = checkRemoveRealmEmoji(ctx.world, ctx.me, decodePath(ctx.pathParams['emoji_name'] ?? ''));
  doRemoveRealmEmoji(ctx.world, emoji);
  return {};
}

/**
 * GET /user_avatars/{path...}: a custom emoji's image (`{realm_id}/emoji/images/{file}`,
 * and the `.original` copy beside it), deactivated ones too, to anyone.
 * NOTE: approximation: only uploaded emoji images are served (not avatars, nor the
 * fixture's emoji, which have no image); anything else is a bare 404.
 */
export function serveEmojiImage(ctx: Ctx): Record<string, unknown> {
  const path = decodePath(ctx.pathParams['path'] ?? '');
  const prefix = `${ctx.store.realm.id}/emoji/images/`;
  const fileName = path.startsWith(prefix) ? path.slice(prefix.length).replace(/\.original$/, '') : undefined;
  // The file is named by the emoji's id (doAddRealmEmoji): found by it, not by a scan.
  const id = fileName === undefined ? undefined : /^([0-9]+)\.[a-z]+$/.exec(fileName)?.[1];
  const found = id === undefined ? undefined : ctx.store.table(REALM_EMOJI).get(Number(id));
  const emoji = found?.file_name === fileName ? found : undefined;
  if (emoji?.bytes === undefined) {
    ctx.rawAnswer = { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' }, text: '<p>File not found</p>' };
    return {};
  }
  ctx.rawAnswer = {
    status: 200,
    headers: {
      'Content-Type': emoji.content_type ?? emojiImageType(emoji.file_name) ?? 'application/octet-stream',
      'Cache-Control': 'max-age=31536000, public, immutable',
    },
    bytes: emoji.bytes,
  };
  return {};
}
