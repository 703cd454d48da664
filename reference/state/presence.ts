// Presence (zulip/zulip zerver/models/presence.py UserPresence): one row per user who
// ever reported presence, with the last time a client was connected and the last time
// the user was active, and the realm-wide sequence number of the row's last change
// (PresenceSequence). The row's id is its user's id.
import { defineTable } from './table.ts';

export interface PresenceRecord {
  /** The user's id. */
  id: number;
  /** Milliseconds since the epoch, or null (never active / never connected). */
  last_active_ms: number | null;
  last_connected_ms: number | null;
  /** From the realm's presence sequence: larger means changed later. */
  last_update_id: number;
}

export const PRESENCE = defineTable<PresenceRecord>('presence', { indexes: {} });

/** The realm's presence sequence (a table sequence that holds no rows). */
export const PRESENCE_SEQUENCE = 'presence_sequence';
