// mentions:<email or id>: messages that personally @-mention that user (FL 446). Not
// in the stored zerver/lib/narrow.py, so this is built from the API documentation:
// upstream most likely tests the mentioned flag of *that user's* UserMessage row,
// which a narrow cannot see. NOTE: approximation: we read the rendered HTML instead:
// a `user-mention` span (not `silent`, which sets no flag) with that data-user-id.
// Group and wildcard mentions do not count: the operator names a person.
import type { OperatorFn } from '../predicate.ts';
import { lookUpUser } from './sender.ts';

/** The opening tags of personal, non-silent user mentions (markdown's UserMentionPattern output). */
const MENTION_SPAN = /<span\b[^>]*>/g;

export function mentionedUserIds(renderedContent: string): Set<number> {
  const ids = new Set<number>();
  for (const [tag] of renderedContent.matchAll(MENTION_SPAN)) {
    const classes = /\bclass="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
    if (!classes.includes('user-mention') || classes.includes('silent')) continue;
    const id = /\bdata-user-id="(\d+)"/.exec(tag)?.[1];
    if (id !== undefined) ids.add(Number(id));
  }
  return ids;
}

export const byMentions: OperatorFn = (term, context) => {
  const userId = lookUpUser(term, context);
  return { predicate: (message) => mentionedUserIds(message.rendered_content).has(userId) };
};
