// Realm linkifiers (zulip/zulip zerver/models/linkifiers.py RealmFilter): a pattern and
// the URL template its matches link to, applied in `order` (ties by id).
import { defineTable } from './table.ts';

export interface LinkifierRecord {
  id: number;
  pattern: string;
  url_template: string;
  order: number;
}

export const LINKIFIERS = defineTable<LinkifierRecord>('linkifiers', { indexes: { pattern: (l) => l.pattern } });
