// Uploaded files — zulip/zulip zerver/views/upload.py: POST /user_uploads
// (upload_file_backend), GET /user_uploads/{realm_id_str}/{filename} outside /api/v1
// (serve_file_backend, with its /download/ variant and the /temporary/ token flow) and
// GET /api/v1/user_uploads/{realm_id_str}/{filename} (serve_file_url_backend: a
// temporary URL); zerver/views/attachments.py: GET /attachments, DELETE
// /attachments/{attachment_id}. A download's answer is the file's bytes, or the real server's HTML
// error pages and login redirect, not the JSON envelope.
import { checkRemoveAttachment, checkUpload, doRemoveAttachment, doUpload, pathIdFromToken, temporaryUrl } from '../actions/uploads.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { attachmentAt, attachmentDict, bareContentType, canDownload, contentDisposition, INLINE_MIME_TYPES, spectatorCanDownload, uploadSpaceUsed } from '../domain/uploads.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { str } from '../request/params.ts';
import { ATTACHMENTS, type AttachmentRecord } from '../state/attachments.ts';

export function uploadFile(ctx: Ctx): Record<string, unknown> {
  const file = checkUpload(ctx.world, ctx.files);
  const { url, filename } = doUpload(ctx.world, ctx.me, file);
  const out: Record<string, unknown> = { uri: url };
  if (atLeast(ctx.world, 'upload_url')) out['url'] = url;
  if (atLeast(ctx.world, 'upload_filename')) out['filename'] = filename;
  return out;
}

const HTML = 'text/html; charset=utf-8';

/** The path after /user_uploads/, each segment percent-decoded as Django decodes the URL; undefined if malformed. */
function decodedPath(raw: string): string | undefined {
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

/** `{realm_id_str}/{filename}`: the path id, or undefined when the path has no filename part. */
function pathIdOf(path: string): string | undefined {
  const slash = path.indexOf('/');
  return slash <= 0 || slash === path.length - 1 ? undefined : path;
}

function notFound(ctx: Ctx): Record<string, unknown> {
  ctx.rawAnswer = { status: 404, headers: { 'Content-Type': HTML, Vary: 'Accept' }, text: '<p>This file does not exist or has been deleted.</p>' };
  return {};
}

/**
 * The answers for someone who may not see the file: a logged-out visitor is sent to the
 * login page (zulip_redirect_to_login: next= the path and query), a user gets 403.
 * NOTE: approximation: a request preferring image/png (Accept) gets the real server's
 * error image there; here always the HTML answer.
 */
function refused(ctx: Ctx, requestPath: string): Record<string, unknown> {
  if (ctx.user === null) {
    const next = encodeURIComponent(requestPath).replace(/%2F/g, '/');
    ctx.rawAnswer = { status: 302, headers: { 'Content-Type': HTML, Location: `/login/?next=${next}`, Vary: 'Accept' }, text: '' };
  } else {
    ctx.rawAnswer = { status: 403, headers: { 'Content-Type': HTML, Vary: 'Accept' }, text: '<p>You are not authorized to view this file.</p>' };
  }
  return {};
}

/**
 * serve_local: the bytes, their stored Content-Type, and Content-Disposition inline for
 * the types a browser may show safely (INLINE_MIME_TYPES), attachment otherwise or for
 * /download/.
 */
function serveBytes(ctx: Ctx, a: AttachmentRecord, forceDownload: boolean): Record<string, unknown> {
  const download = forceDownload || !INLINE_MIME_TYPES.has(bareContentType(a.content_type));
  ctx.rawAnswer = {
    status: 200,
    headers: { 'Content-Type': a.content_type, 'Content-Disposition': contentDisposition(download, a.file_name), 'Cache-Control': 'private, immutable' },
    bytes: a.bytes,
  };
  return {};
}

/** Whether this caller may download the file (validate_attachment_request). */
function mayDownload(ctx: Ctx, a: AttachmentRecord): boolean {
  return ctx.user === null ? spectatorCanDownload(ctx.store, a) : canDownload(ctx.store, ctx.user, a, ctx.nowMs());
}

/**
 * GET /user_uploads/{path...}: the file, its /download/ variant, or a temporary URL's file.
 * The mobile apps' `?api_key=` in the query authenticates as the Authorization header does
 * (dispatch reads it); it is a parameter of the request, so it is marked as read here.
 * NOTE: approximation: a temporary URL, which the real server serves without looking at
 * credentials at all, still refuses a request with bad ones (401).
 */
export function serveFile(ctx: Ctx): Record<string, unknown> {
  ctx.params.read({ api_key: str().optional() });
  const rawPath = ctx.pathParams['path'] as string;
  const path = decodedPath(rawPath);
  if (path === undefined) return notFound(ctx);
  const segments = path.split('/');
  if (segments[0] === 'temporary' && segments.length === 3) return serveTemporary(ctx, segments[1] as string, segments[2] as string);
  const forceDownload = segments[0] === 'download';
  const pathId = pathIdOf(forceDownload ? segments.slice(1).join('/') : path);
  const a = pathId === undefined ? undefined : attachmentAt(ctx.store, pathId);
  if (a === undefined) return notFound(ctx);
  if (!mayDownload(ctx, a)) return refused(ctx, `/user_uploads/${rawPath}`);
  return serveBytes(ctx, a, forceDownload);
}

/** serve_file_unauthed_from_token: no credentials needed; a bad token is a JSON error. */
function serveTemporary(ctx: Ctx, token: string, filename: string): Record<string, unknown> {
  const pathId = pathIdFromToken(ctx.world, token);
  if (pathId === undefined) throw new BadRequest('Invalid token');
  if (pathId.split('/').pop() !== filename) throw new BadRequest('Invalid filename');
  const a = attachmentAt(ctx.store, pathId);
  if (a === undefined) throw new BadRequest('Invalid token');
  return serveBytes(ctx, a, false);
}

/** GET /api/v1/user_uploads/{realm_id_str}/{filename...}: a URL that works for 60 seconds without credentials. */
export function fileTemporaryUrl(ctx: Ctx): Record<string, unknown> {
  const rawPath = `${ctx.pathParams['realm_id_str'] as string}/${ctx.pathParams['filename'] as string}`;
  const path = decodedPath(rawPath);
  const pathId = path === undefined ? undefined : pathIdOf(path);
  const a = pathId === undefined ? undefined : attachmentAt(ctx.store, pathId);
  if (a === undefined) return notFound(ctx);
  if (!mayDownload(ctx, a)) return refused(ctx, `/api/v1/user_uploads/${rawPath}`);
  return { url: temporaryUrl(ctx.world, a.path_id) };
}

/** GET /attachments (list_by_user): the caller's uploads, and the organization's space used. */
export function listAttachments(ctx: Ctx): Record<string, unknown> {
  const mine = ctx.store.table(ATTACHMENTS).find('owner', ctx.me.user_id);
  return { attachments: mine.map((a) => attachmentDict(ctx.store, a)), upload_space_used: uploadSpaceUsed(ctx.store) };
}

/** DELETE /attachments/{attachment_id} (remove). */
export function removeAttachment(ctx: Ctx): Record<string, unknown> {
  const a = checkRemoveAttachment(ctx.world, ctx.me, ctx.pathInt('attachment_id'));
  doRemoveAttachment(ctx.world, ctx.me, a);
  return {};
}
