// The Source of a narrow: the narrowest index that holds every match. Since a narrow
// is an AND, any one non-negated term's hint is a correct superset of the matches;
// two hints of one kind that disagree mean no message can match. Negated terms never
// narrow the source (their complement is not an index).
import type { SourceHint } from './predicate.ts';
import { foldTopic } from './operators/topic.ts';
import type { Source } from './types.ts';

/** Narrowest first: the first kind present wins. */
const PREFERENCE: readonly Source['kind'][] = ['none', 'ids', 'topic', 'dm', 'unread', 'channel', 'sender', 'viewer', 'all'];

type Candidate = Exclude<Source, { kind: 'all' }>;

export function sourceOf(hints: readonly SourceHint[]): Source {
  const candidates: Candidate[] = [];
  const topics = new Set<string>();
  let topicName: string | undefined;
  const keep = (candidate: Candidate, same: (a: Candidate) => boolean) => {
    const other = candidates.find((c) => c.kind === candidate.kind);
    if (other === undefined) candidates.push(candidate);
    else if (!same(other)) candidates.push({ kind: 'none' });
  };
  for (const hint of hints) {
    switch (hint.kind) {
      case 'topic-name':
        topics.add(foldTopic(hint.topic));
        topicName ??= hint.topic;
        break;
      case 'channel':
        keep(hint, (c) => c.kind === 'channel' && c.stream_id === hint.stream_id);
        break;
      case 'sender':
        keep(hint, (c) => c.kind === 'sender' && c.user_id === hint.user_id);
        break;
      case 'dm':
        keep(hint, (c) => c.kind === 'dm' && c.user_ids.join(',') === hint.user_ids.join(','));
        break;
      case 'ids':
        keep(hint, (c) => c.kind === 'ids' && c.ids.join(',') === hint.ids.join(','));
        break;
      case 'viewer':
      case 'unread':
      case 'none':
        keep(hint, () => true);
        break;
    }
  }
  if (topics.size > 1) candidates.push({ kind: 'none' });
  const channel = candidates.find((c) => c.kind === 'channel');
  if (channel !== undefined && topicName !== undefined) {
    candidates.push({ kind: 'topic', stream_id: channel.stream_id, topic: topicName });
  }
  for (const kind of PREFERENCE) {
    const found = candidates.find((c) => c.kind === kind);
    if (found !== undefined) return found;
  }
  return { kind: 'all' };
}
