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
 * NOTE: approximation: "group" means three or more participants; upstream means a
 * DirectMessageGroup recipient, which newer servers may also use for 1:1 DMs.
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
