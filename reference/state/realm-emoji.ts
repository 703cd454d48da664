// Custom emoji (zulip/zulip zerver/models/realm_emoji.py RealmEmoji): an image uploaded to
// the organization under a name. Deactivated ones are kept: reactions with them stay.
import { defineTable } from './table.ts';

export interface RealmEmojiRecord {
  id: number;
  name: string;
  /** The stored image's file name (the URL's last part). */
  file_name: string;
  is_animated: boolean;
  deactivated: boolean;
  author_id: number | null;
  /** The uploaded image and its bare Content-Type (POST /realm/emoji/{name}); a fixture's emoji has none. */
  content_type?: string;
  bytes?: Uint8Array;
}

export const REALM_EMOJI = defineTable<RealmEmojiRecord>('realm_emoji', { indexes: { name: (e) => e.name } });
