// dm-including:<email or id> and the legacy group-pm-with:<email or id>
// (zerver/lib/narrow.py NarrowBuilder.by_dm_including, by_group_pm_with). Both only
// ever see the viewer's own rows, so every DM here already includes the viewer.
import type { OperatorFn } from '../predicate.ts';
import { lookUpUser } from './sender.ts';

/** Every DM conversation, 1:1 or group, that includes both the viewer and that user; naming oneself means all DMs. */
export const byDmIncluding: OperatorFn = (term, context) => {
  const { viewerId } = context;
  const userId = lookUpUser(term, context);
  return {
    predicate: (message) =>
      message.type === 'private' && message.dm_user_ids.includes(viewerId) && message.dm_user_ids.includes(userId),
    hint: { kind: 'viewer' },
  };
};

/**
 * Group DMs (three or more people) that include both the viewer and that user: the
 * intersection of both users' DirectMessageGroup subscriptions, never a 1:1 DM.
 * Upstream tests for a DirectMessageGroup recipient; with PREFER_DIRECT_MESSAGE_GROUP off (its
 * default) and every user having a personal recipient, that is exactly three or more
 * participants (zerver/lib/recipient_users.py::get_recipient_from_user_profiles).
 */
export const byGroupPmWith: OperatorFn = (term, context) => {
  const { viewerId } = context;
  const userId = lookUpUser(term, context);
  return {
    predicate: (message) =>
      message.type === 'private' &&
      message.dm_user_ids.length > 2 &&
      message.dm_user_ids.includes(viewerId) &&
      message.dm_user_ids.includes(userId),
    hint: { kind: 'viewer' },
  };
};
