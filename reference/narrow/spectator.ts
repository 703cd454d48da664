// The narrow of a logged-out spectator's GET /json/messages (zerver/views/message_fetch.py
// get_messages_backend, clean_narrow_for_web_public_api; zerver/lib/narrow.py
// is_web_public_narrow, is_spectator_compatible). Operator names are read as sent.
import type { ParsedTerm } from './parse-narrow-param.ts';

const CHANNEL_OPERATORS = ['channel', 'stream'];
const CHANNELS_OPERATORS = ['channels', 'streams'];
const SPECTATOR_OPERATORS = new Set([...CHANNEL_OPERATORS, ...CHANNELS_OPERATORS, 'topic', 'sender', 'has', 'search', 'near', 'id', 'with']);

/** clean_narrow_for_web_public_api: a non-negated in:home term is dropped (a spectator sees every web-public message). */
export function withoutInHome(terms: readonly ParsedTerm[]): ParsedTerm[] {
  return terms.filter((t) => !(t.operator === 'in' && t.operand === 'home' && !t.negated));
}

/** is_web_public_narrow: some non-negated channels:web-public (or streams:web-public) term. */
export function isWebPublicNarrow(terms: readonly ParsedTerm[]): boolean {
  return terms.some((t) => CHANNELS_OPERATORS.includes(t.operator) && t.operand === 'web-public' && !t.negated);
}

/** is_spectator_compatible: only these operators, plus is:resolved (negated or not). */
export function isSpectatorCompatible(terms: readonly ParsedTerm[]): boolean {
  return terms.every((t) => (t.operator === 'is' && t.operand === 'resolved') || SPECTATOR_OPERATORS.has(t.operator));
}
