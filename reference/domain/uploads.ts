// Rules over uploaded files (zulip/zulip zerver/lib/upload/__init__.py,
// zerver/lib/mime_types.py, zerver/lib/attachments.py): stored names, content types, the
// disposition a download gets, who may download, and the attachment as the API shows it.
import type { Store } from '../state/store.ts';
import { ATTACHMENTS, type AttachmentRecord } from '../state/attachments.ts';
import type { User } from '../state/types.ts';
import { canAccessMessage } from './message-access.ts';
import { SERVER_SETTINGS } from './initial-state/server-settings.ts';
import { atLeast } from './feature-levels.ts';

/**
 * sanitize_name (non-strict): NFKC, only word characters, whitespace, ".", "-" and "_"
 * kept, trimmed, runs of "-" and whitespace made one "-"; nothing left (or "." or
 * "..") is "uploaded-file". Python's \w is [\p{L}\p{N}_] here.
 */
export function sanitizeName(value: string): string {
  let v = value.normalize('NFKC');
  v = v.replace(/[^\p{L}\p{N}_\s.-]/gu, '').trim();
  v = v.replace(/[-\s]+/gu, '-');
  return v === '' || v === '.' || v === '..' ? 'uploaded-file' : v;
}

/**
 * Python's mimetypes.guess_type by extension, with the types zerver/lib/mime_types.py adds.
 * NOTE: approximation: the common extensions only; Python's table (and the system's
 * mime.types it reads) knows several hundred more; an unknown one is no guess here.
 */
const TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain', text: 'text/plain', log: 'text/plain', py: 'text/x-python', c: 'text/plain', h: 'text/plain',
  html: 'text/html', htm: 'text/html', css: 'text/css', csv: 'text/csv', js: 'text/javascript', mjs: 'text/javascript',
  md: 'text/markdown', xml: 'text/xml', json: 'application/json', pdf: 'application/pdf', zip: 'application/zip',
  tar: 'application/x-tar', doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', jpe: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  avif: 'image/avif', apng: 'image/apng', svg: 'image/svg+xml', bmp: 'image/bmp', ico: 'image/vnd.microsoft.icon',
  tif: 'image/tiff', tiff: 'image/tiff', heic: 'image/heic',
  mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', mpeg: 'video/mpeg', avi: 'video/x-msvideo',
  mp3: 'audio/mpeg', m4a: 'audio/mp4', wav: 'audio/wav', flac: 'audio/flac', weba: 'audio/webm', aac: 'audio/aac', ogg: 'audio/ogg',
  wasm: 'application/wasm', rtf: 'application/rtf', sh: 'application/x-sh', bin: 'application/octet-stream', exe: 'application/octet-stream',
};

/** guess_type(name)[0]: undefined when the extension says nothing (a compressed "x.gz" says an encoding, not a type). */
export function guessType(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot === -1) return undefined;
  const ext = name.slice(dot + 1);
  return TYPES[ext] ?? TYPES[ext.toLowerCase()];
}

/** INLINE_MIME_TYPES: served with Content-Disposition inline; everything else is a download. */
export const INLINE_MIME_TYPES: ReadonlySet<string> = new Set([
  'audio/aac', 'audio/flac', 'audio/mp4', 'audio/mpeg', 'audio/wav', 'audio/webm',
  'application/pdf', 'image/apng', 'image/avif', 'image/gif', 'image/jpeg', 'image/png', 'image/webp',
  'text/plain', 'video/mp4', 'video/webm',
]);

/** A Content-Type's bare media type, lower case (EmailMessage.get_content_type; text/plain for a malformed one). */
export function bareContentType(contentType: string): string {
  const bare = (contentType.split(';', 1)[0] as string).trim().toLowerCase();
  return /^[^/\s]+\/[^/\s]+$/.test(bare) ? bare : 'text/plain';
}

/**
 * A Content-Type as EmailMessage writes one back: the media type, then each parameter
 * as `; name="value"` (get_file_info, then maybe_add_charset).
 */
export function formatContentType(contentType: string): string {
  const [type, ...params] = contentType.split(';');
  let out = (type as string).trim();
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq === -1) continue;
    const key = p.slice(0, eq).trim();
    const value = p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (key !== '') out += `; ${key}="${value}"`;
  }
  return out;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * maybe_add_charset: a text/plain type with no charset gets the one detected in the bytes.
 * NOTE: approximation: chardet's detection is reduced to ASCII (no byte above 0x7f:
 * "ascii") and well-formed UTF-8 ("utf-8"); anything else is left without a charset,
 * where chardet may name a legacy encoding (ISO-8859-1, ISO-2022-JP, ...).
 */
export function maybeAddCharset(contentType: string, bytes: Uint8Array): string {
  if (bareContentType(contentType) !== 'text/plain' || /;\s*charset\s*=/i.test(contentType)) return contentType;
  let charset: string | undefined;
  if (bytes.every((b) => b < 0x80)) charset = 'ascii';
  else {
    try {
      strictUtf8.decode(bytes);
      charset = 'utf-8';
    } catch {
      charset = undefined;
    }
  }
  return charset === undefined ? contentType : `${contentType}; charset="${charset}"`;
}

