// zerver/lib/narrow.py NarrowBuilder.check_not_both_channel_and_dm_narrow: a narrow
// that demands both a channel message and a direct message is an error, not an empty
// result. Negated terms do not count (late-2024 code), except that a negated is:dm
// counts as a channel narrow. The check runs as each term is added, before the
// term's own validation, so [dm:x, channel:nonexistent] reports the conflict.
import { NARROW_TEXT } from './error-text.ts';
import { NarrowError, type Term } from './types.ts';

type Kind = 'channel' | 'dm';

const CHANNEL_OPERATORS = new Set(['channel', 'channels', 'topic']);
const DM_OPERATORS = new Set(['dm', 'dm-including', 'group-pm-with']);

/** What a term (canonical names) claims about the conversation type, if anything. */
export function conversationKind(term: Term): Kind | undefined {
  if (term.operator === 'is' && term.operand === 'dm') return term.negated ? 'channel' : 'dm';
  if (term.negated) return undefined;
  if (CHANNEL_OPERATORS.has(term.operator)) return 'channel';
  if (DM_OPERATORS.has(term.operator)) return 'dm';
  return undefined;
}

/** Accumulates the kinds seen so far; throws on the term that completes a conflict. */
export class ConversationConflictCheck {
  private readonly seen = new Set<Kind>();

  add(term: Term): void {
    const kind = conversationKind(term);
    if (kind === undefined) return;
    this.seen.add(kind);
    if (this.seen.size === 2) throw new NarrowError(NARROW_TEXT.channelAndDm);
  }
}
