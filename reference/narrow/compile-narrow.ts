// compileNarrow: the `narrow` parameter of GET /messages (and of GET
// /messages/matches_narrow) → a CompiledNarrow the messages endpoint runs over the
// store. The steps and their order are upstream's, so that the first error a
// client sees is the real server's:
//   parse (NarrowParameter) → "general chat" rename → `with` expansion (not for
//   matches_narrow) → aliases → ok_to_include_history →
//   build each term in order (unknown operator, channel/DM conflict, the operator's
//   own errors), search terms merged and built last.
// zerver/views/message_fetch.py get_messages_backend, messages_in_narrow_backend;
// zerver/lib/narrow.py clean_narrow_for_message_fetch, fetch_messages, add_narrow_conditions.
import { canonicalTerm } from './aliases.ts';
import { expandWithOperator, renameEmptyTopicFallback } from './clean-narrow.ts';
import { ConversationConflictCheck } from './conversation-conflict.ts';
import { NARROW_TEXT } from './error-text.ts';
import { okToIncludeHistory } from './include-history.ts';
import { hiddenByMuting } from './operators/in-home.ts';
import { operatorFor } from './operators/table.ts';
import { parseNarrowParam, type ParsedTerm } from './parse-narrow-param.ts';
import { HISTORICAL_FLAGS, allOf, singleOperand, type OperatorContext, type Predicate, type SourceHint } from './predicate.ts';
import { plainHighlight } from './search/highlight.ts';
import { compileSearch } from './search/search-operator.ts';
import { sourceOf } from './source.ts';
import { NarrowError, type CompiledNarrow, type Highlight, type Message, type NarrowChannel, type NarrowEnv, type Term } from './types.ts';

export interface CompileOptions {
  /** GET /messages/matches_narrow: `narrow` is required, `with` is not expanded, match_* always present. */
  forMatchesNarrow?: boolean;
  /**
   * A logged-out spectator's query (GET /json/messages, is_web_public_query): called with
   * the terms once `with` is expanded, it refuses them or returns the terms to build.
   * History is then always included, and a channel term must name a web-public channel.
   */
  spectatorGate?: (terms: ParsedTerm[]) => ParsedTerm[];
}

/**
 * Throws NarrowParamError (BAD_REQUEST) or NarrowError (BAD_NARROW). The viewer is a
 * logged-in user, except for a spectator's query on GET /json/messages (spectatorGate;
 * zerver/lib/rest.py rest_dispatch admits anonymous callers only on /json paths).
 */
export function compileNarrow(rawNarrowParam: readonly unknown[], env: NarrowEnv, options: CompileOptions = {}): CompiledNarrow {
  const forMatchesNarrow = options.forMatchesNarrow === true;
  let parsed = renameEmptyTopicFallback(parseNarrowParam(rawNarrowParam));
  if (!forMatchesNarrow) parsed = expandWithOperator(parsed, env);
  const webPublicQuery = options.spectatorGate !== undefined;
  if (options.spectatorGate !== undefined) parsed = options.spectatorGate(parsed);
  const terms = parsed.map(canonicalTerm);
  // ok_to_include_history: always for a web-public query.
  const includeHistory = webPublicQuery || okToIncludeHistory(terms, env);

  const context: OperatorContext = { env, viewerId: env.viewer.user_id, webPublicQuery };
  const conflicts = new ConversationConflictCheck();
  const predicates: Predicate[] = [];
  const hints: SourceHint[] = [];
  const searchOperands: string[] = [];
  for (const term of terms) {
    if (term.operator === 'search') {
      searchOperands.push(String(term.operand));
      continue;
    }
    const build = operatorFor(term.operator);
    if (build === undefined) throw new NarrowError(NARROW_TEXT.unknownOperator(term.operator));
    conflicts.add(term);
    const { predicate, hint } = build(term, context);
    if (predicate !== null) predicates.push(term.negated ? (message, flags) => !predicate(message, flags) : predicate);
    if (!term.negated && hint !== undefined) hints.push(hint);
  }

  let highlight: ((message: Message) => Highlight) | null = forMatchesNarrow ? plainHighlight : null;
  let searchStems: ReadonlySet<string> | null = null;
  if (searchOperands.length > 0) {
    const search = compileSearch(searchOperands);
    predicates.push(search.predicate);
    highlight = search.highlight;
    searchStems = search.stems;
  }

  const matchesAll = allOf(predicates);
  const mutingChannelId = firstChannelId(terms, env);
  return {
    terms,
    includeHistory,
    source: sourceOf(hints),
    matches: (message, flags) => matchesAll(message, flags ?? HISTORICAL_FLAGS),
    highlight,
    mutedForFirstUnread: (message) => hiddenByMuting(message, env, mutingChannelId),
    searchStems,
  };
}

/**
 * get_channel_from_narrow_access_unchecked: the first channel term, negated or not,
 * scopes exclude_muting_conditions for the first-unread anchor. Upstream counts an
 * unknown channel as none; here building the terms has already refused one (byChannel,
 * negated or not), so the channel is known.
 */
function firstChannelId(terms: readonly Term[], env: NarrowEnv): number | null {
  const term = terms.find((t) => t.operator === 'channel');
  return term === undefined ? null : (env.channel(singleOperand(term)) as NarrowChannel).stream_id;
}
