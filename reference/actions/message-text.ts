// Message content and topic normalization (zulip/zulip zerver/lib/message.py
// normalize_body, truncate_topic; zerver/lib/topic.py; zerver/lib/string_validation.py
// check_stream_topic). As the API documentation says (zulip.com/api/send-message,
// topic): '(no topic)' and the realm's empty-topic display name both mean the empty topic.
import { BadRequest } from '../errors.ts';
import type { Store } from '../state/store.ts';

import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../domain/limits.ts';

export { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH };
const TRUNCATED = '\n[message truncated]';

/** rstrip, strip leading newlines, refuse empty or NUL, truncate at 10000 code points. */
export function normalizeContent(raw: string): string {
  const body = raw.trimEnd().replace(/^\n+/, '');
  if (body === '') throw new BadRequest('Message must not be empty');
  if (body.includes('\u0000')) throw new BadRequest('Message must not contain null bytes');
  const points = [...body];
  if (points.length <= MAX_MESSAGE_LENGTH) return body;
  return points.slice(0, MAX_MESSAGE_LENGTH - TRUNCATED.length).join('') + TRUNCATED;
}

/** Control characters, surrogates and non-characters are not allowed in topics. */
const DISALLOWED = /[\p{Cc}\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/** Strip, refuse bad characters, map the empty-topic aliases to "", truncate to 60. */
export function normalizeTopic(store: Store, raw: string): string {
  const topic = raw.trim();
  const points = [...topic];
  const bad = points.findIndex((c) => DISALLOWED.test(c));
  if (bad !== -1) throw new BadRequest(`Invalid character in topic, at position ${bad + 1}!`);
  if (topic === '(no topic)' || topic === store.realm.empty_topic_display_name) return '';
  return points.length > MAX_TOPIC_LENGTH ? points.slice(0, MAX_TOPIC_LENGTH - 3).join('') + '...' : topic;
}
