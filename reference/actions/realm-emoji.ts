// Adding and deactivating custom emoji (zulip/zulip zerver/views/realm_emoji.py upload_emoji,
// delete_emoji; zerver/actions/realm_emoji.py check_add_realm_emoji, do_remove_realm_emoji,
// notify_realm_emoji; zerver/lib/emoji.py check_valid_emoji_name, check_remove_custom_emoji).
import { realmEmojiDict, activeRealmEmoji, unicodeEmojiCode } from '../domain/emoji.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { hasPermission, REALM_SETTINGS } from '../domain/permissions.ts';
import { bareContentType, guessType } from '../domain/uploads.ts';
import { isAdmin, isGuest } from '../domain/users.ts';
import { ApiError, BadRequest, NotFoundBadRequest } from '../errors.ts';
import { REALM_EMOJI, type RealmEmojiRecord } from '../state/realm-emoji.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { activeUserIds } from './channel-events.ts';
import type { UploadInput } from './uploads.ts';

/** MAX_EMOJI_FILE_SIZE_MIB (zproject/default_settings.py), unless the server's config sets it. */
export const MAX_EMOJI_FILE_SIZE_MIB = 5;

/** BadImageError (zerver/lib/thumbnail.py): code BAD_IMAGE. */
export class BadImage extends ApiError {
  constructor(message: string) {
    super(400, 'BAD_IMAGE', message);
  }
}

/**
 * The image types an emoji may have: those the server thumbnails
 * (THUMBNAIL_ACCEPT_IMAGE_TYPES) that are also shown inline (INLINE_MIME_TYPES), each with
 * the extension Python's guess_extension gives it.
 */
const EMOJI_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The Content-Type an emoji image is served with, by extension. */
export function emojiImageType(fileName: string): string | undefined {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
  return Object.entries(EMOJI_IMAGE_TYPES).find(([, e]) => e === ext)?.[0];
}

