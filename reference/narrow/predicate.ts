// THE INVARIANT: an operator only filters. Each operator turns one term into a
// predicate over messages; a narrow is the AND of its terms' predicates, evaluated by
// the caller only over messages the viewer may already read (the access rules live
// in the messages endpoint, never here). So no operator, negated or not, can widen
// what the viewer sees: the worst a wrong predicate can do is hide a message. The
// same holds for the Source hint, which may only name a superset of the matches.
// The `with` operator is the one place where the narrow is *rewritten* before it is
// built (clean-narrow.ts), as upstream does; it still goes through the same AND and
// the same access rules. narrow.property.test.ts holds all of this against a model.
// (zerver/lib/narrow.py NarrowBuilder adds each term as a WHERE clause to a query
// that already joins the viewer's rows or is limited to accessible messages.)
import { FLAG, type Message, type NarrowEnv, type Term } from './types.ts';

/** The viewer's flag bits for a message; callers pass FLAG bits or, without a row, the historical default. */
export type Predicate = (message: Message, flags: number) => boolean;

/** What an operator may tell the endpoint about where its matches are (only used when not negated). */
export type SourceHint =
  | { kind: 'channel'; stream_id: number }
  /** Only with a channel hint does a topic name make an index. */
  | { kind: 'topic-name'; topic: string }
  | { kind: 'dm'; user_ids: number[] }
  | { kind: 'sender'; user_id: number }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'viewer' }
  | { kind: 'unread' }
  | { kind: 'none' };

export interface OperatorContext {
  env: NarrowEnv;
  /** The viewer's id. */
  viewerId: number;
  /** A logged-out spectator's query: channel terms name web-public channels only. */
  webPublicQuery?: boolean;
}

export interface OperatorResult {
  /**
   * The term's positive predicate; the compiler applies `negated`. null adds no
   * condition at all (near, in:all), so negating it filters nothing either, as
   * upstream, where those methods return the query unchanged.
   */
  predicate: Predicate | null;
  hint?: SourceHint;
}

/** One operator: validate the operand (throwing NarrowError) and build its predicate. */
export type OperatorFn = (term: Term, context: OperatorContext) => OperatorResult;

/** Messages without a UserMessage row are reported with flags ["read", "historical"]. */
export const HISTORICAL_FLAGS = FLAG.read | FLAG.historical;

export const MATCH_NOTHING: Predicate = () => false;

/**
 * The operand of an operator that names one channel or user: parse-narrow-param.ts's
 * OPERAND_RULES let those through as a string or an integer only (only dm and pm-with
 * take a list), and a `with` expansion writes a channel id.
 */
export const singleOperand = (term: Term): string | number => term.operand as string | number;

export function allOf(predicates: readonly Predicate[]): Predicate {
  return (message, flags) => predicates.every((predicate) => predicate(message, flags));
}
