// What the real server does to a narrow before building a query:
// zerver/lib/narrow.py update_narrow_terms_containing_empty_topic_fallback_name and
// update_narrow_terms_containing_with_operator (together clean_narrow_for_message_fetch;
// matches_narrow runs only the first). Both read operator names as sent.
import { NARROW_TEXT } from './error-text.ts';
import type { ParsedTerm } from './parse-narrow-param.ts';
import { NarrowError, type Message, type NarrowEnv } from './types.ts';

/** Message.EMPTY_TOPIC_FALLBACK_NAME. */
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';

/**
 * The first `topic` term naming "general chat" (exactly; maybe_rename_general_chat_to_empty_topic)
 * means the empty topic. Later topic terms are left alone, and "(no topic)" is not
 * renamed here: upstream renames it only when sending (Addressee.for_stream).
 */
export function renameEmptyTopicFallback(terms: ParsedTerm[]): ParsedTerm[] {
  const first = terms.findIndex((term) => term.operator === 'topic');
  if (first === -1 || terms[first]?.operand !== EMPTY_TOPIC_FALLBACK_NAME) return terms;
  return terms.map((term, i) => (i === first ? { ...term, operand: '' } : term));
}

/**
 * Python's int() of a `with` operand (a string or an integer: parse-narrow-param.ts's
 * OPERAND_RULES): surrounding whitespace, a sign, digits with single underscores.
 */
function pythonInt(operand: string | number): number | undefined {
  if (typeof operand === 'number') return operand;
  const text = operand.trim();
  return /^[+-]?\d+(?:_\d+)*$/.test(text) ? Number(text.replaceAll('_', '')) : undefined;
}

/**
 * can_narrow_define_conversation. Sent names: upstream lists 'dm' and 'pm-with' but
 * not 'pm_with', so a pm_with term does not define a conversation (mirrored).
 */
function definesConversation(terms: ParsedTerm[]): boolean {
  let channel = false;
  let topic = false;
  for (const term of terms) {
    if (term.operator === 'dm' || term.operator === 'pm-with') return true;
    if (term.operator === 'stream' || term.operator === 'channel') channel = true;
    else if (term.operator === 'topic') topic = true;
    if (channel && topic) return true;
  }
  return false;
}

/** Terms the target message's conversation replaces (sent names; a pm_with term survives). */
const REPLACED_BY_WITH = new Set(['stream', 'channel', 'topic', 'dm', 'pm-with']);

/** The conversation terms of an accessible message, as upstream builds them. */
function conversationTerms(message: Message): ParsedTerm[] {
  if (message.type === 'stream') {
    // A channel message always has its channel's id.
    return [
      { operator: 'channel', operand: message.stream_id as number, negated: false },
      { operator: 'topic', operand: message.topic, negated: false },
    ];
  }
  if (message.dm_user_ids.length <= 2) {
    // A 1:1 or self DM: `dm:[recipient.type_id]`, the user whose personal recipient
    // the message was sent to. For a DM the viewer *received*, that is the viewer,
    // and dm:[viewer] is the viewer's self-DM conversation, not the one the message
    // is in. NOTE: this mirrors the stored upstream code as read; it looks like an
    // upstream quirk, kept so that clients see what the real server answers.
    const recipient = message.dm_user_ids.find((id) => id !== message.sender_id) ?? message.sender_id;
    return [{ operator: 'dm', operand: [recipient], negated: false }];
  }
  return [{ operator: 'dm', operand: [...message.dm_user_ids], negated: false }];
}

/**
 * Replace a `with` term by the conversation of its message. The term is dropped in
 * every case (its `negated` is ignored, as upstream). An inaccessible message keeps
 * the rest of the narrow if it already names a conversation, else it is an error.
 */
export function expandWithOperator(terms: ParsedTerm[], env: NarrowEnv): ParsedTerm[] {
  const withTerms = terms.filter((term) => term.operator === 'with');
  if (withTerms.length > 1) throw new NarrowError(NARROW_TEXT.duplicateWith, 'combination');
  const withTerm = withTerms[0];
  if (withTerm === undefined) return terms;
  const rest = terms.filter((term) => term !== withTerm);
  const messageId = pythonInt(withTerm.operand as string | number);
  if (messageId === undefined) throw new NarrowError(NARROW_TEXT.invalidWith);
  const message = Number.isSafeInteger(messageId) ? env.accessibleMessage(messageId) : undefined;
  if (message === undefined) {
    if (definesConversation(rest)) return rest;
    throw new NarrowError(NARROW_TEXT.invalidWith);
  }
  return [...conversationTerms(message), ...rest.filter((term) => !REPLACED_BY_WITH.has(term.operator))];
}
