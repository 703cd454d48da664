// zerver/lib/narrow.py ok_to_include_history: may this narrow search messages the
// viewer never received (all of zerver_message), or only the viewer's own
// UserMessage rows? It only chooses the candidate set; access is still the caller's.
import { singleOperand } from './predicate.ts';
import type { NarrowEnv, Term } from './types.ts';

export function okToIncludeHistory(terms: readonly Term[], env: NarrowEnv): boolean {
  let include = false;
  for (const term of terms) {
    if (term.negated) continue;
    if (term.operator === 'channel') {
      // Each non-negated channel term overwrites the answer: the last one wins, as upstream.
      // An unknown channel simply gives false here; the builder reports it.
      const channel = env.channel(singleOperand(term));
      include = channel !== undefined && env.canAccessChannelHistory(channel);
    } else if (term.operator === 'channels' && term.operand === 'public' && !env.viewer.is_guest) {
      // user_profile.can_access_public_streams(): everyone but guests.
      include = true;
    }
  }
  // Flag-based `is:` terms need the viewer's rows; is:resolved is about the topic only.
  // Negated or not, any other `is:` term turns history off.
  if (terms.some((term) => term.operator === 'is' && term.operand !== 'resolved')) include = false;
  return include;
}