/**
 * Django's content_disposition_header: `inline` or `attachment`, then the name quoted
 * when it is printable ASCII, else as RFC 5987 `filename*=utf-8''…`.
 */
export function contentDisposition(asAttachment: boolean, filename: string): string {
  const disposition = asAttachment ? 'attachment' : 'inline';
  if (/^[\t \x21-\x7e]*$/.test(filename)) return `${disposition}; filename="${filename.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `${disposition}; filename*=utf-8''${pythonQuote(filename)}`;
}

/** urllib.parse.quote with its default safe "/": unreserved characters and "/" kept, the rest percent-encoded as UTF-8. */
function pythonQuote(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~\-/]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The path ids of upload links in a message's content: `/user_uploads/{path_id}`,
 * relative or under the organization's URL.
 * NOTE: approximation: the real server collects them from the rendered links' targets
 * (zerver/lib/markdown: potential_attachment_path_ids); here from the text, so a link
 * inside a code block claims too.
 */
export function linkedPathIds(content: string, realmUrl: string): string[] {
  const found = new Set<string>();
  const origin = realmUrl.replace(/\/+$/, '');
  const MARK = '/user_uploads/';
  // One pass: each occurrence of the marker, the text before it back to a space or an
  // opening bracket or quote, the path after it up to a space, a closing bracket or a quote.
  for (let at = content.indexOf(MARK); at !== -1; at = content.indexOf(MARK, at + 1)) {
    let start = at;
    while (start > 0 && start > at - origin.length - 1 && !/[\s(\[<"']/.test(content[start - 1] as string)) start--;
    const before = content.slice(start, at);
    if (before !== '' && before !== origin) continue;
    const rest = /^\d+\/[^\s)\]>"'?#]+/.exec(content.slice(at + MARK.length, at + MARK.length + 1024));
    if (rest) found.add(rest[0]);
  }
  return [...found];
}

/** The attachment stored at this path id. */
export function attachmentAt(store: Store, pathId: string): AttachmentRecord | undefined {
  return store.table(ATTACHMENTS).find('path_id', pathId)[0];
}

/**
 * validate_attachment_request for a user: the owner, or anyone who may access one of the
 * messages that link the file.
 * NOTE: approximation: the real rule is spelled out over UserMessage rows, subscriptions
 * and channel groups (zerver/lib/attachments.py); it gives what message access gives
 * (domain/message-access.ts), which is the rule here.
 */
export function canDownload(store: Store, user: User, a: AttachmentRecord, nowMs: number): boolean {
  if (user.user_id === a.owner_id) return true;
  for (const id of a.message_ids) {
    const m = store.message(id);
    if (m && canAccessMessage(store, user, m, nowMs, false)) return true;
  }
  return false;
}

/** validate_attachment_request_for_spectator_access: a message in a web-public channel links it. */
export function spectatorCanDownload(store: Store, a: AttachmentRecord): boolean {
  for (const id of a.message_ids) {
    const m = store.message(id);
    if (!m || m.stream_id === null) continue;
    const channel = store.channel(m.stream_id);
    if (channel && !channel.invite_only && channel.is_web_public) return true;
  }
  return false;
}

/**
 * Attachment.to_dict: what GET /attachments and the attachment events show. From feature
 * level 443 create_time is in seconds (before: milliseconds); from 472 the linking
 * messages are message_ids (before: messages, each with id and date_sent in milliseconds).
 */
export function attachmentDict(store: Store, a: AttachmentRecord): Record<string, unknown> {
  const live = a.message_ids.filter((id) => store.message(id) !== undefined);
  return {
    id: a.id,
    name: a.file_name,
    path_id: a.path_id,
    size: a.size,
    create_time: atLeast(store, 'attachment_create_time_seconds') ? Math.floor(a.create_time_ms / 1000) : a.create_time_ms,
    ...(atLeast(store, 'attachment_message_ids')
      ? { message_ids: live }
      : { messages: live.map((id) => ({ id, date_sent: (store.message(id)?.timestamp ?? 0) * 1000 })) }),
  };
}

/** currently_used_upload_space_bytes: the sizes of every file of the organization. */
export function uploadSpaceUsed(store: Store): number {
  let total = 0;
  for (const a of store.table(ATTACHMENTS).all()) total += a.size;
  return total;
}

/** get_max_file_upload_size_mebibytes of a self-hosted organization: the server's MAX_FILE_UPLOAD_SIZE. */
export function maxFileUploadSizeMib(store: Store): number {
  return store.config.max_file_upload_size_mib ?? SERVER_SETTINGS.maxFileUploadSizeMib;
}

/** Understudy's cap on all uploaded bytes together. */
export const DEFAULT_UPLOAD_STORAGE_BYTES = 256 * 1024 * 1024;
