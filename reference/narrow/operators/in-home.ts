// in:home / in:all (zerver/lib/narrow.py NarrowBuilder.by_in) and the muting rule they
// share with is:muted and the first-unread anchor (zerver/lib/user_topics.py
// exclude_stream_and_topic_mutes, newest form: one condition that is always present).
import { NARROW_TEXT, pythonStr } from '../error-text.ts';
import type { OperatorFn } from '../predicate.ts';
import { NarrowError, TOPIC_POLICY, type Message, type NarrowEnv } from '../types.ts';

/**
 * Is the message hidden by the viewer's muting? A muted topic hides its messages;
 * a muted channel hides its messages except in unmuted or followed topics. Channel
 * muting is skipped when `streamId` (the narrow's channel) is given, and then only
 * that channel's muted topics count. DMs are never muted here.
 */
export function hiddenByMuting(message: Message, env: NarrowEnv, streamId: number | null): boolean {
  if (message.type !== 'stream' || message.stream_id === null) return false;
  const policy = env.topicPolicy(message.stream_id, message.topic);
  if (policy === TOPIC_POLICY.muted && (streamId === null || message.stream_id === streamId)) return true;
  if (streamId !== null || !env.isChannelMuted(message.stream_id)) return false;
  return policy !== TOPIC_POLICY.unmuted && policy !== TOPIC_POLICY.followed;
}

/**
 * in:home is the home view: everything not hidden by muting. by_in passes a narrow of
 * just [in:home] to exclude_muting_conditions, so channel muting applies even when
 * the rest of the narrow names a channel. in:all filters nothing, negated or not.
 */
export const byIn: OperatorFn = (term, { env }) => {
  const operand = pythonStr(term.operand);
  if (operand === 'all') return { predicate: null };
  if (operand !== 'home') throw new NarrowError(NARROW_TEXT.unknownIn(operand));
  return { predicate: (message) => !hiddenByMuting(message, env, null) };
};
