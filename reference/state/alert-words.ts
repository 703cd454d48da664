// Alert words (zulip/zulip zerver/models/alert_words.py AlertWord): words a user wants
// to be alerted about, as they typed them; a user's words differ case-insensitively.
// In creation order by id, as the real server lists them.
import { defineTable } from './table.ts';

export interface AlertWordRecord {
  id: number;
  user_id: number;
  word: string;
}

export const ALERT_WORDS = defineTable<AlertWordRecord>('alert_words', { indexes: { owner: (w) => w.user_id } });
