// Custom profile fields (zulip/zulip zerver/models/custom_profile_fields.py
// CustomProfileField): the organization's fields; each user's values live in the
// user's own record (User.profile_data, keyed by field id).
import { defineTable } from './table.ts';

export interface ProfileFieldRecord {
  id: number;
  name: string;
  hint: string;
  /** 1 short text, 2 long text, 3 select, 4 date, 5 link, 6 users, 7 external account, 8 pronouns. */
  field_type: number;
  /** JSON text for select and external account fields; "" for the others. */
  field_data: string;
  order: number;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

export const PROFILE_FIELDS = defineTable<ProfileFieldRecord>('custom_profile_fields', { indexes: { name: (f) => f.name } });
