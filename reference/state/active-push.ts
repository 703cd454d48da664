// Which users hold a mobile notification for which message (the real server's
// UserMessage flag active_mobile_push_notification): a deleted message's notification
// is removed from exactly their devices, and a message read leaves its reader's devices.
import { defineTable } from './table.ts';

export interface ActivePush {
  id: number;
  user_id: number;
  message_id: number;
}

export const ACTIVE_PUSH = defineTable<ActivePush>('active_push_notifications', { indexes: { message: (r) => r.message_id, user: (r) => r.user_id } });