/** check_valid_emoji_name. */
export function checkValidEmojiName(name: string): void {
  if (name === '') throw new BadRequest('Emoji name is missing');
  if (/^[0-9a-z\-_]+$/.test(name)) {
    if (/[-_]$/.test(name)) throw new BadRequest('Emoji names must end with either a letter or digit.');
    return;
  }
  throw new BadRequest('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
}

/**
 * Whether the bytes are an image of a format the server's image library is allowed to
 * load (GIF, JPEG, PNG, TIFF, WebP, HEIF/AVIF), by their signature.
 * NOTE: approximation: the real server decodes the image with libvips; here only the
 * format's signature is checked, so a truncated or corrupt image of a known format passes.
 */
function looksLikeImage(b: Uint8Array): boolean {
  const at = (offset: number, ...bytes: number[]): boolean => bytes.every((x, i) => b[offset + i] === x);
  const ascii = (offset: number, s: string): boolean => at(offset, ...[...s].map((c) => c.charCodeAt(0)));
  return (
    at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    ascii(0, 'GIF87a') ||
    ascii(0, 'GIF89a') ||
    at(0, 0xff, 0xd8, 0xff) ||
    (ascii(0, 'RIFF') && ascii(8, 'WEBP')) ||
    ascii(4, 'ftyp') ||
    at(0, 0x49, 0x49, 0x2a, 0x00) ||
    at(0, 0x4d, 0x4d, 0x00, 0x2a)
  );
}

export interface EmojiUpload {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Every check of upload_emoji and check_add_realm_emoji, in their order: guests refused
 * (require_member_or_admin), the name (spaces become underscores), the permission
 * (can_add_custom_emoji_group), an active emoji of that name, exactly one file, a
 * built-in name only for administrators, the size limit, the image type, the image.
 */
export function checkAddRealmEmoji(world: World, me: User, rawName: string, files: ReadonlyArray<UploadInput & { field: string }>): EmojiUpload {
  const store = world.store;
  if (isGuest(me)) throw new BadRequest('Not allowed for guest users');
  const name = rawName.trim().replace(/ /g, '_');
  checkValidEmojiName(name);
  if (!hasPermission(store, REALM_SETTINGS.can_add_custom_emoji_group, store.realm.can_add_custom_emoji_group, me, world.nowMs())) {
    throw new BadRequest('Insufficient permission');
  }
  if (activeRealmEmoji(store, name)) throw new BadRequest('A custom emoji with this name already exists.');
  const byField = new Map<string, UploadInput>();
  for (const f of files) byField.set(f.field, f);
  if (byField.size !== 1) throw new BadRequest('You must upload exactly one file.');
  if (unicodeEmojiCode(name) !== undefined && !isAdmin(me)) throw new BadRequest('Only administrators can override default emoji.');
  const file = [...byField.values()][0] as UploadInput;
  const limitMib = store.config.max_emoji_file_size_mib ?? MAX_EMOJI_FILE_SIZE_MIB;
  if (file.bytes.length > limitMib * 1024 * 1024) {
    throw new BadRequest(`Uploaded file is larger than the allowed limit of ${limitMib} MiB`);
  }
  // get_file_info: the part's type, else one guessed from its name.
  const contentType = bareContentType(file.contentType !== '' ? file.contentType : (guessType(file.name) ?? 'application/octet-stream'));
  if (EMOJI_IMAGE_TYPES[contentType] === undefined) throw new BadImage('Invalid image format');
  if (!looksLikeImage(file.bytes)) throw new BadImage('Could not decode image; did you upload an image file?');
  return { name, contentType, bytes: file.bytes };
}

/** notify_realm_emoji: every custom emoji, to every active user. */
function notifyRealmEmoji(world: World): void {
  world.store.emit(activeUserIds(world.store), { type: 'realm_emoji', op: 'update', realm_emoji: realmEmojiDict(world.store) });
}

/**
 * check_add_realm_emoji after its checks: the emoji, its image stored.
 * NOTE: approximation: the real server resizes the image to 64x64 (pyvips) and keeps a
 * still image of an animated one; here the image is stored and served as uploaded and is
 * never animated (still_url null).
 * NOTE: approximation: the real server names the file by a salted hash of the id
 * (get_emoji_file_name); here `{id}.{ext}`, as the fixture's emoji are named.
 */
export function doAddRealmEmoji(world: World, author: User, upload: EmojiUpload): RealmEmojiRecord {
  const table = world.store.table(REALM_EMOJI);
  const id = table.nextId();
  const record: RealmEmojiRecord = {
    id,
    name: upload.name,
    file_name: `${id}.${EMOJI_IMAGE_TYPES[upload.contentType] as string}`,
    is_animated: false,
    deactivated: false,
    author_id: author.user_id,
    content_type: upload.contentType,
    bytes: upload.bytes,
  };
  table.put(record);
  notifyRealmEmoji(world);
  return record;
}

/**
 * delete_emoji's checks: an active emoji of that name (404 otherwise; 400 below feature level 190), then
 * check_remove_custom_emoji: an administrator, or the emoji's author.
 */
export function checkRemoveRealmEmoji(world: World, me: User, name: string): RealmEmojiRecord {
  const emoji = activeRealmEmoji(world.store, name);
  if (!emoji) {
    const msg = `Emoji '${name}' does not exist`;
    throw atLeast(world, 'custom_emoji_delete_404') ? new NotFoundBadRequest(msg) : new BadRequest(msg);
  }
  if (!isAdmin(me) && emoji.author_id !== me.user_id) throw new BadRequest('Must be an organization administrator or emoji author');
  return emoji;
}

/** do_remove_realm_emoji: deactivated, not deleted (reactions with it stay); everyone is told. */
export function doRemoveRealmEmoji(world: World, emoji: RealmEmojiRecord): void {
  world.store.table(REALM_EMOJI).put({ ...emoji, deactivated: true });
  notifyRealmEmoji(world);
}
