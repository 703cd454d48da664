// Uploading a file and the claims messages make on it (zulip/zulip zerver/views/upload.py
// upload_file_backend, zerver/lib/upload/__init__.py upload_message_attachment,
// zerver/actions/uploads.py do_claim_attachments, notify_attachment_update).
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { ApiError, BadRequest } from '../errors.ts';
import {
  attachmentAt,
  attachmentDict,
  canDownload,
  DEFAULT_UPLOAD_STORAGE_BYTES,
  formatContentType,
  guessType,
  linkedPathIds,
  maybeAddCharset,
  maxFileUploadSizeMib,
  sanitizeName,
  uploadSpaceUsed,
} from '../domain/uploads.ts';
import { ATTACHMENTS, type AttachmentRecord } from '../state/attachments.ts';
import type { Message, User } from '../state/types.ts';
import type { World } from '../world.ts';

/** A file as the request carried it: the part's file name, its Content-Type ('' if none), its bytes. */
export interface UploadInput {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** RealmUploadQuotaError (zerver/lib/upload/__init__.py check_upload_within_quota). */
export class RealmUploadQuota extends ApiError {
  constructor() {
    super(400, 'REALM_UPLOAD_QUOTA', "Upload would exceed your organization's upload quota.");
  }
}

/**
 * Every check of upload_file_backend, in its order: exactly one file (files under one field
 * name count once, the last one wins, as Django's request.FILES is a MultiValueDict), the
 * size limit, then the quota.
 * NOTE: approximation: the organization has no upload quota (a self-hosted server's
 * default); Understudy's own cap on stored bytes (config upload_storage_bytes) answers as
 * the real quota error does, the one a client must handle.
 */
export function checkUpload(world: World, files: ReadonlyArray<UploadInput & { field: string }>): UploadInput {
  const byField = new Map<string, UploadInput>();
  for (const f of files) byField.set(f.field, f);
  if (byField.size === 0) throw new BadRequest('You must specify a file to upload');
  if (byField.size !== 1) throw new BadRequest('You may only upload one file at a time');
  const file = [...byField.values()][0] as UploadInput;
  const limitMib = maxFileUploadSizeMib(world.store);
  if (file.bytes.length > limitMib * 1024 * 1024) {
    throw new BadRequest(`File is larger than this server's configured maximum upload size (${limitMib} MiB).`);
  }
  const cap = world.store.config.upload_storage_bytes ?? DEFAULT_UPLOAD_STORAGE_BYTES;
  if (uploadSpaceUsed(world.store) + file.bytes.length > cap) throw new RealmUploadQuota();
  return file;
}

/** get_file_info: the type the part named (else guessed from the name), and the name URL-decoded. */
function fileInfo(file: UploadInput): { name: string; contentType: string } {
  const contentType = file.contentType !== '' ? file.contentType : (guessType(file.name) ?? 'application/octet-stream');
  let name: string;
  try {
    name = decodeURIComponent(file.name);
  } catch {
    // NOTE: approximation: Python's unquote leaves a malformed escape as it is; here the whole name stays as sent.
    name = file.name;
  }
  return { name, contentType: formatContentType(contentType) };
}

/**
 * upload_message_attachment: stored under `{realm_id}/{random 0–255 in hex}/{24 URL-safe
 * random characters}/{sanitised name}` (LocalUploadBackend.generate_message_upload_path,
 * secrets.token_urlsafe(18)), drawn from the world's seeded random; the owner gets the
 * attachment `add` event.
 */
export function doUpload(world: World, owner: User, file: UploadInput): { url: string; filename: string } {
  const store = world.store;
  const info = fileInfo(file);
  const hex = ((world.random.bytes(1)[0] as number) & 0xff).toString(16);
  const token = world.random.string(24, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');
  const pathId = `${store.realm.id}/${hex}/${token}/${sanitizeName(info.name)}`;
  const table = store.table(ATTACHMENTS);
  const record: AttachmentRecord = {
    id: table.nextId(),
    path_id: pathId,
    file_name: info.name,
    owner_id: owner.user_id,
    size: file.bytes.length,
    content_type: maybeAddCharset(info.contentType, file.bytes),
    create_time_ms: Math.floor(world.nowMs() / 1000) * 1000,
    message_ids: [],
    bytes: file.bytes,
  };
  table.put(record);
  notify(world, owner.user_id, 'add', attachmentDict(store, record));
  return { url: `/user_uploads/${pathId}`, filename: info.name };
}

function notify(world: World, ownerId: number, op: 'add' | 'update' | 'remove', attachment: Record<string, unknown>): void {
  world.store.emit([ownerId], { type: 'attachment', op, attachment, upload_space_used: uploadSpaceUsed(world.store) });
}

/**
 * do_claim_attachments for a message just sent (or edited): each upload it links that its
 * sender may download is claimed by it; the sender gets an `update` event for each.
 */
export function claimAttachments(world: World, message: Message): void {
  const store = world.store;
  const sender = store.user(message.sender_id);
  if (!sender) return;
  for (const pathId of linkedPathIds(message.content, store.realm.url)) {
    const a = attachmentAt(store, pathId);
    if (!a || a.message_ids.includes(message.id) || !canDownload(store, sender, a, world.nowMs())) continue;
    const next: AttachmentRecord = { ...a, message_ids: [...a.message_ids, message.id].sort((x, y) => x - y) };
    store.table(ATTACHMENTS).put(next);
    // To the sender, whoever owns the file (notify_attachment_update(message.sender, ...)).
    notify(world, sender.user_id, 'update', attachmentDict(store, next));
  }
}

/**
 * A deleted message (or content edited away from a link) no longer claims the uploads
 * its content linked: found through the content, not a scan of every upload. No event,
 * as on the real server (check_attachment_reference_change, and the deletion's cascade).
 */
export function unclaimAttachments(world: World, messageId: number, content: string): void {
  const store = world.store;
  for (const pathId of linkedPathIds(content, store.realm.url)) {
    const a = attachmentAt(store, pathId);
    if (!a || !a.message_ids.includes(messageId)) continue;
    store.table(ATTACHMENTS).put({ ...a, message_ids: a.message_ids.filter((id) => id !== messageId) });
  }
}

// ---- temporary URLs (serve_file_url_backend, serve_file_unauthed_from_token) ----

/** SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS. */
export const TEMPORARY_URL_SECONDS = 60;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const encoder = new TextEncoder();

function base62(n: number): string {
  let out = '';
  do {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out;
}

function signature(world: World, value: string): string {
  const key = world.random.derive('user_uploads_token');
  const mac = hmac(sha256, key, encoder.encode(`user_uploads_${value}`));
  let bin = '';
  for (const b of mac) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * generate_unauthed_file_access_url: `/user_uploads/temporary/{token}/{file name}`, the
 * token Django's TimestampSigner format (`path_id:timestamp:signature`) in upper-case
 * hex; the signature an HMAC under a key derived from the world's seed.
 */
export function temporaryUrl(world: World, pathId: string): string {
  const signed = `${pathId}:${base62(world.nowSeconds())}`;
  const token = [...encoder.encode(`${signed}:${signature(world, signed)}`)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
  return `/user_uploads/temporary/${token}/${pathId.split('/').pop() as string}`;
}

/** get_file_path_id_from_token: the path id a token signs, undefined if it is not valid (bad, altered or expired). */
export function pathIdFromToken(world: World, token: string): string | undefined {
  if (!/^(?:[0-9A-F]{2})+$/.test(token)) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(token.match(/../g) as string[], (h) => parseInt(h, 16)));
  } catch {
    return undefined;
  }
  const sigAt = text.lastIndexOf(':');
  const tsAt = text.lastIndexOf(':', sigAt - 1);
  if (tsAt <= 0) return undefined;
  const signed = text.slice(0, sigAt);
  if (signature(world, signed) !== text.slice(sigAt + 1)) return undefined;
  let ts = 0;
  for (const c of text.slice(tsAt + 1, sigAt)) ts = ts * 62 + BASE62.indexOf(c);
  if (world.nowSeconds() - ts > TEMPORARY_URL_SECONDS) return undefined;
  return text.slice(0, tsAt);
}

/**
 * check_attachment_reference_change: an edit's new content claims the uploads it links
 * newly, and the ones it no longer links are unclaimed.
 */
export function reclaimAfterEdit(world: World, before: Message, after: Message): void {
  const kept = new Set(linkedPathIds(after.content, world.store.realm.url));
  const dropped = linkedPathIds(before.content, world.store.realm.url).filter((p) => !kept.has(p));
  if (dropped.length > 0) unclaimAttachments(world, before.id, dropped.map((p) => `/user_uploads/${p}`).join(' '));
  claimAttachments(world, after);
}

// ---- the uploader's list (zerver/views/attachments.py) ----

/** access_attachment_by_id(needs_owner=True): "Invalid attachment" for one that does not exist or is not the user's. */
export function checkRemoveAttachment(world: World, owner: User, attachmentId: number): AttachmentRecord {
  const a = world.store.table(ATTACHMENTS).get(attachmentId);
  if (!a || a.owner_id !== owner.user_id) throw new BadRequest('Invalid attachment');
  return a;
}

/**
 * remove_attachment: the file and its record are gone (links to it now answer 404);
 * the owner gets the `remove` event.
 */
export function doRemoveAttachment(world: World, owner: User, a: AttachmentRecord): void {
  world.store.table(ATTACHMENTS).delete(a.id);
  notify(world, owner.user_id, 'remove', { id: a.id });
}
