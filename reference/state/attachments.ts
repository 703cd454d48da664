// Uploaded files (zulip/zulip zerver/models/messages.py Attachment): the bytes live in the
// world, so snapshot, restore, reset and the state digest cover them; the messages that
// link a file claim it. (A scheduled message claims nothing until it is sent: on the real
// server its claim only keeps the file from being collected as unclaimed, which no API shows.)
import { defineTable } from './table.ts';

export interface AttachmentRecord {
  id: number;
  /** `{realm_id}/{2 hex}/{random}/{sanitized name}`: the URL is `/user_uploads/{path_id}`. */
  path_id: string;
  /** The name the uploader gave (URL-decoded), as `filename` and the attachment's `name`. */
  file_name: string;
  owner_id: number;
  size: number;
  content_type: string;
  /** Milliseconds, as the attachment's `create_time`. */
  create_time_ms: number;
  /** Messages that link the file, ascending. */
  message_ids: readonly number[];
  /** Never changed in place (a snapshot may share it). */
  bytes: Uint8Array;
}

export const ATTACHMENTS = defineTable<AttachmentRecord>('attachments', {
  indexes: { path_id: (a) => a.path_id, owner: (a) => a.owner_id },
});
