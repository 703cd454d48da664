// mentions:<email or id>: messages that personally @-mention that user (FL 446). Not
// in the stored zerver/lib/narrow.py, so this is built from the API documentation:
// upstream most likely tests the mentioned flag of *that user's* UserMessage row,
// which a narrow cannot see. NOTE: approximation: we read the rendered HTML instead:
// a `user-mention` span (not `silent`, which sets no flag) with that data-user-id.
// Group and wildcard mentions do not count: the operator names a person.
import type { OperatorFn } from '../predicate.ts';
import { lookUpUser } from './sender.ts';

/**
 * The opening tag of a visible personal mention, exactly as markdown writes it
 * (render/mentions.ts userMention; upstream's UserMentionPattern): a silent one adds the
 * `silent` class, a channel wildcard has data-user-id="*", a group mention is a
 * `user-group-mention` with data-user-group-id, a topic wildcard a `topic-mention`.
 */
const VISIBLE_MENTION = /<span class="user-mention" data-user-id="(\d+)">/g;

export function mentionedUserIds(renderedContent: string): Set<number> {
  return new Set(Array.from(renderedContent.matchAll(VISIBLE_MENTION), (match) => Number(match[1])));
}

export const byMentions: OperatorFn = (term, context) => {
  const userId = lookUpUser(term, context);
  return { predicate: (message) => mentionedUserIds(message.rendered_content).has(userId) };
};
