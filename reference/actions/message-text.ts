// Message content and topic normalization (zulip/zulip zerver/lib/message.py
// normalize_body, truncate_topic; zerver/lib/topic.py; zerver/lib/string_validation.py
// check_stream_topic). As the API documentation says (zulip.com/api/send-message,
// topic): '(no topic)' and the realm's empty-topic display name both mean the empty topic.
import { atLeast } from '../domain/feature-levels.ts';
import { BadRequest } from '../errors.ts';
import type { Store } from '../state/store.ts';
import { codePointsUpTo, firstCodePoints } from './code-points.ts';

import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../domain/limits.ts';

export { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH };
const TRUNCATED = '\n[message truncated]';

/** rstrip, strip leading newlines, refuse empty or NUL, truncate at 10000 code points. */
export function normalizeContent(raw: string): string {
  const body = raw.trimEnd().replace(/^\n+/, '');
  if (body === '') throw new BadRequest('Message must not be empty');
  if (body.includes('\u0000')) throw new BadRequest('Message must not contain null bytes');
  if (codePointsUpTo(body, MAX_MESSAGE_LENGTH + 1) <= MAX_MESSAGE_LENGTH) return body;
  return firstCodePoints(body, MAX_MESSAGE_LENGTH - TRUNCATED.length) + TRUNCATED;
}

/** Control characters, surrogates and non-characters are not allowed in topics. */
const DISALLOWED = /[\p{Cc}\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/**
 * Strip, refuse bad characters, map the empty-topic aliases to "", truncate to 60. By
 * feature level (domain/feature-levels.ts): an empty topic is refused before 334, which
 * made the display name an alias; '(no topic)' is one from 370.
 */
export function normalizeTopic(store: Store, raw: string): string {
  const topic = raw.trim();
  if (topic === '' && !atLeast(store, 'empty_topic')) throw new BadRequest("Topic can't be empty!");
  const bad = DISALLOWED.exec(topic)?.index;
  if (bad !== undefined) throw new BadRequest(`Invalid character in topic, at position ${codePointsUpTo(topic.slice(0, bad), bad) + 1}!`);
  if (topic === '(no topic)' && atLeast(store, 'no_topic_alias')) return '';
  if (topic === store.realm.empty_topic_display_name && atLeast(store, 'empty_topic')) return '';
  return codePointsUpTo(topic, MAX_TOPIC_LENGTH + 1) > MAX_TOPIC_LENGTH ? firstCodePoints(topic, MAX_TOPIC_LENGTH - 3) + '...' : topic;
}
