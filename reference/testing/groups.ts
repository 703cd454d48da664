// Group membership of one user, for unit tests: zulip/zulip zerver/lib/user_groups.py
// is_user_in_group. The core never asks it (it asks a group-setting value, whose
// plain-group-id form is the same question), so it lives here and not in domain/.
import type { Store } from '../state/store.ts';
import { isUserInSetting } from '../domain/groups.ts';

/** Is the (active) user in the group, directly, through a subgroup, or by role? */
export function isUserInGroup(store: Store, groupId: number, userId: number, nowMs: number): boolean {
  return isUserInSetting(store, groupId, userId, nowMs);
}
