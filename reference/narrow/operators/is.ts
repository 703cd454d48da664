// is:<state> (zerver/lib/narrow.py NarrowBuilder.by_is). The flag tests read the
// viewer's UserMessage flags, so ok_to_include_history keeps these narrows on the
// viewer's own rows (include-history.ts); is:resolved is about the topic only.
import { NARROW_TEXT, pythonStr } from '../error-text.ts';
import type { OperatorFn, OperatorResult, Predicate, OperatorContext } from '../predicate.ts';
import { FLAG, NarrowError, TOPIC_POLICY } from '../types.ts';
import { hiddenByMuting } from './in-home.ts';

/** RESOLVED_TOPIC_PREFIX (zerver/lib/topic.py). */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

const hasFlag =
  (mask: number): Predicate =>
  (_message, flags) =>
    (flags & mask) !== 0;

/**
 * Upstream's mention mask also has group_mentioned, which the API reports as
 * `mentioned`; our store keeps group mentions in the mentioned bit.
 */
const MENTION_MASK = FLAG.mentioned | FLAG.stream_wildcard_mentioned | FLAG.topic_wildcard_mentioned;

const IS_OPERANDS: Readonly<Record<string, (context: OperatorContext) => OperatorResult>> = {
  // is:private arrives here as is:dm (aliases.ts). Upstream tests the is_private flag.
  dm: () => ({ predicate: (message) => message.type === 'private', hint: { kind: 'viewer' } }),
  starred: () => ({ predicate: hasFlag(FLAG.starred), hint: { kind: 'viewer' } }),
  unread: () => ({ predicate: (_message, flags) => (flags & FLAG.read) === 0, hint: { kind: 'unread' } }),
  mentioned: () => ({ predicate: hasFlag(MENTION_MASK), hint: { kind: 'viewer' } }),
  alerted: () => ({ predicate: hasFlag(FLAG.has_alert_word), hint: { kind: 'viewer' } }),
  // get_resolved_topic_condition_sa: the topic starts with "✔ " (DMs have topic "").
  resolved: () => ({ predicate: (message) => message.topic.startsWith(RESOLVED_TOPIC_PREFIX) }),
  // get_followed_topic_condition_sa: a UserTopic row with visibility_policy FOLLOWED.
  followed: ({ env }) => ({
    predicate: (message) =>
      message.type === 'stream' && message.stream_id !== null && env.topicPolicy(message.stream_id, message.topic) === TOPIC_POLICY.followed,
  }),
  // by_is "muted" (FL 366): the negation of exclude_muting_conditions for a narrow of just
  // [is:muted], so channel muting counts whatever else the narrow names; DMs are never muted.
  muted: ({ env }) => ({ predicate: (message) => hiddenByMuting(message, env, null) }),
};

export const byIs: OperatorFn = (term, context) => {
  const operand = pythonStr(term.operand);
  const build = Object.hasOwn(IS_OPERANDS, operand) ? IS_OPERANDS[operand] : undefined;
  if (build === undefined) throw new NarrowError(NARROW_TEXT.unknownIs(operand));
  return build(context);
};
