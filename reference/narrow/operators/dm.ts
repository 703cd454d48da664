// dm:<ids or comma-separated emails> (alias pm-with, pm_with): exactly one direct
// message conversation (zerver/lib/narrow.py NarrowBuilder.by_dm;
// zerver/lib/recipient_users.py get_recipient_from_user_profiles with create=False).
import { NARROW_TEXT, pythonStr } from '../error-text.ts';
import { MATCH_NOTHING, type OperatorFn } from '../predicate.ts';
import { NarrowError } from '../types.ts';

/**
 * The conversation is the named users plus the viewer: dm:[other], dm:[viewer, other]
 * and "other@x" all mean the 1:1 conversation, dm:[viewer] the self-DM, three or more
 * people a group DM (one that does not exist simply matches nothing). Deactivated
 * users are allowed (allow_deactivated=True); any unknown one is
 * `unknown user in {operand}`. An empty id list matches nothing, without error.
 * Emails are split on "," and not trimmed, as upstream.
 */
export const byDm: OperatorFn = (term, context) => {
  const { viewerId } = context;
  const operand = term.operand;
  // A string of emails or a list of ids: OPERAND_RULES in parse-narrow-param.ts (pm_with, not listed there, a string).
  const keys: (string | number)[] = typeof operand === 'string' ? operand.split(',') : (operand as number[]);
  if (keys.length === 0) return { predicate: MATCH_NOTHING, hint: { kind: 'none' } };
  const ids = new Set<number>([viewerId]);
  for (const key of keys) {
    const user = context.env.user(key);
    if (user === undefined) throw new NarrowError(NARROW_TEXT.unknownUserIn(pythonStr(operand)));
    ids.add(user.user_id);
  }
  const conversation = [...ids].sort((a, b) => a - b);
  const key = conversation.join(',');
  return {
    predicate: (message) => message.type === 'private' && message.dm_user_ids.join(',') === key,
    hint: { kind: 'dm', user_ids: conversation },
  };
};
