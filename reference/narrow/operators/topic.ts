// topic:<name> (zerver/lib/narrow.py NarrowBuilder.by_topic; topic_match_sa compares
// upper(subject) = upper(operand)). The "general chat" rename happened earlier
// (clean-narrow.ts). Direct messages have the topic "" and so match topic:"" — as
// upstream, whose condition is on the subject column alone; a narrow with a dm term
// and a topic term is a conflict error anyway.
import type { OperatorFn } from '../predicate.ts';

/**
 * Case-insensitive topic comparison, shared with the Source hint.
 * NOTE: approximation: JavaScript's toLowerCase, not PostgreSQL's upper(); they differ
 * for a few characters (ß, dotted İ).
 */
export const foldTopic = (topic: string): string => topic.toLowerCase();

export const byTopic: OperatorFn = (term) => {
  const wanted = foldTopic(String(term.operand));
  return {
    predicate: (message) => foldTopic(message.topic) === wanted,
    hint: { kind: 'topic-name', topic: String(term.operand) },
  };
};
