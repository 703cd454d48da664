// id:<message id> and near:<message id> (zerver/lib/narrow.py NarrowBuilder.by_id,
// by_near).
import { NARROW_TEXT } from '../error-text.ts';
import type { OperatorFn } from '../predicate.ts';
import { NarrowError } from '../types.ts';

/** Message.MAX_POSSIBLE_MESSAGE_ID: the largest PostgreSQL integer. */
export const MAX_POSSIBLE_MESSAGE_ID = 2147483647;

/**
 * str(operand).isdigit(), then at most MAX_POSSIBLE_MESSAGE_ID; a negative int fails
 * isdigit too. NOTE: approximation: isdigit also passes other scripts' digits and
 * superscripts; upstream then fails on them (int() raises for a superscript, and the
 * string compared with the integer id column fails in PostgreSQL: a 500), which
 * Understudy answers as an invalid message ID.
 */
export const byId: OperatorFn = (term) => {
  const text = String(term.operand);
  if (!/^[0-9]+$/.test(text) || Number(text) > MAX_POSSIBLE_MESSAGE_ID) throw new NarrowError(NARROW_TEXT.invalidMessageId);
  const id = Number(text);
  return { predicate: (message) => message.id === id, hint: { kind: 'ids', ids: [id] } };
};

/** near only tells a client where to anchor; it never filters, negated or not. */
export const byNear: OperatorFn = () => ({ predicate: null });
