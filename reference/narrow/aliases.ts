// The one place where operator and operand aliases are resolved. Upstream keeps the
// sent names and maps several of them to one method (zerver/lib/narrow.py
// NarrowBuilder.by_method_map); here the builder only ever sees canonical names.
// Two steps still read the names as sent, because upstream does: operand validation
// (parse-narrow-param.ts) and the `with` expansion (clean-narrow.ts).
import type { ParsedTerm } from './parse-narrow-param.ts';
import type { Term } from './types.ts';

/** Sent operator name → canonical name. */
export const OPERATOR_ALIASES: Readonly<Record<string, string>> = {
  // Streams were renamed channels in Zulip 9.0 (FL 250); both map to by_channel.
  stream: 'channel',
  // Same rename for the public / web-public channel sets (by_channels).
  streams: 'channels',
  // Private messages became direct messages in Zulip 7.0 (FL 177); by_dm.
  'pm-with': 'dm',
  // Clients that sent dashed operators with underscores are still accepted upstream
  // ("implicitly supported"), mapped to the same methods as the dashed spelling.
  pm_with: 'dm',
  group_pm_with: 'group-pm-with',
  // Deliberately absent: group-pm-with → dm-including. Upstream keeps a separate
  // by_group_pm_with that matches only group DMs including that user, never 1:1 DMs,
  // where dm-including matches both. We keep that legacy meaning
  // (operators/dm-including.ts) rather than widen an old client's narrow.
};

/** `is:` operand aliases (by_is treats both spellings alike). */
export const IS_OPERAND_ALIASES: Readonly<Record<string, string>> = {
  // is:private is the pre-7.0 spelling of is:dm (FL 177).
  private: 'dm',
};

export function canonicalOperator(operator: string): string {
  return OPERATOR_ALIASES[operator] ?? operator;
}

/** A validated term with its operator (and an `is:` operand) in canonical form. */
export function canonicalTerm(term: ParsedTerm): Term {
  const operator = canonicalOperator(term.operator);
  const operand =
    operator === 'is' && typeof term.operand === 'string' ? (IS_OPERAND_ALIASES[term.operand] ?? term.operand) : term.operand;
  return { operator, operand, negated: term.negated };
}
