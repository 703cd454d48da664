// Edit history (zulip/zulip zerver/models/messages.py Message.edit_history, the list that
// zerver/lib/topic.py update_edit_history prepends to): one row per edited message, keyed
// by the message's id, holding its edits newest first. Rows are replaced, never changed
// in place; a message's row goes with the message.
import { defineTable } from './table.ts';

/** One edit as the real server stores it (EditHistoryEvent): the fields of what changed. */
export interface EditHistoryEntry {
  user_id: number | null;
  /** UNIX seconds. */
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_stream?: number;
  stream?: number;
  prev_topic?: string;
  topic?: string;
}

export interface MessageEditHistory {
  /** The message's id. */
  id: number;
  /** Newest first. */
  entries: EditHistoryEntry[];
}

export const MESSAGE_EDIT_HISTORY = defineTable<MessageEditHistory>('message_edit_history');
