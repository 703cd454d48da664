// A logged-out spectator's narrow (zerver/views/message_fetch.py get_messages_backend,
// zerver/lib/narrow.py is_web_public_narrow and is_spectator_compatible): the realm
// must allow web-public access, the narrow must say `channels:web-public`, and only
// operators that need no user are allowed. Anything else is a 401, never BAD_NARROW,
// so that a client with broken authentication learns that, not a narrow error.
import { canonicalOperator } from './aliases.ts';
import { AUTH_TEXT } from './error-text.ts';
import type { ParsedTerm } from './parse-narrow-param.ts';
import { NarrowAuthError, type NarrowEnv } from './types.ts';

/** is_spectator_compatible's list, in canonical names (it lists stream/streams too). */
const SPECTATOR_OPERATORS = new Set(['channel', 'channels', 'topic', 'sender', 'has', 'search', 'near', 'id', 'with']);

/**
 * The spectator's narrow, with non-negated `in:home` dropped first
 * (clean_narrow_for_web_public_api), or NarrowAuthError.
 * NOTE: approximation: upstream checks "Too many messages requested" and "The anchor
 * can only be excluded…" between the `with` expansion and these checks; the endpoint
 * runs those before compileNarrow, so they win over a bad `with` here.
 */
export function checkSpectatorNarrow(terms: ParsedTerm[], env: NarrowEnv): ParsedTerm[] {
  if (env.spectatorAccess !== true) throw new NarrowAuthError(AUTH_TEXT.spectatorAccessOff);
  const kept = terms.filter((term) => !(term.operator === 'in' && term.operand === 'home' && !term.negated));
  const webPublic = kept.some(
    (term) => canonicalOperator(term.operator) === 'channels' && term.operand === 'web-public' && !term.negated,
  );
  if (!webPublic) throw new NarrowAuthError(AUTH_TEXT.notWebPublic);
  if (!kept.every((term) => SPECTATOR_OPERATORS.has(canonicalOperator(term.operator)))) {
    throw new NarrowAuthError(AUTH_TEXT.notSpectatorCompatible);
  }
  return kept;
}
