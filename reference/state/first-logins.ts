// Users created through the API who have not logged in yet (the real server tells them
// by a missing last login). One row per such user, keyed by user id; the first login
// removes it (actions/first-login.ts).
import { defineTable } from './table.ts';

export interface AwaitingFirstLogin {
  /** The user's id. */
  id: number;
}

export const AWAITING_FIRST_LOGIN = defineTable<AwaitingFirstLogin>('awaiting_first_login');
