// sender:<email or id> (zerver/lib/narrow.py NarrowBuilder.by_sender). Upstream looks
// the user up with get_user_including_cross_realm / get_user_by_id_in_realm_including_cross_realm
// and knows no `me` shorthand: the web app rewrites sender:me to an email before
// sending, so `sender:me` is `unknown user me` here as there.
import { NARROW_TEXT, pythonStr } from '../error-text.ts';
import { singleOperand, type OperatorContext, type OperatorFn } from '../predicate.ts';
import { NarrowError, type Term } from '../types.ts';

/** The user a single-user operand names, or BAD_NARROW `unknown user {x}`. */
export function lookUpUser(term: Term, { env }: OperatorContext): number {
  const operand = singleOperand(term);
  const user = env.user(operand);
  if (user === undefined) throw new NarrowError(NARROW_TEXT.unknownUser(pythonStr(operand)));
  return user.user_id;
}

export const bySender: OperatorFn = (term, context) => {
  const senderId = lookUpUser(term, context);
  return {
    predicate: (message) => message.sender_id === senderId,
    hint: { kind: 'sender', user_id: senderId },
  };
};
